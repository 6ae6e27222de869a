using DocStore.Diagnostics;
namespace DocStore.Storage.Paging;

/// <summary>Copying committed pages from the WAL into the database file.</summary>
internal sealed partial class Pager
{
    // One checkpoint at a time: two copying at once could let an older page version land after a newer one.
    private readonly Lock _checkpointGate = new();

    // The snapshot a running checkpoint copies (long.MaxValue when none runs): the versions it reads must
    // stay cached like those of a reader at that snapshot.
    private long _checkpointSnapshot = long.MaxValue;

    /// <summary>The oldest snapshot a reader or a running checkpoint may still read pages at.</summary>
    private long OldestSnapshotInUse() => Math.Min(Readers.Oldest(), Volatile.Read(ref _checkpointSnapshot));

    /// <summary>
    /// Copies into the database file the newest version of every page at or before the oldest live
    /// reader's snapshot (so nothing a reader still resolves to the file changes under it), then restarts
    /// the WAL if everything was copied and no reader can still read a frame of it. The caller holds the
    /// write lock, so no commit lands meanwhile: readers of older snapshots are given a moment to leave.
    /// </summary>
    /// <returns>True when the WAL is empty afterwards (restarted now, or already empty).</returns>
    public bool Checkpoint()
    {
        using var activity = DocStoreMetrics.Source.StartActivity("docstore.checkpoint");
        var started = DocStoreMetrics.StartTimer(DocStoreMetrics.CheckpointDuration);
        try
        {
            return CheckpointCore();
        }
        finally
        {
            DocStoreMetrics.CountTimed(DocStoreMetrics.Checkpoints, DocStoreMetrics.CheckpointDuration, started);
        }
    }

    private bool CheckpointCore()
    {
        lock (_checkpointGate)
        {
            using var guard = EnterRewrites();
            ThrowIfFailed();
            CompleteOpenWork();
            var committed = CommittedLsn;
            var limit = CopyUpToOldestReader(committed);
            if (limit != committed && _memory is null && !BackupReading && AwaitReaders(() => Readers.Oldest() >= committed))
            {
                limit = CopyUpToOldestReader(committed);
            }

            ResetRedoIfCovered();
            if (limit != committed || _index.PageCount != 0)
            {
                return false;
            }

            // Nothing logged since the last restart: the WAL is already empty, which is what the caller asked for.
            if (_memory is not null)
            {
                return _memory.FrameCount == 0 || Readers.RunIfNoReaders(() => _memory.Reset(committed + 1));
            }

            return _wal!.FrameCount == 0 || RestartWal(committed);
        }
    }

    /// <summary>
    /// At a clean close, after a checkpoint that emptied the log: cuts the WAL file back to its header. Best
    /// effort: a failure leaves a longer but valid log, which the next open reads through.
    /// </summary>
    public void TrimEmptyLog()
    {
        try
        {
            _wal?.TrimEmpty(Durability != Durability.None);
            _redo?.TrimEmpty();
        }
        catch (IOException)
        {
            // The log stays as it was: still valid, only longer.
        }
    }

    /// <summary>
    /// The bulk of a checkpoint without the write lock, so writers keep appending meanwhile: makes the log
    /// durable up to the last commit and copies what readers allow into the database file. The WAL restart
    /// (which must not race an append) is left to <see cref="Checkpoint"/> under the write lock, which then
    /// has only the frames appended since to copy.
    /// </summary>
    public void CopyCommitted()
    {
        lock (_checkpointGate)
        {
            using var guard = EnterRewrites();
            ThrowIfFailed();
            if (_openWorkPending)
            {
                // Runs without the write lock: the work opening put off waits for the locked checkpoint.
                return;
            }

            CopyUpToOldestReader(CommittedLsn);
        }
    }

    // Versions at or before the returned limit are now in the file (and gone from the WAL index).
    private long CopyUpToOldestReader(long committed)
    {
        if (Durability == Durability.Full)
        {
            WaitDurable(committed);
        }
        else if (Durability == Durability.Normal && Volatile.Read(ref _durableLsn) < committed)
        {
            _flushGate.Wait();
            try
            {
                FlushUpTo(committed);
            }
            finally
            {
                _flushGate.Release();
            }
        }

        EnsureWalDurable(committed);

        // Writers may append meanwhile (CopyCommitted runs without the write lock): nothing past the commit
        // made durable above may reach the file, or a crash could leave it there without its WAL frames.
        var limit = Math.Min(Readers.Oldest(), committed);
        Volatile.Write(ref _checkpointSnapshot, limit);
        try
        {
            return CopyUpTo(limit);
        }
        finally
        {
            Volatile.Write(ref _checkpointSnapshot, long.MaxValue);
        }
    }

    private long CopyUpTo(long limit)
    {
        var copies = _index.CheckpointSet(limit);
        if (copies.Count == 0)
        {
            return limit;
        }

        if (_memory is not null)
        {
            foreach (var (page, lsn) in copies)
            {
                _memory.Checkpoint(page, lsn);
            }

            _index.DropUpTo(limit);
            return limit;
        }

        if (BackupReading)
        {
            // A backup in another process is reading the file: nothing moves into it until a later checkpoint.
            return -1;
        }

        var copy = NewImage();
        try
        {
            foreach (var (page, lsn) in copies)
            {
                // The cached image is read without a registered snapshot, so it is pinned while it is copied,
                // and only then: a pin held over the whole copy and its fsync would keep every image retired
                // meanwhile from being reused.
                using (PinImages())
                {
                    Read(page, lsn).CopyTo(copy, 0);
                }

                _db!.Write((long)page * PageSize, copy);
            }

            if (Durability != Durability.None)
            {
                _db!.Flush();
            }
        }
        catch (IOException ex)
        {
            throw Fail(ex, "checkpoint into the database file", commitAttempted: false);
        }
        finally
        {
            ReleaseImage(copy);
        }

        // Order matters: stale file images leave the cache before the WAL versions that hide them go. Then
        // each copied version, cached, becomes the file's image: readers that now resolve the page to the file
        // find it there instead of reading the page back.
        foreach (var (page, _) in copies)
        {
            _cache.Remove(page, 0);
        }

        _index.DropUpTo(limit);
        foreach (var (page, lsn) in copies)
        {
            _cache.Rekey(page, lsn, 0);
        }

        return limit;
    }
}
