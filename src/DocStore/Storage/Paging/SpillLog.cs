using DocStore.Storage.Pages;

namespace DocStore.Storage.Paging;

/// <summary>
/// Spilling a large write transaction's pages to the WAL before its commit (docs/storage.md, "Transactions
/// and durability"): they are written as uncommitted whole-page frames, which the commit later publishes with
/// its own, or a rollback leaves for the next transaction to write over. Nothing spilled is in the WAL index
/// before the commit, so readers and checkpoints never see it.
/// </summary>
internal sealed class SpillLog(PagerState state, OpenWork openWork, WalRestart restart, RedoJournal redo)
{
    /// <summary>
    /// Private pages a write transaction may hold at a safe point before it spills them: by default the
    /// pool's bound on free images (half the cache's size, at least 512 pages).
    /// </summary>
    public int SpillThreshold => state.SpillThreshold;

    /// <summary>
    /// Whether a writer may spill: a file database, open's deferred work done and no replay of redo records
    /// running (those commit to memory first). A <c>:memory:</c> database has no log to spill to, and its
    /// committed pages are memory anyway.
    /// </summary>
    public bool CanSpill => state.Wal is not null && !state.ReadOnly && !state.OpenWorkPending && !openWork.AppendsToOverlay;

    /// <summary>Whether the writer in progress has spilled frames into the WAL.</summary>
    public bool HasSpilled => state.Wal?.HasUncommitted == true;

    /// <summary>
    /// Writes the writer's <paramref name="pages"/> (sorted, no previous images) to the WAL as uncommitted
    /// frames, stamping their checksums. At the first spill of a transaction a pending log restart happens
    /// first (none may happen once frames of it are in the log) and a redo record started early is erased
    /// (a transaction that spilled commits through the WAL's own fsync). The caller holds the write lock.
    /// </summary>
    /// <returns>The LSN of the first page's frame; the others follow in list order.</returns>
    /// <exception cref="StorageFailedException">The write failed: the database refuses commits until reopened.</exception>
    public long Spill(List<CommitPage> pages)
    {
        state.ThrowIfFailed();
        var wal = state.Wal!;
        if (!wal.HasUncommitted)
        {
            restart.RestartIfPending();
            redo.CancelEarly();
        }

        try
        {
            CommitPath.StampChecksums(pages);
            // The commit goes through the WAL's own path, packed below Full durability (see CommitPath.AppendCommit).
            var first = wal.AppendUncommitted(pages, Volatile.Read(ref state.WalSyncedLsn), packed: state.Durability != Durability.Full);
            state.Counters.CountSpill(pages.Count);
            return first;
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "writing a large transaction's pages to the WAL");
        }
    }

    /// <summary>Reads back the page the writer spilled in the frame with <paramref name="lsn"/>, verifying its checksum.</summary>
    /// <exception cref="DatabaseCorruptException">The frame is missing or damaged.</exception>
    public void ReadSpilled(uint pageNumber, long lsn, byte[] image)
    {
        var wal = state.Wal!;
        try
        {
            wal.ReadUncommitted(pageNumber, lsn, image);
        }
        catch (IOException ex)
        {
            throw new DatabaseCorruptException(wal.Name, pageNumber, $"reading back the uncommitted WAL frame with LSN {lsn} failed ({ex.Message})");
        }

        if (!PageChecksum.IsValid(image, pageNumber))
        {
            throw new DatabaseCorruptException(wal.Name, pageNumber, $"page checksum mismatch in the uncommitted WAL frame with LSN {lsn}");
        }
    }

    /// <summary>Forgets what a writer that rolled back spilled: the next transaction writes over it from the same place and LSN.</summary>
    public void DiscardSpilled() => state.Wal?.DiscardUncommitted();
}
