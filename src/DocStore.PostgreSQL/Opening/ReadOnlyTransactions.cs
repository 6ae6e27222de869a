using DocStore.PostgreSQL.Backend;

namespace DocStore.PostgreSQL;

/// <summary>
/// Read-only transactions on a context opened with <c>OpenPostgres</c>: one REPEATABLE READ snapshot on the
/// server reads are routed to (a standby with <see cref="ReadFrom.Replica"/>, after the read-your-writes wait).
/// </summary>
public static class ReadOnlyTransactions
{
    /// <summary>
    /// Begins a read-only transaction: its reads see one snapshot; a write in it throws
    /// <see cref="DatabaseReadOnlyException"/> naming the collection and leaves the transaction usable.
    /// </summary>
    /// <param name="context">A context opened with <c>OpenPostgres</c>.</param>
    /// <returns>The transaction; dispose it (commit or not, nothing is written).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is null.</exception>
    /// <exception cref="NotSupportedException">The context is not on PostgreSQL.</exception>
    /// <exception cref="StorageFailedException">No server can be reached.</exception>
    public static DocStoreTransaction BeginReadOnlyTransaction(this DocStoreContext context) => Backend(context).BeginReadOnlyTransaction(context);

    /// <summary>As <see cref="BeginReadOnlyTransaction"/>, with asynchronous I/O.</summary>
    /// <param name="context">A context opened with <c>OpenPostgres</c>.</param>
    /// <param name="cancellationToken">Cancels the wait for a connection.</param>
    /// <returns>The transaction.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is null.</exception>
    /// <exception cref="NotSupportedException">The context is not on PostgreSQL.</exception>
    /// <exception cref="StorageFailedException">No server can be reached.</exception>
    public static ValueTask<DocStoreTransaction> BeginReadOnlyTransactionAsync(this DocStoreContext context, CancellationToken cancellationToken = default) =>
        Backend(context).BeginReadOnlyTransactionAsync(context, cancellationToken);

    private static PostgresBackend Backend(DocStoreContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return context.Backend as PostgresBackend
            ?? throw new NotSupportedException($"The context '{context.GetType().Name}' is not on PostgreSQL: BeginReadOnlyTransaction needs a context opened with OpenPostgres (use BeginTransaction on an embedded database).");
    }
}
