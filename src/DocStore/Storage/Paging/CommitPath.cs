using DocStore.Storage.Pages;
using DocStore.Storage.Redo;

namespace DocStore.Storage.Paging;

/// <summary>
/// Appending a commit to the WAL (or the redo log, or memory) and publishing it: to the next writer at once,
/// to readers once <see cref="GroupCommit.WaitDurable"/> covered it (Full) or at once.
/// </summary>
internal sealed class CommitPath(PagerState state, OpenWork openWork, WalRestart restart, RedoJournal redo)
{
    /// <summary>
    /// Appends a transaction's pages (sorted, checksums not yet stamped) to the WAL and publishes them to
    /// the next writer. Readers see them once <see cref="GroupCommit.WaitDurable"/> covered them (Full) or at once.
    /// The caller holds the write lock.
    /// </summary>
    /// <returns>The commit LSN.</returns>
    /// <param name="pages">The pages, sorted by number.</param>
    /// <param name="pageCount">The database's size in pages after the commit.</param>
    /// <param name="redoOperations">
    /// The transaction's tree changes when they were all recorded (see <see cref="RedoJournal.RecordsCommits"/>): the commit
    /// is then made durable by a redo record instead of the WAL's fsync. Null otherwise, and ignored when the
    /// transaction spilled.
    /// </param>
    /// <param name="spilled">
    /// The versions the transaction spilled (see <see cref="SpillLog.Spill"/>) of pages not in <paramref name="pages"/>:
    /// published with the commit. Null when it spilled nothing.
    /// </param>
    public long AppendCommit(List<CommitPage> pages, uint pageCount, RedoOperations? redoOperations = null, List<(uint PageNumber, long Lsn)>? spilled = null)
    {
        state.ThrowIfFailed();
        if (state.Memory is not null)
        {
            return PublishInMemory(pages);
        }

        if (openWork.AppendsToOverlay)
        {
            // A redo record replayed at open, before anything may be written (see OpenWork).
            return openWork.AppendToOverlay(pages, pageCount);
        }

        // A restart would drop the frames a transaction spilled; it was done, if pending, before the first.
        var wal = state.Wal!;
        var hasSpilled = wal.HasUncommitted;
        if (!hasSpilled)
        {
            restart.RestartIfPending();
        }

        var viaRedo = redoOperations is not null && redo.RecordsCommits && !hasSpilled;
        if (!viaRedo)
        {
            redo.CancelEarly();
        }

        long lsn;
        try
        {
            if (viaRedo)
            {
                lsn = redo.AppendCommit(pages, pageCount, redoOperations!.Span);
            }
            else
            {
                StampChecksums(pages);
                lsn = wal.AppendCommit(pages, pageCount, Volatile.Read(ref state.WalSyncedLsn), packed: state.Durability != Durability.Full);
            }
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "writing the WAL");
        }

        var first = lsn - pages.Count + 1;
        if (spilled is { Count: > 0 })
        {
            // Spilled pages not in the cache: readers miss and read their frames.
            state.Index.AddSpilled(spilled);
        }

        state.Index.AddCommitted(pages, first);
        state.Cache.AddCommitted(pages, first, state.OldestSnapshotInUse());

        // Raised before the commit is published, so that a flush that covers it knows which file to flush.
        Volatile.Write(ref viaRedo ? ref state.LastRedoCommitLsn : ref state.LastWalCommitLsn, lsn);
        state.LastCommitLink = viaRedo ? state.Redo!.LastStartLsn : lsn;
        Volatile.Write(ref state.CommittedLsn, lsn);
        if (state.Durability != Durability.Full)
        {
            state.Readers.Publish(lsn);
        }

        return lsn;
    }

    /// <summary>Stamps the checksum of each page of a commit or a spill.</summary>
    public static void StampChecksums(List<CommitPage> pages)
    {
        foreach (var page in pages)
        {
            PageChecksum.Stamp(page.Image, page.PageNumber);
        }
    }

    // Memory cannot tear or survive a crash: the commit is durable and visible as soon as its versions are indexed.
    private long PublishInMemory(List<CommitPage> pages)
    {
        var lsn = state.Memory!.Append(pages);
        state.Index.AddCommitted(pages, lsn - pages.Count + 1);

        Volatile.Write(ref state.CommittedLsn, lsn);
        Volatile.Write(ref state.DurableLsn, lsn);
        state.Readers.Publish(lsn);
        return lsn;
    }
}
