using DocStore.Engine;
using DocStore.Storage.Paging;

namespace DocStore.Transactions;

/// <summary>
/// A read-only snapshot: it sees the database as of the last acknowledged commit when it began, for its
/// whole life, whatever writers and checkpoints do meanwhile. Dispose it promptly: while it lives,
/// checkpoints cannot copy newer pages into the database file and the WAL cannot restart.
/// </summary>
public sealed class ReadTransaction : Transaction
{
    internal ReadTransaction(StorageEngine engine, Pager pager, long snapshotLsn)
        : base(engine, pager, snapshotLsn)
    {
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (!IsCompleted)
        {
            IsCompleted = true;
            Pager.Readers.Unregister(SnapshotLsn);
        }
    }
}
