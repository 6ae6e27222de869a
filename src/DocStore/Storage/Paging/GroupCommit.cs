namespace DocStore.Storage.Paging;

/// <summary>
/// Making appended commits durable with group commit: whoever takes the flush gate fsyncs every log a
/// commit appended so far rests on (the redo log, the WAL or both), so committers queued behind it usually
/// find their LSN covered and share that one fsync.
/// </summary>
internal sealed class GroupCommit(PagerState state)
{
    private readonly SemaphoreSlim _flushGate = state.FlushGate;
    private readonly PagerState _state = state;

    /// <summary>
    /// Returns once an fsync covering <paramref name="lsn"/> finished. Whoever takes the flush gate fsyncs
    /// everything appended so far, so committers queued behind it usually find their LSN already covered
    /// and share that one fsync (group commit).
    /// </summary>
    /// <exception cref="StorageFailedException">The fsync failed now or earlier.</exception>
    public void WaitDurable(long lsn)
    {
        while (Volatile.Read(ref _state.DurableLsn) < lsn)
        {
            _state.ThrowIfFailed();
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
        while (Volatile.Read(ref _state.DurableLsn) < lsn)
        {
            _state.ThrowIfFailed();
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

    /// <summary>
    /// Under <see cref="Durability.Normal"/>, before a checkpoint: an fsync covering <paramref name="committed"/>
    /// unless one already did (no waiting in line, as <see cref="WaitDurable"/> does).
    /// </summary>
    public void FlushOnce(long committed)
    {
        if (Volatile.Read(ref _state.DurableLsn) >= committed)
        {
            return;
        }

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

    private void FlushUpTo(long lsn)
    {
        if (Volatile.Read(ref _state.DurableLsn) >= lsn)
        {
            return;
        }

        _state.ThrowIfFailed();
        var target = Volatile.Read(ref _state.CommittedLsn);
        try
        {
            FlushFilesUpTo(target);
        }
        catch (IOException ex)
        {
            throw _state.Fail(ex, "fsync of the log");
        }

        // Published before it is marked durable: a committer that finds its LSN durable returns its
        // acknowledgement, and a snapshot taken after that must hold the commit.
        if (_state.Durability == Durability.Full)
        {
            _state.Readers.Publish(target);
        }

        Volatile.Write(ref _state.DurableLsn, target);
    }

    /// <summary>
    /// Makes every commit appended so far durable and visible (under <see cref="Durability.Full"/> a commit
    /// is appended before its fsync publishes it), so that a snapshot taken next holds every commit a writer
    /// may yet be told succeeded. The caller holds the write lock, so none is appended meanwhile.
    /// </summary>
    /// <exception cref="StorageFailedException">The fsync failed now or earlier.</exception>
    public void PublishCommitted()
    {
        var committed = Volatile.Read(ref _state.CommittedLsn);
        if (_state.Durability == Durability.Full)
        {
            WaitDurable(committed);
        }

        _state.Readers.Publish(committed);
    }

    // Flushes whichever files the commits up to target rest on; the caller holds the flush gate.
    private void FlushFilesUpTo(long target)
    {
        var redo = _state.Redo;
        if (redo is not null && Volatile.Read(ref _state.LastRedoCommitLsn) > Volatile.Read(ref _state.RedoSyncedLsn))
        {
            redo.Flush();
            Volatile.Write(ref _state.RedoSyncedLsn, target);
        }

        if (redo is null || Volatile.Read(ref _state.LastWalCommitLsn) > Volatile.Read(ref _state.WalSyncedLsn))
        {
            FlushWal(target);
        }
    }

    /// <summary>Fsyncs the WAL and records how far it is flushed; the caller holds the flush gate (or the log is not yet shared).</summary>
    public void FlushWal(long target)
    {
        _state.Wal!.Flush();
        if (target > Volatile.Read(ref _state.WalSyncedLsn))
        {
            Volatile.Write(ref _state.WalSyncedLsn, target);
        }
    }

    /// <summary>
    /// Before a checkpoint copies pages into the database file, the WAL frames it copies must be durable:
    /// recovery from a crash in the middle of the copy replays them over the half-written file (a redo
    /// record cannot: it needs the pages as they were before its transaction).
    /// </summary>
    public void EnsureWalDurable(long committed)
    {
        if (_state.Wal is null || _state.Durability == Durability.None || Volatile.Read(ref _state.WalSyncedLsn) >= committed)
        {
            return;
        }

        _flushGate.Wait();
        try
        {
            _state.ThrowIfFailed();
            if (Volatile.Read(ref _state.WalSyncedLsn) < committed)
            {
                FlushWal(committed);
            }
        }
        catch (IOException ex)
        {
            throw _state.Fail(ex, "fsync of the WAL", commitAttempted: false);
        }
        finally
        {
            _flushGate.Release();
        }
    }
}
