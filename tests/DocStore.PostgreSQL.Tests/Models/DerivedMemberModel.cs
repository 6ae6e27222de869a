using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.PostgreSQL.Tests.Models;

/// <summary>
/// The generated <see cref="Member"/> model under another name or with other indexes: everything else is the
/// generated model's, each index position mapped to the generated index it stands for.
/// </summary>
internal abstract class DerivedMemberModel : ICollectionModel<Member, int>
{
    protected static readonly ICollectionModel<Member, int> Generated = MemberCollection.DocumentModel;

    private readonly int[] _positions;

    /// <param name="collectionName">The collection's name.</param>
    /// <param name="positions">The generated index each index stands for, in order.</param>
    /// <param name="declare">How each index is declared, from the generated one.</param>
    protected DerivedMemberModel(string collectionName, int[] positions, Func<IndexDefinition, IndexDefinition> declare)
    {
        CollectionName = collectionName;
        _positions = positions;
        Indexes = [.. positions.Select(n => declare(Generated.Indexes[n]))];
    }

    public string CollectionName { get; }

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
