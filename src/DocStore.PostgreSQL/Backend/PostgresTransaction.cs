using System.Data;
using DocStore.Collections;
using DocStore.PostgreSQL.Errors;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// An explicit transaction on one pooled connection, at REPEATABLE READ: PostgreSQL's snapshot isolation,
/// which is what an embedded transaction sees (one snapshot, its own changes on top).
/// </summary>
internal sealed class PostgresTransaction : IExternalTransaction
{
    private readonly NpgsqlTransaction _transaction;

    private PostgresTransaction(NpgsqlConnection connection, NpgsqlTransaction transaction)
    {
        Connection = connection;
        _transaction = transaction;
    }

    public NpgsqlConnection Connection { get; }

    /// <summary>The server transaction, for the savepoint each operation in it runs under.</summary>
    public NpgsqlTransaction Transaction => _transaction;

    public static async ValueTask<PostgresTransaction> BeginAsync(NpgsqlDataSource dataSource, bool async, CancellationToken cancellationToken)
    {
        var connection = async ? await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false) : dataSource.OpenConnection();
        try
        {
            var transaction = async
                ? await connection.BeginTransactionAsync(IsolationLevel.RepeatableRead, cancellationToken).ConfigureAwait(false)
                : connection.BeginTransaction(IsolationLevel.RepeatableRead);
            return new PostgresTransaction(connection, transaction);
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
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    public async ValueTask CommitAsync(CancellationToken cancellationToken)
    {
        try
        {
            await _transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null) is { } translated)
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
        Connection.Dispose();
    }

    public async ValueTask DisposeAsync()
    {
        await _transaction.DisposeAsync().ConfigureAwait(false);
        await Connection.DisposeAsync().ConfigureAwait(false);
    }
}
