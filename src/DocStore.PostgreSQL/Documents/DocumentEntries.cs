using DocStore.Metadata;
using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A document's entries in each index's entry table: the embedded engine's tree keys (the index key, then
/// the encoded primary key unless the index is unique), so entry order, ranges and continuation tokens are
/// byte for byte the engine's.
/// </summary>
internal static class DocumentEntries
{
    // Reused on the thread from one document to the next: only the keys themselves are new arrays.
    [ThreadStatic]
    private static IndexKeySink? t_sink;

    [ThreadStatic]
    private static IndexKeyBuilder? t_key;

    /// <summary>
    /// The longest encoded key a generated <c>int</c>/<c>long</c> key can have (tag, length header, eight
    /// bytes): what an entry whose key the server appends (<see cref="WithoutKey"/>) is checked against.
    /// </summary>
    public const int MaxGeneratedKeyLength = 10;

    public static byte[][] Of<T, TKey>(CollectionTable<T, TKey> table, int index, T document, string key, byte[] primaryKey)
        where TKey : notnull
    {
        var entries = IndexKeys(table, index, document, key, primaryKey.Length);
        for (var i = 0; i < entries.Length; i++)
        {
            entries[i] = table.Entries.TreeKey(index, entries[i], primaryKey);
        }

        return entries;
    }

    /// <summary>
    /// The entries of a document whose generated key the server hands out: the index keys alone, to which the
    /// insert appends the encoded key (unless the index is unique), checked as if that key were the longest.
    /// </summary>
    /// <exception cref="IndexKeyTooLongException">An entry could be too long; the caller then writes with the key known.</exception>
    public static byte[][] WithoutKey<T, TKey>(CollectionTable<T, TKey> table, int index, T document)
        where TKey : notnull => IndexKeys(table, index, document, string.Empty, MaxGeneratedKeyLength);

    /// <summary>
    /// The document's distinct keys in index <paramref name="index"/> without the encoded primary key, checked as
    /// entries carrying one of <paramref name="primaryKeyLength"/> bytes: for a statement that appends the key itself.
    /// </summary>
    public static byte[][] IndexKeys<T, TKey>(CollectionTable<T, TKey> table, int index, T document, string key, int primaryKeyLength)
        where TKey : notnull
    {
        var sink = t_sink ??= new IndexKeySink();
        sink.Clear();
        try
        {
            table.Model.AppendIndexKeys(index, document, sink);
        }
        catch (DocumentSchemaException e) when (e.Collection is null)
        {
            throw e.InCollection(table.Collection, key);
        }

        // A fresh array of the distinct keys (the caller may replace each by its tree key in place).
        var entries = table.Entries.Checked(index, sink.Keys, primaryKeyLength);
        sink.Clear();
        return entries;
    }

    /// <summary>The encoded primary key, checked against the engine's key limit.</summary>
    /// <exception cref="KeyTooLongException">The key is over the limit.</exception>
    public static byte[] PrimaryKey<T, TKey>(CollectionTable<T, TKey> table, TKey key)
        where TKey : notnull
    {
        if (key is null)
        {
            throw new ArgumentNullException(nameof(key), $"A key of collection '{table.Collection}' must not be null.");
        }

        var builder = t_key ??= new IndexKeyBuilder();
        builder.Clear();
        table.Model.AppendKey(builder, key);
        var encoded = builder.ToArray();
        if (encoded.Length > table.MaxKeyLength)
        {
            throw new KeyTooLongException(table.Collection, encoded.Length, table.MaxKeyLength);
        }

        return encoded;
    }
}
