using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Support;

/// <summary>
/// A generated model seen with only some of its indexes declared (by position in the generated list):
/// the same type as it looks before an index declaration is added or after one is removed. Given its own
/// definitions, it declares those instead (each keyed by the generated index at the same place in
/// <c>positions</c>): the type as it looked when an index of the same name was unique or not, or over
/// another path.
/// </summary>
internal sealed class IndexSubsetModel<T, TKey>(ICollectionModel<T, TKey> inner, IReadOnlyList<IndexDefinition> declared, int[] positions) : ICollectionModel<T, TKey>
    where TKey : notnull
{
    public IndexSubsetModel(ICollectionModel<T, TKey> inner, params int[] positions)
        : this(inner, [.. positions.Select(p => inner.Indexes[p])], positions)
    {
    }

    public string CollectionName => inner.CollectionName;

    public IReadOnlyList<IndexDefinition> Indexes => declared;

    public string KeyField => inner.KeyField;

    public KeyGeneration KeyGeneration => inner.KeyGeneration;

    public IReadOnlyList<string> FieldPaths => inner.FieldPaths;

    public bool TryReadField(ReadOnlySpan<byte> document, IFieldDictionary fields, string path, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? value) =>
        inner.TryReadField(document, fields, path, out value);

    public void AppendIndexKeys(int index, T document, IndexKeySink keys) => inner.AppendIndexKeys(positions[index], document, keys);

    public void AppendIndexKeys(int index, ReadOnlySpan<byte> document, IFieldDictionary fields, IndexKeySink keys) =>
        inner.AppendIndexKeys(positions[index], document, fields, keys);

    public void AppendKey(IndexKeyBuilder builder, TKey key) => inner.AppendKey(builder, key);

    public TKey GetKey(T document) => inner.GetKey(document);

    public long GetSequence(TKey key) => inner.GetSequence(key);

    public bool IsDefaultKey(TKey key) => inner.IsDefaultKey(key);

    public TKey NewKey(long sequence) => inner.NewKey(sequence);

    public T Read(ReadOnlySpan<byte> document, IFieldDictionary fields) => inner.Read(document, fields);

    public void SetKey(ref T document, TKey key) => inner.SetKey(ref document, key);

    public void Write(ref CBsonWriter writer, T document, IFieldDictionary fields) => inner.Write(ref writer, document, fields);
}

// Deliberately not partial: this context must not get the generated collections, only hand-picked ones.
#pragma warning disable DOCS016

/// <summary>A context with no generated collections, for opening collections over hand-picked models (with <see cref="TempDatabase.Options"/> unless given others).</summary>
internal sealed class BareDb(string path, DocStoreOptions? options = null) : DocStoreContext(path, options ?? TempDatabase.Options)
{
}
#pragma warning restore DOCS016

/// <summary>A collection over any model, exposing the index queries by position.</summary>
internal sealed class RawCollection<T, TKey>(DocStoreContext context, ICollectionModel<T, TKey> model) : DocumentCollection<T, TKey>(context, model)
    where TKey : notnull
{
    public IEnumerable<T> Equal(int index, Action<IndexKeyBuilder> key)
    {
        var builder = new IndexKeyBuilder();
        key(builder);
        return FindEqual(index, builder.ToArray());
    }
}
