using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>
/// Everything a collection needs to know about its document type, generated at compile time for each
/// <c>[Collection]</c> type (reached as <c>{Type}Collection.DocumentModel</c>): serializer, key handling and index keys.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface ICollectionModel<T, TKey> : IDocumentSerializer<T>
    where TKey : notnull
{
    /// <summary>The collection name (also the context property name).</summary>
    string CollectionName { get; }

    /// <summary>The declared indexes; their positions are the index numbers used below.</summary>
    IReadOnlyList<IndexDefinition> Indexes { get; }

    /// <summary>The stored name of the primary key field (the key member's stored name; <c>_id</c> by default for untyped collections).</summary>
    string KeyField { get; }

    /// <summary>How a default key is filled in on insert.</summary>
    KeyGeneration KeyGeneration { get; }

    /// <summary>The document's primary key.</summary>
    /// <param name="document">The document.</param>
    /// <returns>The key.</returns>
    TKey GetKey(T document);

    /// <summary>Stores a (generated) key into the document, also through a private or init setter.</summary>
    /// <param name="document">The document (by reference, for struct documents).</param>
    /// <param name="key">The key.</param>
    void SetKey(ref T document, TKey key);

    /// <summary>True for the key value that asks for generation (default ObjectId/Guid, 0, null or empty string).</summary>
    /// <param name="key">The key.</param>
    /// <returns>True when the key is the default.</returns>
    bool IsDefaultKey(TKey key);

    /// <summary>A new key: a new ObjectId or version-7 Guid, or <paramref name="sequence"/> for integer keys.</summary>
    /// <param name="sequence">The collection's next sequence number.</param>
    /// <returns>The key.</returns>
    /// <exception cref="InvalidOperationException">The key is a string, which the caller must set.</exception>
    TKey NewKey(long sequence);

    /// <summary>The sequence number an integer key stands for (0 for other key types).</summary>
    /// <param name="key">The key.</param>
    /// <returns>The number.</returns>
    long GetSequence(TKey key);

    /// <summary>Appends the key in the order-preserving key encoding.</summary>
    /// <param name="builder">The key being built.</param>
    /// <param name="key">The key.</param>
    void AppendKey(IndexKeyBuilder builder, TKey key);

    /// <summary>The stored field paths (stored names joined by dots, such as <c>Address.City</c>) that <see cref="TryReadField"/> reads.</summary>
    IReadOnlyList<string> FieldPaths { get; }

    /// <summary>
    /// The declared type of every stored path (the key's field among them), recorded in the catalog so that
    /// writes without the model (SQL, tools) can convert values to what the model reads. Empty when the model does not say.
    /// </summary>
    IReadOnlyList<StoredFieldType> FieldTypes => [];

    /// <summary>
    /// Reads one field out of stored bytes without reading the rest of the document (boxed; the generated
    /// model also has a typed <c>TryRead{Path}</c> method per path).
    /// </summary>
    /// <param name="document">The stored C-BSON bytes.</param>
    /// <param name="fields">The collection's field dictionary.</param>
    /// <param name="path">One of <see cref="FieldPaths"/>.</param>
    /// <param name="value">The value, or null.</param>
    /// <returns>False when the document lacks the field or it is null.</returns>
    /// <exception cref="ArgumentException"><paramref name="path"/> is not a stored path of the type.</exception>
    bool TryReadField(ReadOnlySpan<byte> document, IFieldDictionary fields, string path, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? value);

    /// <summary>Adds the keys that <paramref name="document"/> has in index <paramref name="index"/>.</summary>
    /// <param name="index">The index position in <see cref="Indexes"/>.</param>
    /// <param name="document">The document.</param>
    /// <param name="keys">Receives one key, or one per element for a multikey index.</param>
    void AppendIndexKeys(int index, T document, IndexKeySink keys);

    /// <summary>Adds the keys that a stored document has in index <paramref name="index"/>, reading only the indexed fields.</summary>
    /// <param name="index">The index position in <see cref="Indexes"/>.</param>
    /// <param name="document">The stored C-BSON bytes.</param>
    /// <param name="fields">The collection's field dictionary.</param>
    /// <param name="keys">Receives one key, or one per element for a multikey index.</param>
    void AppendIndexKeys(int index, ReadOnlySpan<byte> document, IFieldDictionary fields, IndexKeySink keys);
}
