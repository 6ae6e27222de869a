using DocStore.Diagnostics;
using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine;

// Closing the database.
internal sealed partial class StorageEngine
{
    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);

    /// <summary>
    /// The asynchronous twin of <see cref="Dispose"/>: waits for a running background checkpoint without
    /// blocking a thread, then closes as <see cref="Dispose"/> does (the final checkpoint writes synchronously).
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        await WaitForBackgroundCheckpointAsync().ConfigureAwait(false);
        Dispose();
    }

    /// <summary>
    /// Dispose found the write lock held. An open write transaction is closed: one in the middle of an
    /// operation notices at its next page access and rolls back, one whose commit is appending is waited
    /// for, and an idle one (a caller that never ended it) is rolled back here, so that closing does not
    /// wait out the write lock timeout. Anything else holding the lock (a checkpoint) is waited for.
    /// </summary>
    private bool TakeLockFromOpenWriter()
    {
        var deadline = DateTime.UtcNow + (_options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? TimeSpan.FromDays(1) : _options.WriteLockTimeout);
        while (DateTime.UtcNow < deadline)
        {
            var writer = Volatile.Read(ref _writer);
            if (writer is null)
            {
                if (_writeLock.Wait(DisposeGrace))
                {
                    return true;
                }

                continue;
            }

            writer.MarkClosedByEngine();
            if (_writeLock.Wait(DisposeGrace))
            {
                return true;
            }

            if (writer.IsAppending)
            {
                // The commit was under way before the close: it completes (or fails) and releases the lock.
                return _writeLock.Wait(_options.WriteLockTimeout);
            }

            writer.RollBackForEngineDisposal();
            if (_writeLock.Wait(DisposeGrace))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Checkpoints everything and closes the files. A write transaction still open is rolled back (see
    /// <see cref="TakeLockFromOpenWriter"/>); using it afterwards throws <see cref="ObjectDisposedException"/>.
    /// </summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        DocStoreMetrics.UntrackWalSize(this);

        // Let a background checkpoint finish first: it may need the write lock taken below. None starts
        // after this: AfterCommit and the idle timer check _disposed under the same gate.
        _idleTimer?.Dispose();
        WaitForBackgroundCheckpoint();
        var locked = _writeLock.TryTake() || TakeLockFromOpenWriter();
        try
        {
            // A session that never wrote leaves the files as it found them (opening wrote nothing either),
            // except for a backup lock file it created itself: a compaction's swap or a backup's lock takes it
            // without writing through the pager that closes here.
            var wrote = !_pager.OpenWorkPending;
            if (locked && (wrote || !_backupLockFoundAtOpen))
            {
                try
                {
                    if (wrote && _pager.Checkpoint())
                    {
                        _pager.TrimEmptyLog();
                    }

                    _pager.RemoveBackupLock();
                }
                catch (StorageFailedException)
                {
                    // Nothing more can be made durable; recovery at the next open sorts out the files.
                }
                catch (DatabaseCorruptException)
                {
                    // A damaged log page stays in the log, where the next open and the integrity check report it.
                }
            }
        }
        finally
        {
            _pager.Dispose();
            if (locked)
            {
                // Whoever waits in line gets it next, sees the engine closed and passes it on.
                _writeLock.Release();
            }
        }
    }
}
