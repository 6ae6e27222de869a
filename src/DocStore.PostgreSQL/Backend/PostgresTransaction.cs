using System.Data;
using DocStore.Collections;
using DocStore.PostgreSQL.Errors;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// An explicit transaction on one pooled connection, at REPEATABLE READ: PostgreSQL's snapshot isolation,
/// which is what an embedded transaction sees (one snapshot, its own changes on top). A read-only one runs
/// on the backend's read route (a standby with <see cref="ReadFrom.Replica"/>) and refuses writes.
/// </summary>
internal sealed class PostgresTransaction : IExternalTransaction
{
    private readonly NpgsqlTransaction _transaction;
    private readonly PostgresBackend _backend;

    private PostgresTransaction(PostgresBackend backend, NpgsqlConnection connection, NpgsqlTransaction transaction, bool readOnly)
    {
        _backend = backend;
        Connection = connection;
        Session = new Session(connection);
        _transaction = transaction;
        ReadOnly = readOnly;
    }

    /// <summary>True for a transaction from <c>BeginReadOnlyTransaction</c>.</summary>
    public bool ReadOnly { get; }

    public NpgsqlConnection Connection { get; }

    /// <summary>The transaction's connection with the commands its operations keep for the next ones.</summary>
    public Session Session { get; }

    /// <summary>True once a write has set its savepoint; the next write releases it in its own first batch.</summary>
    public bool SavepointOpen { get; set; }

    /// <summary>The server transaction, for the savepoint each operation in it runs under.</summary>
    public NpgsqlTransaction Transaction => _transaction;

    public static async ValueTask<PostgresTransaction> BeginAsync(PostgresBackend backend, bool readOnly, bool async, CancellationToken cancellationToken)
    {
        var connection = readOnly
            ? await backend.Reads.OpenAsync(async, cancellationToken).ConfigureAwait(false)
            : async ? await backend.DataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false) : backend.DataSource.OpenConnection();
        try
        {
            var transaction = async
                ? await connection.BeginTransactionAsync(IsolationLevel.RepeatableRead, cancellationToken).ConfigureAwait(false)
                : connection.BeginTransaction(IsolationLevel.RepeatableRead);
            if (readOnly)
            {
                // The server refuses a write too, should one get past the check in the collection.
                using var command = new NpgsqlCommand("SET TRANSACTION READ ONLY", connection);
                _ = async ? await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteNonQuery();
            }

            return new PostgresTransaction(backend, connection, transaction, readOnly);
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public void Commit()
    {
        try
        {
            _transaction.Commit();
            if (!ReadOnly && _backend.Replay is { } replay)
            {
                Synchronously.Run(replay.RecordAsync(Connection, async: false, default));
            }
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null, server: _backend.Server) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>
    /// Commits whatever <paramref name="cancellationToken"/> says, as an embedded commit is made whatever its
    /// token says (that token only abandons the wait for the flush): a COMMIT Npgsql cancelled in flight could
    /// have committed, or break the connection and leave the outcome unknown.
    /// </summary>
    public async ValueTask CommitAsync(CancellationToken cancellationToken)
    {
        try
        {
            await _transaction.CommitAsync(CancellationToken.None).ConfigureAwait(false);
            if (!ReadOnly && _backend.Replay is { } replay)
            {
                await replay.RecordAsync(Connection, async: true, CancellationToken.None).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null, server: _backend.Server) is { } translated)
        {
            throw translated;
        }
    }

    public void Rollback()
    {
        // A broken connection has lost the transaction already: nothing of it was committed.
        if (Connection.State == ConnectionState.Open)
        {
            _transaction.Rollback();
        }
    }

    public void Dispose()
    {
        _transaction.Dispose();
        Session.Dispose();
    }

    public async ValueTask DisposeAsync()
    {
        await _transaction.DisposeAsync().ConfigureAwait(false);
        Session.Dispose();
    }
}
