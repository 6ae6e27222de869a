using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// Which document of a failed batch insert a unique violation belongs to, for the exception's message: the
/// first whose key (primary, or in the violated unique index) repeats an earlier document of the batch, or
/// else the first whose key a stored document holds. The batch wrote nothing by then.
/// </summary>
internal static class BatchDuplicates
{
    public static async ValueTask<string> FindAsync<T, TKey>(PostgresCollection<T, TKey> collection, DocumentRow[] rows, PostgresException error, WriteCall call)
        where TKey : notnull
    {
        var table = collection.Table;
        var (column, values) = Violated(table, rows, error);
        if (Repeated(rows, values) is { } repeated)
        {
            return repeated;
        }

        // Stored documents hold the key. The batch's connection may be in an aborted transaction: ask on another.
        try
        {
            var connection = call.Async
                ? await collection.Backend.DataSource.OpenConnectionAsync(call.CancellationToken).ConfigureAwait(false)
                : collection.Backend.DataSource.OpenConnection();
            await using (connection.ConfigureAwait(false))
            {
                await using var command = new NpgsqlCommand($"SELECT {column} FROM {table.Table} WHERE {column} = ANY($1)", connection);
                command.Parameters.Add(WriteBatch.BytesArray(values));
                var stored = new HashSet<string>(StringComparer.Ordinal);
                await using var reader = call.Async ? await command.ExecuteReaderAsync(call.CancellationToken).ConfigureAwait(false) : command.ExecuteReader();
                while (call.Async ? await reader.ReadAsync(call.CancellationToken).ConfigureAwait(false) : reader.Read())
                {
                    stored.Add(Convert.ToHexString((byte[])reader[0]));
                }

                var first = Array.FindIndex(values, v => v is not null && stored.Contains(Convert.ToHexString(v)));
                if (first >= 0)
                {
                    return rows[first].KeyText;
                }
            }
        }
        catch (Exception e) when (e is NpgsqlException or InvalidOperationException)
        {
            // Only the message loses its precision; the violation is reported either way.
        }

        // Held by a document this transaction wrote and has not committed, which another connection cannot see.
        return $"(one of the {rows.Length} documents of the batch)";
    }

    /// <summary>The key of the first row of a failed batch that repeats an earlier row's value in the violated index (or primary key), or null.</summary>
    public static string? InBatch<T, TKey>(CollectionTable<T, TKey> table, IReadOnlyList<DocumentRow> rows, PostgresException error)
        where TKey : notnull => Repeated(rows, Violated(table, rows, error).Values);

    // The violated column (a key column, or sort_key for the primary key or an entry table) and each row's value in it.
    private static (string Column, byte[]?[] Values) Violated<T, TKey>(CollectionTable<T, TKey> table, IReadOnlyList<DocumentRow> rows, PostgresException error)
        where TKey : notnull
    {
        var index = Array.IndexOf(table.IndexTableNames, error.ConstraintName);
        var column = index >= 0 && table.IsColumn(index) ? table.KeyColumns[index]! : "sort_key";
        return (column, [.. rows.Select(r => column == "sort_key" ? r.SortKey : r.Entries[index].FirstOrDefault())]);
    }

    private static string? Repeated(IReadOnlyList<DocumentRow> rows, byte[]?[] values)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var i = 0; i < rows.Count; i++)
        {
            if (values[i] is { } value && !seen.Add(Convert.ToHexString(value)))
            {
                return rows[i].KeyText;
            }
        }

        return null;
    }
}
