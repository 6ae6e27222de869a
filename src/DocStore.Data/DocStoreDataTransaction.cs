using System.Data;
using System.Data.Common;

namespace DocStore.Data;

/// <summary>
/// The ADO.NET transaction of a <see cref="DocStoreConnection"/>: a wrapper over a
/// <see cref="DocStore.DocStoreTransaction"/> of the connection's database, so typed collection calls can join
/// it through <see cref="Transaction"/>. Named apart from that class so both namespaces can be imported
/// together. Disposing it without <see cref="Commit"/> rolls back.
/// </summary>
public sealed class DocStoreDataTransaction : DbTransaction
{
    private readonly DocStoreConnection _connection;

    internal DocStoreDataTransaction(DocStoreConnection connection, DocStoreTransaction transaction, IsolationLevel isolationLevel)
    {
        _connection = connection;
        Transaction = transaction;
        IsolationLevel = isolationLevel == IsolationLevel.Unspecified ? IsolationLevel.Serializable : isolationLevel;
    }

    /// <summary>The database transaction underneath: pass it to typed collection methods to write in the same transaction.</summary>
    public DocStoreTransaction Transaction { get; }

    /// <summary>The level asked for (<see cref="IsolationLevel.Serializable"/> when unspecified); DocStore runs every transaction as one writer over a snapshot.</summary>
    public override IsolationLevel IsolationLevel { get; }

    /// <summary>The connection, until the transaction ends.</summary>
    public new DocStoreConnection? Connection => Transaction.IsCompleted ? null : _connection;

    /// <inheritdoc cref="Connection"/>
    protected override DbConnection? DbConnection => Connection;

    /// <summary>Commits: the changes become visible to every reader and durable as the connection's Durability says.</summary>
    /// <exception cref="InvalidOperationException">The transaction has already ended.</exception>
    public override void Commit()
    {
        ThrowIfCompleted();
        try
        {
            Transaction.Commit();
        }
        finally
        {
            _connection.EndTransaction(this);
        }
    }

    /// <summary>Rolls back every change made in the transaction.</summary>
    /// <exception cref="InvalidOperationException">The transaction has already ended.</exception>
    public override void Rollback()
    {
        ThrowIfCompleted();
        try
        {
            Transaction.Rollback();
        }
        finally
        {
            _connection.EndTransaction(this);
        }
    }

    /// <summary>The asynchronous twin of <see cref="Commit"/> (the commit completes synchronously).</summary>
    /// <param name="cancellationToken">Checked before committing.</param>
    /// <returns>A completed task.</returns>
    public override Task CommitAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Commit();
        return Task.CompletedTask;
    }

    /// <summary>The asynchronous twin of <see cref="Rollback"/>.</summary>
    /// <param name="cancellationToken">Checked before rolling back.</param>
    /// <returns>A completed task.</returns>
    public override Task RollbackAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Rollback();
        return Task.CompletedTask;
    }

    /// <summary>Rolls back unless committed.</summary>
    /// <param name="disposing">True from <see cref="IDisposable.Dispose"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !Transaction.IsCompleted)
        {
            Rollback();
        }

        _connection.EndTransaction(this);
        base.Dispose(disposing);
    }

    private void ThrowIfCompleted()
    {
        if (Transaction.IsCompleted)
        {
            throw new InvalidOperationException("The transaction has already been committed or rolled back.");
        }
    }
}
