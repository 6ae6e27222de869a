using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine;

// Checkpoints: on request, in the background after commits, and the invariant check handed to writers.
internal sealed partial class StorageEngine
{
    /// <summary>
    /// Copies committed pages from the WAL into the database file, as far as live readers allow, and
    /// restarts the WAL when all of it was copied and no reader is live. Waits for the write lock.
    /// </summary>
    /// <returns>True when the WAL is now empty.</returns>
    public bool Checkpoint()
    {
        ThrowIfDisposed();
        ThrowIfReadOnly("a checkpoint");
        if (!_writeLock.Wait(_options.WriteLockTimeout))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        try
        {
            // Dispose may have begun while this caller waited for the lock.
            ThrowIfDisposed();
            return _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>The asynchronous twin of <see cref="Checkpoint"/>: waits for the write lock without blocking a thread.</summary>
    public async ValueTask<bool> CheckpointAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        ThrowIfReadOnly("a checkpoint");
        if (!await _writeLock.WaitAsync(_options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        try
        {
            // Dispose may have begun while this caller waited for the lock.
            ThrowIfDisposed();
            return _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>
    /// The invariant checker run before every commit in builds that define DOCSTORE_INVARIANTS (.ci/run
    /// runs the engine tests so, built with <c>-p:DocStoreInvariants=true</c>): it walks every tree and the
    /// free list and refuses to commit a broken state. Off otherwise, because the walk costs time
    /// proportional to the database.
    /// </summary>
    private static Action<WriteTransaction>? InvariantCheck =>
#if DOCSTORE_INVARIANTS
        static transaction =>
        {
            var report = IntegrityChecker.Check(transaction);
            if (!report.IsValid)
            {
                throw new DatabaseCorruptException(transaction.DatabaseName, -1, "invariant check before commit failed: " + report);
            }
        };
#else
        null;
#endif

    /// <summary>
    /// Runs after every acknowledged commit. Past the threshold, a file database starts a background
    /// checkpoint (unless one is running) so the committing caller never pays for it; an in-memory one
    /// checkpoints inline (moving references costs less than scheduling) if no writer is waiting.
    /// </summary>
    private void AfterCommit()
    {
        if (_pager.OpenWorkPending)
        {
            // A commit replayed at open, kept in memory: nothing to checkpoint before the first write.
            return;
        }

        if (_idleTimer is not null)
        {
            NoteCommit();
        }

        // In memory a checkpoint only moves references, so it runs far more often: superseded page
        // versions then die young (cheap for the GC) instead of being kept, and promoted, for thousands of frames.
        var threshold = _pager.IsInMemory ? Math.Min(_options.AutoCheckpointFrames, MemoryCheckpointFrames) : _options.AutoCheckpointFrames;
        if (threshold == 0 || _pager.JournalSizeInPages < threshold + _pager.BackupDeferredAtPages)
        {
            return;
        }

        if (_pager.WalOverLimit)
        {
            // Readers kept the background checkpoints from restarting the log: this committer checkpoints
            // itself, which waits for them with the write lock held, so the log stops growing.
            CheckpointInline();
            return;
        }

        if (!_pager.IsInMemory)
        {
            lock (_backgroundGate)
            {
                if (_background.IsCompleted && Volatile.Read(ref _disposed) == 0 && !_backgroundPaused)
                {
                    _background = Task.Run(() => BackgroundCheckpoint(trimWhenEmpty: false));
                }
            }

            return;
        }

        if (!_writeLock.TryTake())
        {
            return;
        }

        try
        {
            _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    private void CheckpointInline()
    {
        if (Volatile.Read(ref _disposed) != 0 || !_writeLock.Wait(_options.WriteLockTimeout))
        {
            return;
        }

        try
        {
            if (Volatile.Read(ref _disposed) == 0)
            {
                _pager.ForcedCheckpoint();
            }
        }
        catch (Exception ex) when (ex is StorageFailedException or DatabaseCorruptException or IOException)
        {
            // The commit is acknowledged whatever happens here; as in the background, the pager records a
            // failed write and the next commit reports it, and a damaged page fails whoever reads it next.
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>
    /// Waits for the background checkpoint that is running, if any (one that starts later is not waited
    /// for): <see cref="Dispose"/> does before it takes the write lock, which that checkpoint may need.
    /// </summary>
    public void WaitForBackgroundCheckpoint() => BackgroundCheckpointTask().Wait();

    /// <summary>
    /// The asynchronous twin of <see cref="WaitForBackgroundCheckpoint"/>: completes when the background
    /// checkpoint running now ends (at once when none is).
    /// </summary>
    public Task WaitForBackgroundCheckpointAsync() => BackgroundCheckpointTask();

    private Task BackgroundCheckpointTask()
    {
        lock (_backgroundGate)
        {
            return _background;
        }
    }

    // Copies while writers keep committing, then takes the write lock only to copy what they appended
    // meanwhile and restart the WAL (and, after a pause in commits, cut the emptied logs back to their
    // headers). Failures are not lost by ending here: the pager records a failed write or fsync and refuses
    // later commits with it, and a corrupt or unreadable page fails whoever reads it next.
    private void BackgroundCheckpoint(bool trimWhenEmpty)
    {
        try
        {
            _pager.CopyCommitted();
            if (Volatile.Read(ref _disposed) != 0 || !_writeLock.Wait(_options.WriteLockTimeout))
            {
                return;
            }

            try
            {
                if (Volatile.Read(ref _disposed) == 0)
                {
                    var emptied = _pager.Checkpoint();
                    if (trimWhenEmpty && emptied)
                    {
                        _pager.TrimEmptyLog();
                    }
                    else if (trimWhenEmpty)
                    {
                        // Readers kept the log from restarting: look again after another pause, or a
                        // database that is only read from now on would keep its journal for good.
                        ArmIdleTimerOnce();
                    }
                }
            }
            finally
            {
                _writeLock.Release();
            }
        }
        catch (StorageFailedException)
        {
            // Recorded by the pager; the next commit reports it.
        }
        catch (DatabaseCorruptException)
        {
            // The damaged page stays in the WAL index; readers and the next checkpoint report it.
        }
        catch (IOException)
        {
            // A failed read of a WAL frame: nothing was changed, the next checkpoint retries.
        }
    }
}
