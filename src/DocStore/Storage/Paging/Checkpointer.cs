using DocStore.Diagnostics;
using DocStore.Storage.Encryption;

namespace DocStore.Storage.Paging;

/// <summary>Copying committed pages from the WAL into the database file, then restarting the emptied logs.</summary>
internal sealed class Checkpointer
{
    private readonly PagerState _state;
    private readonly BackupGuard _guard;
    private readonly GroupCommit _flusher;
    private readonly RedoJournal _redo;
    private readonly WalRestart _restart;
    private readonly ReaderWait _readerWait;
    private readonly OpenWork _openWork;
    private readonly PageReader _reader;

    // Where the WAL must end before the next forced checkpoint: one that failed (a reader stayed) is not
    // retried by every commit, only once the log has grown by the bound again.
    private long _forcedAt;

    public Checkpointer(PagerState state, BackupGuard guard, GroupCommit flusher, RedoJournal redo, WalRestart restart, ReaderWait readerWait, OpenWork openWork, PageReader reader)
    {
        _state = state;
        _guard = guard;
        _flusher = flusher;
        _redo = redo;
        _restart = restart;
        _readerWait = readerWait;
        _openWork = openWork;
        _reader = reader;
    }

    /// <summary>Whether the WAL or the redo log is past the journal's bound, so that the committer should checkpoint itself.</summary>
    public bool WalOverLimit => _state.Wal is not null && _state.JournalEnd > Math.Max(_state.JournalSizeLimit, Volatile.Read(ref _forcedAt));

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

    /// <summary>
    /// The checkpoint a committer runs when the WAL passed the journal's bound: like <see cref="Checkpoint"/>,
    /// with a longer wait for readers. The caller holds the write lock.
    /// </summary>
    /// <returns>True when the WAL is empty afterwards.</returns>
    public bool ForcedCheckpoint()
    {
        lock (_state.CheckpointGate)
        {
            _readerWait.UseForcedWait();
            try
            {
                var emptied = Checkpoint();
                Volatile.Write(ref _forcedAt, emptied ? 0 : _state.JournalEnd + _state.JournalSizeLimit);
                return emptied;
            }
            finally
            {
                _readerWait.UseNormalWait();
            }
        }
    }

    private bool CheckpointCore()
    {
        lock (_state.CheckpointGate)
        {
            using var scope = _guard.EnterRewrites();
            _state.ThrowIfFailed();
            _openWork.Complete();
            var committed = Volatile.Read(ref _state.CommittedLsn);
            var limit = CopyUpToOldestReader(committed);
            if (limit != committed && _state.Memory is null && !_guard.BackupReading && _readerWait.Await(() => _state.Readers.Oldest() >= committed))
            {
                limit = CopyUpToOldestReader(committed);
            }

            _redo.ResetIfCovered();
            if (limit != committed || _state.Index.PageCount != 0)
            {
                return false;
            }

            // Nothing logged since the last restart: the WAL is already empty, which is what the caller asked for.
            if (_state.Memory is not null)
            {
                return _state.Memory.FrameCount == 0 || _state.Readers.RunIfNoReaders(() => _state.Memory!.Reset(committed + 1));
            }

            return _state.Wal!.FrameCount == 0 || _restart.RestartWal(committed);
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
            _state.Wal?.TrimEmpty(_state.Durability != Durability.None);
            _state.Redo?.TrimEmpty();
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
        lock (_state.CheckpointGate)
        {
            using var scope = _guard.EnterRewrites();
            _state.ThrowIfFailed();
            if (_state.OpenWorkPending)
            {
                // Runs without the write lock: the work opening put off waits for the locked checkpoint.
                return;
            }

            CopyUpToOldestReader(Volatile.Read(ref _state.CommittedLsn));
        }
    }

    // Versions at or before the returned limit are now in the file (and gone from the WAL index).
    private long CopyUpToOldestReader(long committed)
    {
        if (_state.Durability == Durability.Full)
        {
            _flusher.WaitDurable(committed);
        }
        else if (_state.Durability == Durability.Normal)
        {
            _flusher.FlushOnce(committed);
        }

        _flusher.EnsureWalDurable(committed);

        // Writers may append meanwhile (CopyCommitted runs without the write lock): nothing past the commit
        // made durable above may reach the file, or a crash could leave it there without its WAL frames.
        var limit = Math.Min(_state.Readers.Oldest(), committed);
        if (_state.SharedWriter is not { } shared)
        {
            return CopyUpToLimit(limit);
        }

        // Reader processes: the copy lock keeps one that opens from reading the file mid-copy, and nothing
        // past the oldest snapshot any of them holds is copied (docs/storage.md, "Many processes").
        using var copies = shared.HoldCopies();
        return copies is null ? -1 : CopyUpToLimit(shared.LimitCopies(limit));
    }

    private long CopyUpToLimit(long limit)
    {
        Volatile.Write(ref _state.CheckpointSnapshot, limit);
        try
        {
            return CopyUpTo(limit);
        }
        finally
        {
            Volatile.Write(ref _state.CheckpointSnapshot, long.MaxValue);
        }
    }

    private long CopyUpTo(long limit)
    {
        var state = _state;
        var copies = state.Index.CheckpointSet(limit);
        if (copies.Count == 0)
        {
            return limit;
        }

        if (state.Memory is { } memory)
        {
            foreach (var (page, lsn) in copies)
            {
                memory.Checkpoint(page, lsn);
            }

            state.Index.DropUpTo(limit);
            return limit;
        }

        if (_guard.BackupReading)
        {
            // A backup in another process is reading the file: nothing moves into it until a later checkpoint.
            return -1;
        }

        var copy = state.Pool.Rent();
        var doubleWrite = (state.Db as EncryptedDevice)?.DoubleWrite;

        // Readers of every process tell a page caught mid-write from damage by this count (FileCopies).
        state.Copies.BeginCopy();
        try
        {
            if (doubleWrite is not null && state.Durability != Durability.None)
            {
                // Encrypted: a page torn by a power cut no longer decrypts, and WAL deltas may rest on it, so
                // every image is durable in the double-write file before any page of the file is overwritten.
                foreach (var (page, lsn) in copies)
                {
                    ReadVersion(page, lsn, copy);
                    doubleWrite.Add(page, lsn, copy);
                }

                doubleWrite.Flush();
            }

            foreach (var (page, lsn) in copies)
            {
                ReadVersion(page, lsn, copy);
                state.Db!.Write((long)page * state.PageSize, copy);
            }

            if (state.Durability != Durability.None)
            {
                state.Db!.Flush();
            }

            doubleWrite?.Clear();
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "checkpoint into the database file", commitAttempted: false);
        }
        finally
        {
            state.Copies.EndCopy();
            state.Pool.Release(copy);
        }

        // Order matters: stale file images leave the cache before the WAL versions that hide them go. Then
        // each copied version, cached, becomes the file's image: readers that now resolve the page to the file
        // find it there instead of reading the page back.
        foreach (var (page, _) in copies)
        {
            state.Cache.Remove(page, 0);
        }

        state.Index.DropUpTo(limit);
        foreach (var (page, lsn) in copies)
        {
            state.Cache.Rekey(page, lsn, 0);
        }

        return limit;
    }

    // The cached image is read without a registered snapshot, so it is pinned while it is copied, and only
    // then: a pin held over the whole copy and its fsync would keep every image retired meanwhile from being reused.
    private void ReadVersion(uint page, long lsn, byte[] copy)
    {
        using (_state.Pool.PinImages())
        {
            _reader.Read(page, lsn, out _).CopyTo(copy, 0);
        }
    }
}
