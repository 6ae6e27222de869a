using DocStore.Engine.Upkeep;

namespace DocStore.Engine.Lifecycle;

/// <summary>Closing the database: the last checkpoint, a writer still open rolled back, the files closed.</summary>
internal sealed class EngineCloser(EngineState state, CheckpointScheduler checkpoints)
{
    // How long closing lets an open write transaction notice it was closed and roll itself back before
    // rolling it back itself (an idle one never notices).
    private static readonly TimeSpan DisposeGrace = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Checkpoints everything and closes the files, once the engine is marked closed. A write transaction
    /// still open is rolled back (see <see cref="TakeLockFromOpenWriter"/>).
    /// </summary>
    public void Close()
    {
        // Let a background checkpoint finish first: it may need the write lock taken below. None starts
        // after this: AfterCommit and the idle timer check the closed flag under the same gate.
        checkpoints.StopIdleTimer();
        checkpoints.WaitForBackgroundCheckpoint();
        var writeLock = state.WriteLock;
        var locked = writeLock.TryTake() || TakeLockFromOpenWriter();

        // A shared open checkpoints at close only in a turn of its own: another process may be writing.
        var turn = false;
        try
        {
            turn = locked && state.Pager.Turns is not null && state.TryTakeTurn();
        }
        catch (DatabaseCorruptException)
        {
            // The published commits cannot be read: the next open reports it.
        }

        try
        {
            // A session that never wrote leaves the files as it found them (opening wrote nothing either),
            // except for a backup lock file it created itself: a compaction's swap or a backup's lock takes it
            // without writing through the pager that closes here.
            var wrote = !state.Pager.OpenWorkPending;
            if (locked && (state.Pager.Turns is null || turn) && (wrote || !state.BackupLockFoundAtOpen))
            {
                try
                {
                    if (wrote && state.Pager.Checkpoints.Checkpoint())
                    {
                        state.Pager.Checkpoints.TrimEmptyLog();
                    }

                    state.Pager.Backups.RemoveBackupLock();
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
            if (turn)
            {
                EndTurn();
            }

            state.Pager.Dispose();
            if (locked)
            {
                // Whoever waits in line gets it next, sees the engine closed and passes it on.
                writeLock.Release();
            }
        }
    }

    private void EndTurn()
    {
        try
        {
            state.Pager.Turns!.End();
        }
        catch (StorageFailedException)
        {
            // Nothing more can be made durable; the lock is released all the same.
        }
    }

    /// <summary>
    /// Closing found the write lock held. An open write transaction is closed: one in the middle of an
    /// operation notices at its next page access and rolls back, one whose commit is appending is waited
    /// for, and an idle one (a caller that never ended it) is rolled back here, so that closing does not
    /// wait out the write lock timeout. Anything else holding the lock (a checkpoint) is waited for.
    /// </summary>
    private bool TakeLockFromOpenWriter()
    {
        var options = state.Options;
        var writeLock = state.WriteLock;
        var deadline = DateTime.UtcNow + (options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? TimeSpan.FromDays(1) : options.WriteLockTimeout);
        while (DateTime.UtcNow < deadline)
        {
            var writer = Volatile.Read(ref state.Writer);
            if (writer is null)
            {
                if (writeLock.Wait(DisposeGrace))
                {
                    return true;
                }

                continue;
            }

            writer.MarkClosedByEngine();
            if (writeLock.Wait(DisposeGrace))
            {
                return true;
            }

            if (writer.IsAppending)
            {
                // The commit was under way before the close: it completes (or fails) and releases the lock.
                return writeLock.Wait(options.WriteLockTimeout);
            }

            writer.RollBackForEngineDisposal();
            if (writeLock.Wait(DisposeGrace))
            {
                return true;
            }
        }

        return false;
    }
}
