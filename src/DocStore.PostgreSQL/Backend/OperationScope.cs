using System.Data;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// The connection one operation runs on. Without an explicit transaction: a pooled connection; a write
/// sends its statements as one batch, which PostgreSQL runs as one implicit transaction, and takes a
/// transaction of its own (<see cref="BeginOwnTransaction"/>, committed by <see cref="CompleteAsync"/>) only
/// when it needs more than one round trip. Inside one: its connection,
/// and for a write a savepoint, so a failed operation leaves nothing behind and the transaction usable, as
/// an embedded operation that fails its checks does. The savepoint goes at the head of the write's first
/// batch, after the release of the previous write's, so it costs no round trip of its own. Disposing an uncompleted scope undoes the operation.
/// A read without a transaction opens its connection through the backend's read route (primary or standby).
/// </summary>
internal sealed class OperationScope : IDisposable, IAsyncDisposable
{
    private const string Savepoint = "docstore_operation";
    private const string SetSavepoint = "SAVEPOINT " + Savepoint;
    private const string ReleaseSavepoint = "RELEASE SAVEPOINT " + Savepoint;

    private readonly NpgsqlConnection _connection;
    private readonly Session? _session;
    private readonly SessionPool? _pool;
    private readonly PostgresBackend _backend;
    private readonly PostgresTransaction? _outer;
    private NpgsqlTransaction? _own;
    private readonly bool _write;
    private readonly bool _async;
    private bool _completed;
    private bool _savepointSent;

    private OperationScope(PostgresBackend backend, NpgsqlConnection connection, PostgresTransaction? outer, bool write, bool async, Session? session = null, SessionPool? pool = null)
    {
        _backend = backend;
        _connection = connection;
        _session = session;
        _pool = pool;
        _outer = outer;
        _write = write;
        _async = async;
    }

    /// <summary>True inside an explicit transaction.</summary>
    public bool InTransaction => _outer is not null;

    public static async ValueTask<OperationScope> BeginAsync(PostgresBackend backend, DocStoreContext context, DocStoreTransaction? transaction, bool write, bool async, CancellationToken cancellationToken)
    {
        context.ThrowIfDisposed();
        cancellationToken.ThrowIfCancellationRequested();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(context);
            var outer = (PostgresTransaction)transaction.External!;
            return new OperationScope(backend, outer.Connection, outer, write, async, outer.Session);
        }

        if (write || backend.Reads.PrimaryOnly)
        {
            var pooled = await backend.Sessions.OpenAsync(async, cancellationToken).ConfigureAwait(false);
            return new OperationScope(backend, pooled.Connection, null, write, async, pooled, backend.Sessions);
        }

        // A read routed to a standby opens a connection of its own: which server it reaches is decided per read.
        var connection = await backend.Reads.OpenAsync(async, cancellationToken).ConfigureAwait(false);
        return new OperationScope(backend, connection, null, write, async, new Session(connection));
    }

    /// <summary>
    /// A scope over a connection whose transaction its caller runs and ends (a copy's single transaction): the
    /// statements only create commands on it; it is never completed or disposed.
    /// </summary>
    public static OperationScope Borrowing(PostgresBackend? backend, NpgsqlConnection connection) => new(backend!, connection, null, write: false, async: false);

    public NpgsqlCommand Command(string sql) => new(sql, _connection);

    /// <summary>
    /// The command for <paramref name="sql"/>, kept on this scope's connection object for the next operation
    /// (owned by the scope's session: not disposed by the caller); <paramref name="created"/> is true when it has no parameters yet.
    /// </summary>
    public NpgsqlCommand Kept(string sql, out bool created) =>
        _session is null ? Created(Command(sql), out created) : _session.Command(sql, out created);

    private static NpgsqlCommand Created(NpgsqlCommand command, out bool created)
    {
        created = true;
        return command;
    }

    /// <summary>
    /// A batch on this scope's connection: its statements go in one round trip. The first batch of a write
    /// inside an explicit transaction starts with the write's savepoint, after releasing the previous write's.
    /// </summary>
    public NpgsqlBatch Batch()
    {
        var batch = _session?.Batch() ?? new NpgsqlBatch(_connection);
        if (_outer is not null && _write && !_savepointSent)
        {
            if (_outer.SavepointOpen)
            {
                batch.BatchCommands.Add(BatchCommand(ReleaseSavepoint));
            }

            batch.BatchCommands.Add(BatchCommand(SetSavepoint));
            _savepointSent = true;
            _outer.SavepointOpen = true;
        }

        return batch;
    }

    /// <summary>True when <see cref="Batch"/> gives the session's batch, which its statements are kept with: not to be disposed after a run.</summary>
    public bool KeepsBatches => _session is not null;

    /// <summary>The batch statement for <paramref name="sql"/>: kept on the session for the next write (parameters set again), or new.</summary>
    public NpgsqlBatchCommand BatchCommand(string sql) => _session?.BatchCommand(sql) ?? new NpgsqlBatchCommand(sql);

    /// <summary>
    /// Outside an explicit transaction, makes the rest of this write one transaction (READ COMMITTED), for a
    /// write that needs a round trip before its batch (a generated key). No round trip of its own: Npgsql sends
    /// the BEGIN with the next statement.
    /// </summary>
    public void BeginOwnTransaction()
    {
        if (_outer is null && _own is null)
        {
            _own = _connection.BeginTransaction(IsolationLevel.ReadCommitted);
        }
    }

    /// <summary>
    /// Ends the operation: outside an explicit transaction, commits the write's own transaction if it took one.
    /// <paramref name="cancellationToken"/> is honoured up to the COMMIT and not after: cancelled, the write
    /// throws and the transaction rolls back; once the COMMIT is sent the write reports what the server did.
    /// </summary>
    public async ValueTask CompleteAsync(bool async, CancellationToken cancellationToken)
    {
        // Inside a transaction the write's savepoint stays until the next write releases it, or the transaction ends.
        if (_outer is null && _write)
        {
            if (_own is not null)
            {
                cancellationToken.ThrowIfCancellationRequested();

                // Not cancellable once sent: Npgsql could end the wait after the server committed, or break the connection and leave it unknown.
                await Commit(_own, async).ConfigureAwait(false);
            }

            // Committed (a single batch commits as it runs): the position is noted whatever the token says.
            if (_backend.Replay is { } replay)
            {
                await replay.RecordAsync(_connection, async, CancellationToken.None).ConfigureAwait(false);
            }
        }

        _completed = true;
    }

    private static async ValueTask Commit(NpgsqlTransaction transaction, bool async)
    {
        if (async)
        {
            await transaction.CommitAsync(CancellationToken.None).ConfigureAwait(false);
        }
        else
        {
            transaction.Commit();
        }
    }

    /// <summary>
    /// Undoes the write's failed batch so it can be written another way: the kept batch is dropped and, in a
    /// transaction, the write's savepoint rolled back to (outside one, the batch's implicit transaction ended with it).
    /// </summary>
    public async ValueTask UndoBatchAsync(bool async, CancellationToken cancellationToken)
    {
        _session?.ForgetBatch();
        if (_outer is not null && _savepointSent)
        {
            if (async)
            {
                await _outer.Transaction.RollbackAsync(Savepoint, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                _outer.Transaction.Rollback(Savepoint);
            }
        }
    }

    public void Dispose()
    {
        ForgetFailedBatch();
        if (UndoInTransaction())
        {
            return;
        }

        _own?.Dispose();
        Release();
    }

    /// <summary>Gives the connection back: a pooled session to its pool, any other connection closed for good.</summary>
    private void Release()
    {
        if (_pool is not null)
        {
            _pool.Return(_session!);
        }
        else if (_session is not null)
        {
            _session.Dispose();
        }
        else
        {
            _connection.Dispose();
        }
    }

    /// <summary>As <see cref="Dispose"/>; a scope begun synchronously is closed synchronously, so its sync caller never waits on a task.</summary>
    public async ValueTask DisposeAsync()
    {
        if (!_async)
        {
            Dispose();
            return;
        }

        ForgetFailedBatch();

        if (UndoInTransaction())
        {
            return;
        }

        if (_own is not null)
        {
            await _own.DisposeAsync().ConfigureAwait(false);
        }

        if (_pool is null && _session is null)
        {
            await _connection.DisposeAsync().ConfigureAwait(false);
        }
        else
        {
            // Closing returns the physical connection to Npgsql's pool without I/O.
            Release();
        }
    }

    /// <summary>A write that did not complete may have left its kept statements half prepared: they are made anew next time.</summary>
    private void ForgetFailedBatch()
    {
        if (_write && !_completed)
        {
            _session?.ForgetBatch();
        }
    }

    /// <summary>Inside an explicit transaction, rolls an uncompleted write back to its savepoint; true when the scope had an explicit transaction.</summary>
    private bool UndoInTransaction()
    {
        if (_outer is null)
        {
            return false;
        }

        // A write that sent nothing has nothing to undo, and the savepoint there is the previous write's.
        if (!_completed && _savepointSent && _connection.State == ConnectionState.Open)
        {
            // Undo this operation only; the transaction stays usable (an aborted one is usable again after this).
            _outer.Transaction.Rollback(Savepoint);
        }

        return true;
    }
}
