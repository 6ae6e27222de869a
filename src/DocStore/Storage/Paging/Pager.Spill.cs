using DocStore.Storage.Pages;

namespace DocStore.Storage.Paging;

/// <summary>
/// Spilling a large write transaction's pages to the WAL before its commit (docs/storage.md, "Transactions
/// and durability"): they are written as uncommitted whole-page frames, which the commit later publishes with
/// its own, or a rollback leaves for the next transaction to write over. Nothing spilled is in the WAL index
/// before the commit, so readers and checkpoints never see it.
/// </summary>
internal sealed partial class Pager
{
    /// <summary>
    /// Private pages a write transaction may hold at a safe point before it spills them: by default the
    /// pool's bound on free images (half the cache's size, at least 512 pages).
    /// </summary>
    public int SpillThreshold { get; private init; }

    /// <summary>
    /// Whether a writer may spill: a file database, open's deferred work done and no replay of redo records
    /// running (those commit to memory first). A <c>:memory:</c> database has no log to spill to, and its
    /// committed pages are memory anyway.
    /// </summary>
    public bool CanSpill => _wal is not null && !_readOnly && !_openWorkPending && !AppendsToOverlay;

    /// <summary>Whether the writer in progress has spilled frames into the WAL.</summary>
    public bool HasSpilled => _wal?.HasUncommitted == true;

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
        ThrowIfFailed();
        if (!_wal!.HasUncommitted)
        {
            RestartIfPending();
            CancelEarlyRedo();
        }

        try
        {
            StampChecksums(pages);
            // The commit goes through the WAL's own path, packed below Full durability (see AppendCommit).
            var first = _wal.AppendUncommitted(pages, Volatile.Read(ref _walSyncedLsn), packed: Durability != Durability.Full);
            Counters.CountSpill(pages.Count);
            return first;
        }
        catch (IOException ex)
        {
            throw Fail(ex, "writing a large transaction's pages to the WAL");
        }
    }

    /// <summary>Reads back the page the writer spilled in the frame with <paramref name="lsn"/>, verifying its checksum.</summary>
    /// <exception cref="DatabaseCorruptException">The frame is missing or damaged.</exception>
    public void ReadSpilled(uint pageNumber, long lsn, byte[] image)
    {
        try
        {
            _wal!.ReadUncommitted(pageNumber, lsn, image);
        }
        catch (IOException ex)
        {
            throw new DatabaseCorruptException(_wal!.Name, pageNumber, $"reading back the uncommitted WAL frame with LSN {lsn} failed ({ex.Message})");
        }

        if (!PageChecksum.IsValid(image, pageNumber))
        {
            throw new DatabaseCorruptException(_wal.Name, pageNumber, $"page checksum mismatch in the uncommitted WAL frame with LSN {lsn}");
        }
    }

    /// <summary>Forgets what a writer that rolled back spilled: the next transaction writes over it from the same place and LSN.</summary>
    public void DiscardSpilled() => _wal?.DiscardUncommitted();

    /// <summary>The spilled pages the writer did not change again, reused by each writer in turn (write lock held): published with the commit.</summary>
    public List<(uint PageNumber, long Lsn)> SpilledVersions { get; } = [];

    /// <summary>For each page the writer spilled, the LSN of its newest frame (reused like <see cref="DirtyPages"/>).</summary>
    public Dictionary<uint, long> SpilledPages { get; } = [];

    /// <summary>Spilled pages the writer read back without changing them (reused like <see cref="DirtyPages"/>).</summary>
    public Dictionary<uint, byte[]> ReloadedPages { get; } = [];
}
