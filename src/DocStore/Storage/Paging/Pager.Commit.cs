using DocStore.Storage.Pages;
using DocStore.Storage.Redo;

namespace DocStore.Storage.Paging;

/// <summary>Appending commits and making them durable with group commit.</summary>
internal sealed partial class Pager
{
    /// <summary>
    /// A list the writer reuses to hand its sorted pages to <see cref="AppendCommit"/>; only the holder of
    /// the write lock touches it, so no commit allocates one.
    /// </summary>
    public List<CommitPage> CommitPages { get; } = [];

    /// <summary>The write transaction's private page copies, reused by each writer in turn (write lock held).</summary>
    public Dictionary<uint, byte[]> DirtyPages { get; } = [];

    /// <summary>
    /// For each private copy made from a committed page, the committed image it came from (reused like
    /// <see cref="DirtyPages"/>): the WAL logs the difference when it is small.
    /// </summary>
    public Dictionary<uint, byte[]> DirtyPrevious { get; } = [];

    /// <summary>
    /// Appends a transaction's pages (sorted, checksums not yet stamped) to the WAL and publishes them to
    /// the next writer. Readers see them once <see cref="WaitDurable"/> covered them (Full) or at once.
    /// The caller holds the write lock.
    /// </summary>
    /// <returns>The commit LSN.</returns>
    /// <param name="pages">The pages, sorted by number.</param>
    /// <param name="pageCount">The database's size in pages after the commit.</param>
    /// <param name="redoOperations">
    /// The transaction's tree changes when they were all recorded (see <see cref="RecordsRedo"/>): the commit
    /// is then made durable by a redo record instead of the WAL's fsync. Null otherwise, and ignored when the
    /// transaction spilled.
    /// </param>
    /// <param name="spilled">
    /// The versions the transaction spilled (see <see cref="Spill"/>) of pages not in <paramref name="pages"/>:
    /// published with the commit. Null when it spilled nothing.
    /// </param>
    public long AppendCommit(List<CommitPage> pages, uint pageCount, RedoOperations? redoOperations = null, List<(uint PageNumber, long Lsn)>? spilled = null)
    {
        ThrowIfFailed();
        if (_memory is not null)
        {
            return PublishInMemory(pages);
        }

        if (AppendsToOverlay)
        {
            // A redo record replayed at open, before anything may be written (see Pager.OpenWork.cs).
            return AppendToOverlay(pages, pageCount);
        }

        // A restart would drop the frames a transaction spilled; it was done, if pending, before the first.
        var hasSpilled = _wal!.HasUncommitted;
        if (!hasSpilled)
        {
            RestartIfPending();
        }

        var viaRedo = redoOperations is not null && RecordsRedo && !hasSpilled;
        if (!viaRedo)
        {
            CancelEarlyRedo();
        }

        long lsn;
        try
        {
            if (viaRedo)
            {
                lsn = AppendWithRedo(pages, pageCount, redoOperations!.Span);
            }
            else
            {
                StampChecksums(pages);
                lsn = _wal!.AppendCommit(pages, pageCount, Volatile.Read(ref _walSyncedLsn), packed: Durability != Durability.Full);
            }
        }
        catch (IOException ex)
        {
            throw Fail(ex, "writing the WAL");
        }

        var first = lsn - pages.Count + 1;
        if (spilled is { Count: > 0 })
        {
            // Spilled pages not in the cache: readers miss and read their frames.
            _index.AddSpilled(spilled);
        }

        _index.AddCommitted(pages, first);
        _cache.AddCommitted(pages, first, OldestSnapshotInUse());

        // Raised before the commit is published, so that a flush that covers it knows which file to flush.
        Volatile.Write(ref viaRedo ? ref _lastRedoCommitLsn : ref _lastWalCommitLsn, lsn);
        _lastCommitLink = viaRedo ? _redo!.LastStartLsn : lsn;
        Volatile.Write(ref _committedLsn, lsn);
        if (Durability != Durability.Full)
        {
            Readers.Publish(lsn);
        }

        return lsn;
    }

    private static void StampChecksums(List<CommitPage> pages)
    {
        foreach (var page in pages)
        {
            PageChecksum.Stamp(page.Image, page.PageNumber);
        }
    }

    // Memory cannot tear or survive a crash: the commit is durable and visible as soon as its versions are indexed.
    private long PublishInMemory(List<CommitPage> pages)
    {
        var lsn = _memory!.Append(pages);
        _index.AddCommitted(pages, lsn - pages.Count + 1);

        Volatile.Write(ref _committedLsn, lsn);
        Volatile.Write(ref _durableLsn, lsn);
        Readers.Publish(lsn);
        return lsn;
    }

    /// <summary>
    /// Returns once an fsync covering <paramref name="lsn"/> finished. Whoever takes the flush gate fsyncs
    /// everything appended so far, so committers queued behind it usually find their LSN already covered
    /// and share that one fsync (group commit).
    /// </summary>
    /// <exception cref="StorageFailedException">The fsync failed now or earlier.</exception>
    public void WaitDurable(long lsn)
    {
        while (Volatile.Read(ref _durableLsn) < lsn)
        {
            ThrowIfFailed();
            _flushGate.Wait();
            try
            {
                FlushUpTo(lsn);
            }
            finally
            {
                _flushGate.Release();
            }
        }
    }

    /// <summary>The asynchronous twin of <see cref="WaitDurable"/>: waits for the flush gate without blocking a thread.</summary>
    public async ValueTask WaitDurableAsync(long lsn, CancellationToken cancellationToken)
    {
        while (Volatile.Read(ref _durableLsn) < lsn)
        {
            ThrowIfFailed();
            await _flushGate.WaitAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                FlushUpTo(lsn);
            }
            finally
            {
                _flushGate.Release();
            }
        }
    }

    private void FlushUpTo(long lsn)
    {
        if (Volatile.Read(ref _durableLsn) >= lsn)
        {
            return;
        }

        ThrowIfFailed();
        var target = Volatile.Read(ref _committedLsn);
        try
        {
            FlushFilesUpTo(target);
        }
        catch (IOException ex)
        {
            throw Fail(ex, "fsync of the log");
        }

        // Published before it is marked durable: a committer that finds its LSN durable returns its
        // acknowledgement, and a snapshot taken after that must hold the commit.
        if (Durability == Durability.Full)
        {
            Readers.Publish(target);
        }

        Volatile.Write(ref _durableLsn, target);
    }

    /// <summary>
    /// Makes every commit appended so far durable and visible (under <see cref="Durability.Full"/> a commit
    /// is appended before its fsync publishes it), so that a snapshot taken next holds every commit a writer
    /// may yet be told succeeded. The caller holds the write lock, so none is appended meanwhile.
    /// </summary>
    /// <exception cref="StorageFailedException">The fsync failed now or earlier.</exception>
    public void PublishCommitted()
    {
        var committed = CommittedLsn;
        if (Durability == Durability.Full)
        {
            WaitDurable(committed);
        }

        Readers.Publish(committed);
    }

    /// <summary>Throws if an earlier write or fsync failed: nothing may be committed on top of an unknown state.</summary>
    public void ThrowIfFailed()
    {
        if (Volatile.Read(ref _failure) is { } failure)
        {
            throw new StorageFailedException($"{Name}: an earlier write or fsync failed ({failure.Message}); the database refuses commits until it is reopened.", failure);
        }
    }

    // Only a failure on a commit's own path may tell its caller that the commit is not acknowledged: a
    // checkpoint, a log restart or a rollback has no commit of its own (as at the first write after a
    // reopen on a full disk, which checkpoints first).
    private StorageFailedException Fail(IOException ex, string what, bool commitAttempted = true)
    {
        Interlocked.CompareExchange(ref _failure, ex, null);
        var message = commitAttempted
            ? $"{Name}: {what} failed; this commit is not acknowledged and the database refuses commits until it is reopened."
            : $"{Name}: {what} failed; the database refuses commits until it is reopened.";
        return new StorageFailedException(message, ex);
    }
}
