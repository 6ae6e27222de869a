using DocStore.Bson;
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
internal sealed class UniqueTagsModel : ICollectionModel<Member, int>
{
    // Before Instance: static fields start in order.
    private static readonly ICollectionModel<Member, int> Generated = MemberCollection.DocumentModel;

    public static readonly UniqueTagsModel Instance = new();

    private UniqueTagsModel()
    {
        Indexes = [.. Generated.Indexes.Select(i => i.Multikey ? i with { Unique = true } : i)];
    }

    public static int TagsIndex => Generated.Indexes.ToList().FindIndex(i => i.Multikey);

    public string CollectionName => "UniqueTagMembers";

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

    public void AppendIndexKeys(int index, Member document, IndexKeySink keys) => Generated.AppendIndexKeys(index, document, keys);

    public void AppendIndexKeys(int index, ReadOnlySpan<byte> document, IFieldDictionary fields, IndexKeySink keys) => Generated.AppendIndexKeys(index, document, fields, keys);

    public void Write(ref CBsonWriter writer, Member document, IFieldDictionary fields) => Generated.Write(ref writer, document, fields);

    public Member Read(ReadOnlySpan<byte> document, IFieldDictionary fields) => Generated.Read(document, fields);
}
