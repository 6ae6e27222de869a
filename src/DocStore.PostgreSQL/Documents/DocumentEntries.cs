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

    public static byte[][] Of<T, TKey>(CollectionTable<T, TKey> table, int index, T document, string key, byte[] primaryKey)
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

        // A fresh array of the distinct keys, each replaced by its tree key in place.
        var entries = table.Entries.Checked(index, sink.Keys, primaryKey.Length);
        sink.Clear();
        for (var i = 0; i < entries.Length; i++)
        {
            entries[i] = table.Entries.TreeKey(index, entries[i], primaryKey);
        }

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
