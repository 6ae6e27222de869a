using System.Data;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// The connection one operation runs on. Without an explicit transaction: a pooled connection, and for a
/// write a transaction of its own, committed by <see cref="CompleteAsync"/>. Inside one: its connection,
/// and for a write a savepoint, so a failed operation leaves nothing behind and the transaction usable, as
/// an embedded operation that fails its checks does. Disposing an uncompleted scope undoes the operation.
/// A read without a transaction opens its connection through the backend's read route (primary or standby).
/// </summary>
internal sealed class OperationScope : IDisposable, IAsyncDisposable
{
    private const string Savepoint = "docstore_operation";

    private readonly NpgsqlConnection _connection;
    private readonly PostgresBackend _backend;
    private readonly PostgresTransaction? _outer;
    private readonly NpgsqlTransaction? _own;
    private readonly bool _write;
    private readonly bool _async;
    private bool _completed;

    private OperationScope(PostgresBackend backend, NpgsqlConnection connection, PostgresTransaction? outer, NpgsqlTransaction? own, bool write, bool async)
    {
        _backend = backend;
        _connection = connection;
        _outer = outer;
        _own = own;
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
            if (write)
            {
                await Save(outer.Transaction, async, cancellationToken).ConfigureAwait(false);
            }

            return new OperationScope(backend, outer.Connection, outer, null, write, async);
        }

        var connection = write
            ? async ? await backend.DataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false) : backend.DataSource.OpenConnection()
            : await backend.Reads.OpenAsync(async, cancellationToken).ConfigureAwait(false);
        try
        {
            NpgsqlTransaction? own = null;
            if (write)
            {
                own = async
                    ? await connection.BeginTransactionAsync(IsolationLevel.ReadCommitted, cancellationToken).ConfigureAwait(false)
                    : connection.BeginTransaction(IsolationLevel.ReadCommitted);
            }

            return new OperationScope(backend, connection, null, own, write, async);
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// A scope over a connection whose transaction its caller runs and ends (a copy's single transaction): the
    /// statements only create commands on it; it is never completed or disposed.
    /// </summary>
    public static OperationScope Borrowing(PostgresBackend? backend, NpgsqlConnection connection) => new(backend!, connection, null, null, write: false, async: false);

    public NpgsqlCommand Command(string sql) => new(sql, _connection);

    public async ValueTask CompleteAsync(bool async, CancellationToken cancellationToken)
    {
        if (_outer is not null && _write)
        {
            if (async)
            {
                await _outer.Transaction.ReleaseAsync(Savepoint, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                _outer.Transaction.Release(Savepoint);
            }
        }
        else if (_own is not null)
        {
            if (async)
            {
                await _own.CommitAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                _own.Commit();
            }

            if (_backend.Replay is { } replay)
            {
                await replay.RecordAsync(_connection, async, cancellationToken).ConfigureAwait(false);
            }
        }

        _completed = true;
    }

    public void Dispose()
    {
        if (UndoInTransaction())
        {
            return;
        }

        _own?.Dispose();
        _connection.Dispose();
    }

    /// <summary>As <see cref="Dispose"/>; a scope begun synchronously is closed synchronously, so its sync caller never waits on a task.</summary>
    public async ValueTask DisposeAsync()
    {
        if (!_async)
        {
            Dispose();
            return;
        }

        if (UndoInTransaction())
        {
            return;
        }

        if (_own is not null)
        {
            await _own.DisposeAsync().ConfigureAwait(false);
        }

        await _connection.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>Inside an explicit transaction, rolls an uncompleted write back to its savepoint; true when the scope had an explicit transaction.</summary>
    private bool UndoInTransaction()
    {
        if (_outer is null)
        {
            return false;
        }

        if (!_completed && _write && _connection.State == ConnectionState.Open)
        {
            // Undo this operation only; the transaction stays usable (an aborted one is usable again after this).
            _outer.Transaction.Rollback(Savepoint);
        }

        return true;
    }

    private static async ValueTask Save(NpgsqlTransaction transaction, bool async, CancellationToken cancellationToken)
    {
        if (async)
        {
            await transaction.SaveAsync(Savepoint, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            transaction.Save(Savepoint);
        }
    }
}
