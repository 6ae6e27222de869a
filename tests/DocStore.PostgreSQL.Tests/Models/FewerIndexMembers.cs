using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.PostgreSQL.Tests.Models;

/// <summary>
/// The generated <see cref="Member"/> collection as a model without its <c>Score</c> and <c>Tags</c> indexes
/// would open it: another version of the application, sharing the database.
/// </summary>
public sealed class FewerIndexMembers(DocStoreContext context) : DocumentCollection<Member, int>(context, FewerIndexesModel.Instance)
{
}

/// <summary>The generated <see cref="Member"/> model less two indexes, positions mapped to the generated ones.</summary>
internal sealed class FewerIndexesModel : ICollectionModel<Member, int>
{
    // Before Instance: static fields start in order.
    private static readonly ICollectionModel<Member, int> Generated = MemberCollection.DocumentModel;

    public static readonly FewerIndexesModel Instance = new();

    private readonly int[] _positions;

    private FewerIndexesModel()
    {
        _positions = [.. Generated.Indexes.Select((d, n) => (d, n)).Where(p => p.d.Name is not ("Score" or "Tags")).Select(p => p.n)];
        Indexes = [.. _positions.Select(n => Generated.Indexes[n])];
    }

    public string CollectionName => Generated.CollectionName;

    public IReadOnlyList<IndexDefinition> Indexes { get; }

    public string KeyField => Generated.KeyField;

    public KeyGeneration KeyGeneration => Generated.KeyGeneration;

    public IReadOnlyList<string> FieldPaths => Generated.FieldPaths;

    public IReadOnlyList<StoredFieldType> FieldTypes => Generated.FieldTypes;

    public int GetKey(Member document) => Generated.GetKey(document);

    public void SetKey(ref Member document, int key) => Generated.SetKey(ref document, key);

    public bool IsDefaultKey(int key) => Generated.IsDefaultKey(key);

    public int NewKey(long sequence) => Generated.NewKey(sequence);

    public long GetSequence(int key) => Generated.GetSequence(key);

    public void AppendKey(IndexKeyBuilder builder, int key) => Generated.AppendKey(builder, key);

    public bool TryReadField(ReadOnlySpan<byte> document, IFieldDictionary fields, string path, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? value) =>
        Generated.TryReadField(document, fields, path, out value);

    public void AppendIndexKeys(int index, Member document, IndexKeySink keys) => Generated.AppendIndexKeys(_positions[index], document, keys);

    public void AppendIndexKeys(int index, ReadOnlySpan<byte> document, IFieldDictionary fields, IndexKeySink keys) => Generated.AppendIndexKeys(_positions[index], document, fields, keys);

    public void Write(ref CBsonWriter writer, Member document, IFieldDictionary fields) => Generated.Write(ref writer, document, fields);

    public Member Read(ReadOnlySpan<byte> document, IFieldDictionary fields) => Generated.Read(document, fields);
}
