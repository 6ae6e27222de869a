using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Collections;

/// <summary>A document's row: its key column, encoded key, JSON and the keys of every index (key column or entries), all checked before anything is written.</summary>
internal static class DocumentRows
{
    public static DocumentRow Of<T, TKey>(CollectionTable<T, TKey> table, T document, TKey key)
        where TKey : notnull
    {
        var text = key.ToString() ?? string.Empty;
        var primaryKey = DocumentEntries.PrimaryKey(table, key);
        var json = table.Documents.ToJson(document, text);
        var entries = new byte[table.IndexTables.Length][][];
        for (var i = 0; i < entries.Length; i++)
        {
            entries[i] = DocumentEntries.Of(table, i, document, text, primaryKey);
        }

        return new DocumentRow(table.Key.Value(key, primaryKey), primaryKey, json, entries, text);
    }
}
