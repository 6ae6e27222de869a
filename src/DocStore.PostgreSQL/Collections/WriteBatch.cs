using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;
using Npgsql;
using NpgsqlTypes;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The statements of one write, sent in one round trip: an <see cref="NpgsqlBatch"/> of prepared statements
/// with positional parameters. Outside a transaction PostgreSQL runs the batch as one implicit transaction,
/// so a failing statement undoes the ones before it.
/// </summary>
internal sealed class WriteBatch(OperationScope scope)
{
    private readonly NpgsqlBatch _batch = scope.Batch();
    private int _first = -1;

    /// <summary>Adds <paramref name="sql"/>; its parameters follow in the order of <c>$1</c>, <c>$2</c>, ….</summary>
    public WriteBatch Add(string sql, params ReadOnlySpan<NpgsqlParameter> parameters)
    {
        var command = Statement(sql);
        for (var i = 0; i < parameters.Length; i++)
        {
            if (command.Count <= i)
            {
                command.Add(parameters[i]);
            }
            else
            {
                command[i] = parameters[i];
            }
        }

        return this;
    }

    /// <summary>Adds <paramref name="sql"/> and returns its parameters, to set with <see cref="CommandParameters"/> (a kept statement has them from its last run).</summary>
    public NpgsqlParameterCollection Statement(string sql)
    {
        if (_first < 0)
        {
            // After the savepoint statements a write in a transaction starts with.
            _first = _batch.BatchCommands.Count;
        }

        var command = scope.BatchCommand(sql);
        _batch.BatchCommands.Add(command);
        return command.Parameters;
    }

    /// <summary>The rows statement <paramref name="command"/> changed, once the batch has run.</summary>
    public int RecordsAffected(int command) => _batch.BatchCommands[_first + command].RecordsAffected;

    public async ValueTask ExecuteAsync(WriteCall call)
    {
        // A batch the scope keeps on its session is reused by the next write, not disposed.
        await using (Owned().ConfigureAwait(false))
        {
            // Prepared once per pooled connection; later calls find the statements prepared and send no Parse.
            if (call.Async)
            {
                await _batch.PrepareAsync(call.CancellationToken).ConfigureAwait(false);
                await _batch.ExecuteNonQueryAsync(call.CancellationToken).ConfigureAwait(false);
            }
            else
            {
                _batch.Prepare();
                _batch.ExecuteNonQuery();
            }
        }
    }

    /// <summary>The first column of the first row the batch returns (a generated key's lock and read); every statement runs.</summary>
    public async ValueTask<object?> ScalarAsync(WriteCall call)
    {
        await using (Owned().ConfigureAwait(false))
        {
            if (call.Async)
            {
                await _batch.PrepareAsync(call.CancellationToken).ConfigureAwait(false);
            }
            else
            {
                _batch.Prepare();
            }

            var reader = call.Async ? await _batch.ExecuteReaderAsync(call.CancellationToken).ConfigureAwait(false) : _batch.ExecuteReader();
            try
            {
                object? value = null;
                var found = false;
                do
                {
                    // Later statements' results are stepped through too, so their errors surface here.
                    if (!found && reader.FieldCount > 0 && (call.Async ? await reader.ReadAsync(call.CancellationToken).ConfigureAwait(false) : reader.Read()))
                    {
                        (value, found) = (reader.GetValue(0), true);
                    }
                }
                while (call.Async ? await reader.NextResultAsync(call.CancellationToken).ConfigureAwait(false) : reader.NextResult());

                return value;
            }
            finally
            {
                // A synchronous call closes the reader synchronously, so it never waits on a task.
                if (call.Async)
                {
                    await reader.DisposeAsync().ConfigureAwait(false);
                }
                else
                {
                    reader.Dispose();
                }
            }
        }
    }

    private IAsyncDisposable Owned() => scope.KeepsBatches ? Kept.Instance : _batch;

    public static NpgsqlParameter Value(object? value) => new() { Value = value ?? DBNull.Value };

    public static NpgsqlParameter Bytes(byte[]? value) => value is null
        ? new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Bytea, Value = DBNull.Value }
        : new NpgsqlParameter<byte[]> { NpgsqlDbType = NpgsqlDbType.Bytea, TypedValue = value };

    public static NpgsqlParameter Json(byte[] utf8) => new JsonbValue(utf8).Parameter(string.Empty);

    public static NpgsqlParameter BytesArray(byte[]?[] values) => new NpgsqlParameter<byte[]?[]>() { NpgsqlDbType = NpgsqlDbType.Array | NpgsqlDbType.Bytea, TypedValue = values };

    /// <summary>Nothing to dispose: the batch is the session's.</summary>
    private sealed class Kept : IAsyncDisposable
    {
        public static readonly Kept Instance = new();

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
