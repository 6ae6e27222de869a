using DocStore.PostgreSQL.Documents;
using Npgsql;

namespace DocStore.PostgreSQL.Schema;

/// <summary>Fills a new index key column or entry table from the documents already stored, in one statement (a unique index refuses duplicates when its B-tree index is created).</summary>
internal static class IndexBuild
{
    public static void Fill<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index)
        where TKey : notnull
    {
        var ids = new List<object>();
        var entries = new List<byte[]?>();
        using (var select = new NpgsqlCommand($"SELECT doc::text FROM {table.Table}", connection))
        using (var reader = select.ExecuteReader())
        {
            while (reader.Read())
            {
                var document = table.Documents.Read(reader.GetFieldValue<byte[]>(0));
                var key = table.Model.GetKey(document);
                var primaryKey = DocumentEntries.PrimaryKey(table, key);
                var id = table.Key.Value(key, primaryKey);
                var keys = DocumentEntries.Of(table, index, document, key.ToString() ?? string.Empty, primaryKey);
                if (table.IsColumn(index))
                {
                    ids.Add(id);
                    entries.Add(keys.Length > 0 ? keys[0] : null);
                    continue;
                }

                foreach (var entry in keys)
                {
                    ids.Add(id);
                    entries.Add(entry);
                }
            }
        }

        if (ids.Count == 0)
        {
            return;
        }

        var sql = table.IsColumn(index)
            ? $"UPDATE {table.Table} SET {table.KeyColumns[index]} = v.k FROM unnest($1::{table.Key.CastType}[], $2::bytea[]) AS v(id, k) WHERE {table.Table}.id = v.id"
            : $"INSERT INTO {table.IndexTables[index]} (entry, id) SELECT k, id FROM unnest($1::{table.Key.CastType}[], $2::bytea[]) AS v(id, k)";
        using var fill = new NpgsqlCommand(sql, connection);
        fill.Parameters.Add(new NpgsqlParameter { Value = table.Key.Array(ids) });
        fill.Parameters.Add(new NpgsqlParameter { Value = entries.ToArray() });
        fill.ExecuteNonQuery();
    }
}
