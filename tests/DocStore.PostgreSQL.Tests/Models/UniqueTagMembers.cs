using DocStore.Metadata;

namespace DocStore.PostgreSQL.Tests.Models;

/// <summary>
/// Members in a collection of their own whose <c>Tags</c> index is unique: a model the generator refuses
/// (DOCS008) but a hand-written <see cref="ICollectionModel{T, TKey}"/> may declare, and both backends accept.
/// </summary>
public sealed class UniqueTagMembers(DocStoreContext context) : DocumentCollection<Member, int>(context, UniqueTagsModel.Instance)
{
    /// <summary>The keys of the members holding <paramref name="tag"/>, through the index.</summary>
    public IReadOnlyList<int> IdsWithTag(string tag)
    {
        var key = QueryKey();
        key.Append(tag);
        return [.. FindEqual(UniqueTagsModel.TagsIndex, key.ToArray()).Select(m => m.Id)];
    }
}

/// <summary>The generated <see cref="Member"/> model under another collection name, with its <c>Tags</c> index declared unique.</summary>
internal sealed class UniqueTagsModel : DerivedMemberModel
{
    public static readonly UniqueTagsModel Instance = new();

    private UniqueTagsModel()
        : base("UniqueTagMembers", [.. Enumerable.Range(0, Generated.Indexes.Count)], i => i.Multikey ? i with { Unique = true } : i)
    {
    }

    public static int TagsIndex => Generated.Indexes.ToList().FindIndex(i => i.Multikey);
}
