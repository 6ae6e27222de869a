namespace DocStore.Storage.Paging;

/// <summary>
/// Restarting the WAL while readers are live. Once a checkpoint has copied every committed page into the
/// database file and the WAL index has forgotten their versions, a reader that registers afterwards resolves
/// every page to the file and never reads a frame; only readers registered before may still be reading
/// one. The registry is rotated to tell the two apart by epoch, and the log restarts once no reader of an
/// older epoch is left: at once, after a short wait, or at the next commit.
/// </summary>
internal sealed class WalRestart(PagerState state, BackupGuard guard, ReaderWait readerWait)
{
    // Set when a checkpoint emptied the WAL index but readers of an epoch before this one were still live:
    // the next commit restarts the log before it appends if they have left by then (0: nothing pending).
    private long _restartEpoch;

    /// <summary>Under the checkpoint gate and the write lock, with every committed version copied and dropped from the index.</summary>
    /// <returns>True when the WAL was restarted.</returns>
    public bool RestartWal(long committed)
    {
        if (guard.BackupReading)
        {
            // A backup in another process may be reading frames: a later checkpoint restarts the log.
            return false;
        }

        var readers = state.Readers;
        readers.Rotate();
        var epoch = readers.CurrentEpoch;
        if (!readerWait.Await(() => readers.OldestReaderEpoch() >= epoch))
        {
            Volatile.Write(ref _restartEpoch, epoch);
            return false;
        }

        if (!Reset(committed))
        {
            Volatile.Write(ref _restartEpoch, epoch);
            return false;
        }

        return true;
    }

    /// <summary>
    /// Before a commit appends (write lock held): restarts the WAL if the last checkpoint emptied it but had to
    /// leave the restart to later, and the readers that held it back are gone.
    /// </summary>
    public void RestartIfPending()
    {
        var epoch = Volatile.Read(ref _restartEpoch);
        if (epoch == 0 || !state.CheckpointGate.TryEnter())
        {
            return;
        }

        try
        {
            using var scope = guard.EnterRewrites();
            Volatile.Write(ref _restartEpoch, 0);
            // Frames appended since (by a commit that found the readers still there) would be lost by a restart.
            var committed = Volatile.Read(ref state.CommittedLsn);
            if (state.Index.PageCount == 0 && state.Wal!.FrameCount != 0 && committed == state.Wal.NextLsn - 1
                && state.Readers.OldestReaderEpoch() >= epoch && !guard.BackupReading && !Reset(committed))
            {
                // A reader process still reads the log: the next checkpoint tries again.
                Volatile.Write(ref _restartEpoch, epoch);
            }
        }
        finally
        {
            state.CheckpointGate.Exit();
        }
    }

    // False when a reader process still reads the log (docs/storage.md, "Many processes"): nothing was done.
    private bool Reset(long committed)
    {
        if (state.SharedWriter is not { } shared)
        {
            ResetLog(committed);
            return true;
        }

        using var copies = shared.HoldCopies();
        return copies is not null
            && shared.TryRestart(() => ResetLog(committed), () => (state.Wal!.Salt, state.Wal.FirstLsn, committed));
    }

    private void ResetLog(long committed)
    {
        try
        {
            state.Wal!.Reset(committed + 1, state.Durability != Durability.None, state.JournalSizeLimit);
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "restarting the WAL", commitAttempted: false);
        }
    }
}
