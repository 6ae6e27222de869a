using DocStore.PostgreSQL.Documents;
using Npgsql;

namespace DocStore.PostgreSQL.Schema;

/// <summary>Fills a new index entry table from the documents already stored (a unique index refuses duplicates as the insert does).</summary>
internal static class IndexBuild
{
    public static void Fill<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index)
        where TKey : notnull
    {
        var documents = new List<(object Id, byte[][] Entries)>();
        using (var select = new NpgsqlCommand($"SELECT doc::text FROM {table.Table}", connection))
        using (var reader = select.ExecuteReader())
        {
            while (reader.Read())
            {
                var document = table.Documents.Read(reader.GetFieldValue<byte[]>(0));
                var key = table.Model.GetKey(document);
                var primaryKey = DocumentEntries.PrimaryKey(table, key);
                documents.Add((table.Key.Value(key, primaryKey), DocumentEntries.Of(table, index, document, key.ToString() ?? string.Empty, primaryKey)));
            }
        }

        foreach (var (id, entries) in documents)
        {
            using var insert = new NpgsqlCommand($"INSERT INTO {table.IndexTables[index]} (entry, id) SELECT unnest(@entries), @id", connection);
            insert.Parameters.AddWithValue("entries", entries);
            insert.Parameters.AddWithValue("id", id);
            insert.ExecuteNonQuery();
        }
    }
}
