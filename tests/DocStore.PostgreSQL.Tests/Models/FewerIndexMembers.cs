namespace DocStore.PostgreSQL.Tests.Models;

/// <summary>
/// The generated <see cref="Member"/> collection as a model without its <c>Score</c> and <c>Tags</c> indexes
/// would open it: another version of the application, sharing the database.
/// </summary>
public sealed class FewerIndexMembers(DocStoreContext context) : DocumentCollection<Member, int>(context, FewerIndexesModel.Instance)
{
}

/// <summary>The generated <see cref="Member"/> model less two indexes.</summary>
internal sealed class FewerIndexesModel : DerivedMemberModel
{
    public static readonly FewerIndexesModel Instance = new();

    private FewerIndexesModel()
        : base(Generated.CollectionName, [.. Generated.Indexes.Select((d, n) => (d, n)).Where(p => p.d.Name is not ("Score" or "Tags")).Select(p => p.n)], d => d)
    {
    }
}
