using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// A connection object and the commands made on it, each kept for the next operation with the same
/// statement: its parameters are set again rather than made again, and Npgsql finds it prepared on the
/// physical connection, so a repeated read allocates no command, parameter or connection object. Statement
/// texts are built once per collection, so commands are looked up by the text's reference.
/// </summary>
internal sealed class Session(NpgsqlConnection connection) : IDisposable
{
    private Dictionary<string, NpgsqlCommand>? _commands;
    private Dictionary<string, NpgsqlBatchCommand>? _batchCommands;
    private NpgsqlBatch? _batch;
    private int _batchProcess;

    public NpgsqlConnection Connection => connection;

    /// <summary>The command for <paramref name="sql"/> on this connection; <paramref name="created"/> is true when it is new and has no parameters yet.</summary>
    public NpgsqlCommand Command(string sql, out bool created)
    {
        _commands ??= new Dictionary<string, NpgsqlCommand>(ReferenceEqualityComparer.Instance);
        if (_commands.TryGetValue(sql, out var command))
        {
            created = false;
            return command;
        }

        command = new NpgsqlCommand(sql, connection);
        _commands.Add(sql, command);
        created = true;
        return command;
    }

    /// <summary>The session's batch, emptied: a write fills it with <see cref="BatchCommand"/>s. One write at a time uses it.</summary>
    public NpgsqlBatch Batch()
    {
        // Npgsql ties a prepared batch statement to the physical connection it was prepared on: start over on another one.
        if (_batchProcess != connection.ProcessID)
        {
            ForgetBatch();
            _batchProcess = connection.ProcessID;
        }

        _batch ??= new NpgsqlBatch(connection);
        _batch.BatchCommands.Clear();
        return _batch;
    }

    /// <summary>The batch statement for <paramref name="sql"/>, kept for the next write with it (its parameters set again).</summary>
    public NpgsqlBatchCommand BatchCommand(string sql)
    {
        _batchCommands ??= new Dictionary<string, NpgsqlBatchCommand>(ReferenceEqualityComparer.Instance);
        if (!_batchCommands.TryGetValue(sql, out var command))
        {
            command = new NpgsqlBatchCommand(sql);
            _batchCommands.Add(sql, command);
        }

        return command;
    }

    /// <summary>Drops the kept batch and its statements (after a failed write, or on another physical connection): the next write makes them anew.</summary>
    public void ForgetBatch()
    {
        _batch?.Dispose();
        _batch = null;
        _batchCommands?.Clear();
    }

    public void Dispose()
    {
        _batch?.Dispose();
        if (_commands is not null)
        {
            foreach (var command in _commands.Values)
            {
                command.Dispose();
            }
        }

        connection.Dispose();
    }
}
