using System.Diagnostics;

namespace DocStore.Storage.Paging;

/// <summary>
/// Restarting the WAL while readers are live. Once a checkpoint has copied every committed page into the
/// database file and the WAL index has forgotten their versions, a reader that registers afterwards resolves
/// every page to the file and never reads a frame; only readers registered before may still be reading
/// one. The registry is rotated to tell the two apart by epoch, and the log restarts once no reader of an
/// older epoch is left: at once, after a short wait, or at the next commit.
/// </summary>
internal sealed partial class Pager
{
    // How long a checkpoint holding the write lock waits for readers of older snapshots or epochs to leave:
    // point reads and short scans take microseconds, so this covers a reader that lost its processor. A
    // checkpoint forced by the journal's bound waits longer, since the log grows until it succeeds, unless a
    // known long reader is live (see _longReaders).
    private static readonly long ReaderWaitTicks = Stopwatch.Frequency / 50;
    private static readonly long ForcedReaderWaitTicks = Stopwatch.Frequency;

    // Readers known to be long (a backup, a compaction's copy): a forced checkpoint does not wait a second
    // for them, since they would stall every writer for nothing; the log outgrows its bound until they end.
    private int _longReaders;

    // The wait of the checkpoint running now (under the checkpoint gate).
    private long _readerWait = ReaderWaitTicks;

    // Where the WAL must end before the next forced checkpoint: one that failed (a reader stayed) is not
    // retried by every commit, only once the log has grown by the bound again.
    private long _forcedAt;

    // What a restart cuts the logs back to (and what a commit may leave in the WAL before it checkpoints itself).
    private readonly long _journalSizeLimit;

    // Set when a checkpoint emptied the WAL index but readers of an epoch before this one were still live:
    // the next commit restarts the log before it appends if they have left by then (0: nothing pending).
    private long _restartEpoch;

    /// <summary>Whether the WAL or the redo log is past the journal's bound, so that the committer should checkpoint itself.</summary>
    public bool WalOverLimit => _wal is not null && JournalEnd > Math.Max(_journalSizeLimit, Volatile.Read(ref _forcedAt));

    /// <summary>
    /// The checkpoint a committer runs when the WAL passed the journal's bound: like <see cref="Checkpoint"/>,
    /// with a longer wait for readers. The caller holds the write lock.
    /// </summary>
    /// <returns>True when the WAL is empty afterwards.</returns>
    public bool ForcedCheckpoint()
    {
        lock (_checkpointGate)
        {
            _readerWait = Volatile.Read(ref _longReaders) > 0 ? ReaderWaitTicks : ForcedReaderWaitTicks;
            try
            {
                var emptied = Checkpoint();
                Volatile.Write(ref _forcedAt, emptied ? 0 : JournalEnd + _journalSizeLimit);
                return emptied;
            }
            finally
            {
                _readerWait = ReaderWaitTicks;
            }
        }
    }

    /// <summary>Marks a long reader (a backup or a compaction copy) live until the returned scope is disposed.</summary>
    /// <returns>The scope.</returns>
    public LongReadScope BeginLongRead()
    {
        Interlocked.Increment(ref _longReaders);
        return new LongReadScope(this);
    }

    /// <summary>Ends a long read begun with <see cref="BeginLongRead"/>.</summary>
    internal readonly struct LongReadScope(Pager pager) : IDisposable
    {
        public void Dispose() => Interlocked.Decrement(ref pager._longReaders);
    }

    // Under the checkpoint gate and the write lock, with every committed version copied and dropped from the index.
    private bool RestartWal(long committed)
    {
        if (BackupReading)
        {
            // A backup in another process may be reading frames: a later checkpoint restarts the log.
            return false;
        }

        Readers.Rotate();
        var epoch = Readers.CurrentEpoch;
        if (!AwaitReaders(() => Readers.OldestReaderEpoch() >= epoch))
        {
            Volatile.Write(ref _restartEpoch, epoch);
            return false;
        }

        ResetWal(committed);
        return true;
    }

    /// <summary>
    /// Before a commit appends (write lock held): restarts the WAL if the last checkpoint emptied it but had to
    /// leave the restart to later, and the readers that held it back are gone.
    /// </summary>
    private void RestartIfPending()
    {
        var epoch = Volatile.Read(ref _restartEpoch);
        if (epoch == 0 || !_checkpointGate.TryEnter())
        {
            return;
        }

        try
        {
            using var guard = EnterRewrites();
            Volatile.Write(ref _restartEpoch, 0);
            // Frames appended since (by a commit that found the readers still there) would be lost by a restart.
            if (_index.PageCount == 0 && _wal!.FrameCount != 0 && CommittedLsn == _wal.NextLsn - 1
                && Readers.OldestReaderEpoch() >= epoch && !BackupReading)
            {
                ResetWal(CommittedLsn);
            }
        }
        finally
        {
            _checkpointGate.Exit();
        }
    }

    private void ResetWal(long committed)
    {
        try
        {
            _wal!.Reset(committed + 1, Durability != Durability.None, _journalSizeLimit);
        }
        catch (IOException ex)
        {
            throw Fail(ex, "restarting the WAL", commitAttempted: false);
        }
    }

    // Spins, then yields, until the condition holds or the wait is over.
    private bool AwaitReaders(Func<bool> condition)
    {
        var start = Stopwatch.GetTimestamp();
        var spin = new SpinWait();
        while (!condition())
        {
            if (Stopwatch.GetTimestamp() - start > _readerWait)
            {
                return false;
            }

            spin.SpinOnce(sleep1Threshold: -1);
        }

        return true;
    }
}
