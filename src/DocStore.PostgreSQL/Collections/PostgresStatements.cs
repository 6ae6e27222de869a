using DocStore.Metadata;
using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>The SQL statements of the writes, over one collection's tables.</summary>
internal sealed class PostgresStatements<T, TKey>(CollectionTable<T, TKey> table)
    where TKey : notnull
{
    private readonly string _insert = $"INSERT INTO {table.Table} (id, sort_key, doc) VALUES (@id, @sort_key, @doc::jsonb)";
    private readonly string _update = $"UPDATE {table.Table} SET doc = @doc::jsonb WHERE id = @id";
    private readonly string _delete = $"DELETE FROM {table.Table} WHERE id = @id";
    private readonly string[] _insertEntries = [.. table.IndexTables.Select(t => $"INSERT INTO {t} (entry, id) SELECT unnest(@entries), @id")];
    private readonly string[] _deleteEntries = [.. table.IndexTables.Select(t => $"DELETE FROM {t} WHERE id = @id")];

    public async ValueTask InsertAsync(WriteCall call, DocumentRow row)
    {
        await ExecuteAsync(call, _insert, ("id", row.Id), ("sort_key", row.SortKey), ("doc", new JsonbValue(row.Json))).ConfigureAwait(false);
        await InsertEntriesAsync(call, row).ConfigureAwait(false);
    }

    /// <summary>Replaces the stored document with <paramref name="row"/>'s key and its entries; false (nothing written) when there is none.</summary>
    public async ValueTask<bool> UpdateAsync(WriteCall call, DocumentRow row)
    {
        if (await ExecuteAsync(call, _update, ("id", row.Id), ("doc", new JsonbValue(row.Json))).ConfigureAwait(false) == 0)
        {
            return false;
        }

        foreach (var delete in _deleteEntries)
        {
            await ExecuteAsync(call, delete, ("id", row.Id)).ConfigureAwait(false);
        }

        await InsertEntriesAsync(call, row).ConfigureAwait(false);
        return true;
    }

    /// <summary>Deletes the document (its entries go with it: the entry tables' foreign keys cascade).</summary>
    public async ValueTask<bool> DeleteAsync(WriteCall call, object id) => await ExecuteAsync(call, _delete, ("id", id)).ConfigureAwait(false) > 0;

    /// <summary>A generated key: the number after the largest key stored or handed out, or a new ObjectId or Guid.</summary>
    public async ValueTask<TKey> NewKeyAsync(WriteCall call)
    {
        if (table.Model.KeyGeneration != KeyGeneration.Sequence)
        {
            return table.Model.NewKey(0);
        }

        // The row lock serializes generated keys as the embedded engine's single writer does, and the increment rolls back with a failed insert.
        var next = (long)(await ScalarAsync(call, $"UPDATE {table.Sequence} SET last = last + 1 RETURNING last").ConfigureAwait(false))!;
        try
        {
            return table.Model.NewKey(next);
        }
        catch (OverflowException)
        {
            // The generated model converts the sequence to an int key with a checked conversion.
            throw new KeySequenceExhaustedException(table.Collection, next - 1, typeof(TKey) == typeof(int) ? "int" : "long");
        }
    }

    /// <summary>Moves the sequence past an explicitly given key, so a later generated key never repeats it.</summary>
    public async ValueTask AdvanceSequenceAsync(WriteCall call, long sequence) =>
        await ExecuteAsync(call, $"UPDATE {table.Sequence} SET last = @n WHERE last < @n", ("n", sequence)).ConfigureAwait(false);

    private async ValueTask InsertEntriesAsync(WriteCall call, DocumentRow row)
    {
        for (var i = 0; i < row.Entries.Length; i++)
        {
            if (row.Entries[i].Length > 0)
            {
                await ExecuteAsync(call, _insertEntries[i], ("entries", row.Entries[i]), ("id", row.Id)).ConfigureAwait(false);
            }
        }
    }

    private static async ValueTask<int> ExecuteAsync(WriteCall call, string sql, params (string Name, object Value)[] parameters)
    {
        await using var command = Command(call, sql, parameters);
        return call.Async ? await command.ExecuteNonQueryAsync(call.CancellationToken).ConfigureAwait(false) : command.ExecuteNonQuery();
    }

    private static async ValueTask<object?> ScalarAsync(WriteCall call, string sql, params (string Name, object Value)[] parameters)
    {
        await using var command = Command(call, sql, parameters);
        return call.Async ? await command.ExecuteScalarAsync(call.CancellationToken).ConfigureAwait(false) : command.ExecuteScalar();
    }

    private static NpgsqlCommand Command(WriteCall call, string sql, (string Name, object Value)[] parameters)
    {
        var command = call.Scope.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Parameters.Add(value is JsonbValue json ? json.Parameter(name) : new NpgsqlParameter(name, value));
        }

        return command;
    }
}
