using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Collections;

/// <summary>A document's row: its key column, encoded key, JSON and the keys of every index (key column or entries), all checked before anything is written.</summary>
internal static class DocumentRows
{
    public static DocumentRow Of<T, TKey>(CollectionTable<T, TKey> table, T document, TKey key)
        where TKey : notnull => Of(table, document, key, key.ToString() ?? string.Empty);

    /// <summary>As <see cref="Of{T, TKey}(CollectionTable{T, TKey}, T, TKey)"/>, given the key's text.</summary>
    public static DocumentRow Of<T, TKey>(CollectionTable<T, TKey> table, T document, TKey key, string text)
        where TKey : notnull => Build(table, document, key, text, withKeys: true);

    /// <summary>
    /// The row of a document to insert with its key known: as <see cref="Of{T, TKey}(CollectionTable{T, TKey}, T, TKey, string)"/>,
    /// but each index's keys without the encoded key, which the insert statement appends where the index needs it
    /// (<see cref="PostgresStatements{T, TKey}.AddInsert"/>): no second array per entry.
    /// </summary>
    public static DocumentRow ForInsert<T, TKey>(CollectionTable<T, TKey> table, T document, TKey key, string text)
        where TKey : notnull => Build(table, document, key, text, withKeys: false);

    // withKeys: whole entries (index key, then the encoded key where the index needs it), or the index keys alone.
    private static DocumentRow Build<T, TKey>(CollectionTable<T, TKey> table, T document, TKey key, string text, bool withKeys)
        where TKey : notnull
    {
        var primaryKey = DocumentEntries.PrimaryKey(table, key);
        var json = table.Documents.ToJson(document, text);
        var entries = new byte[table.IndexTables.Length][][];
        for (var i = 0; i < entries.Length; i++)
        {
            entries[i] = withKeys
                ? DocumentEntries.Of(table, i, document, text, primaryKey)
                : DocumentEntries.IndexKeys(table, i, document, text, primaryKey.Length);
        }

        return new DocumentRow(table.Key.Value(key, primaryKey), primaryKey, json, entries, text);
    }

    /// <summary>
    /// The row of a document whose <c>int</c>/<c>long</c> key the server generates as it inserts: its JSON with the
    /// default key, and index keys without the encoded key (the insert sets the key in both).
    /// </summary>
    public static DocumentRow WithoutKey<T, TKey>(CollectionTable<T, TKey> table, T document)
        where TKey : notnull
    {
        var json = table.Documents.ToJson(document, string.Empty);
        var entries = new byte[table.IndexTables.Length][][];
        for (var i = 0; i < entries.Length; i++)
        {
            entries[i] = DocumentEntries.WithoutKey(table, i, document);
        }

        return new DocumentRow(0L, [], json, entries, string.Empty);
    }
}
