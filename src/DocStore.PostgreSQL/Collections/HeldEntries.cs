using DocStore.Indexing;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// Which value of a unique index a failed write wanted that another document holds, for the exception's
/// message: a key column's is the refused document's own value; an entry table's unique violation names only
/// its table, so a multikey index's is the first value two written documents share, or else the first a
/// stored document holds. The write wrote nothing by then.
/// </summary>
internal static class HeldEntries
{
    /// <returns>The value as the embedded engine describes it, or null when the violation is not a unique index's or the holder cannot be seen.</returns>
    public static async ValueTask<string?> FindAsync<T, TKey>(PostgresCollection<T, TKey> collection, IReadOnlyList<DocumentRow> rows, PostgresException error, WriteCall call)
        where TKey : notnull
    {
        var table = collection.Table;
        if (Array.IndexOf(table.IndexTableNames, error.ConstraintName) is var column and >= 0 && table.IsColumn(column))
        {
            // A unique key column holds the index key alone: the value is the one the refused document (call.Key) has.
            var refused = rows.FirstOrDefault(r => r.KeyText == call.Key)?.Entries[column];
            return refused is [var value, ..] ? KeyText.Describe(value) : null;
        }

        var index = Array.IndexOf(table.IndexTableNames, error.TableName);
        if (index < 0 || table.IsColumn(index) || !table.Entries.IsUnique(index))
        {
            return null;
        }

        var entries = new List<byte[]>();
        var ids = new List<object>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var row in rows)
        {
            foreach (var entry in row.Entries[index])
            {
                if (!seen.Add(Convert.ToHexString(entry)))
                {
                    return KeyText.Describe(entry);
                }

                entries.Add(entry);
                ids.Add(row.Id);
            }
        }

        // The write's connection may be in an aborted transaction: ask on another.
        try
        {
            var connection = call.Async
                ? await collection.Backend.DataSource.OpenConnectionAsync(call.CancellationToken).ConfigureAwait(false)
                : collection.Backend.DataSource.OpenConnection();
            await using (connection.ConfigureAwait(false))
            {
                await using var command = new NpgsqlCommand(
                    $"SELECT w.entry FROM unnest($1::bytea[], $2::{table.Key.CastType}[]) WITH ORDINALITY AS w(entry, id, n) JOIN {table.IndexTables[index]} e ON e.entry = w.entry AND e.id <> w.id ORDER BY w.n LIMIT 1",
                    connection);
                command.Parameters.Add(WriteBatch.BytesArray([.. entries]));
                command.Parameters.Add(WriteBatch.Value(table.Key.Array(ids)));
                var held = call.Async ? await command.ExecuteScalarAsync(call.CancellationToken).ConfigureAwait(false) : command.ExecuteScalar();
                return held is byte[] value ? KeyText.Describe(value) : null;
            }
        }
        catch (Exception e) when (e is NpgsqlException or InvalidOperationException)
        {
            // Only the message loses the value; the violation is reported either way.
            return null;
        }
    }
}
