using DocStore.Storage.Paging;

namespace DocStore.Transactions;

/// <summary>
/// A read-only snapshot: it sees the database as of the last acknowledged commit when it began, for its
/// whole life, whatever writers and checkpoints do meanwhile. Dispose it promptly: while it lives,
/// checkpoints cannot copy newer pages into the database file and the WAL cannot restart.
/// </summary>
internal sealed class ReadTransaction : Transaction
{
    private readonly ReaderSnapshot _snapshot;

    internal ReadTransaction(Pager pager, TreeRootCache rootCache, ReaderSnapshot snapshot)
        : base(pager, rootCache, snapshot.Lsn)
    {
        _snapshot = snapshot;
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (!IsCompleted)
        {
            IsCompleted = true;
            _snapshot.Leave();
        }
    }
}
