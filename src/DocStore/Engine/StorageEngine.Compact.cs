using DocStore.Engine.Compaction;
using DocStore.Engine.Files;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.Engine;

// Compaction: a dense rewrite of one snapshot, to another file or in place of this one.
internal sealed partial class StorageEngine
{
    /// <summary>The suffix of the dense copy that in-place compaction writes beside the database before it renames it over.</summary>
    internal const string CompactSuffix = "-compact";

    // How long compaction sleeps between looks for a moment without readers.
    private static readonly TimeSpan ReaderPoll = TimeSpan.FromMilliseconds(5);

    /// <summary>
    /// Writes a dense copy of the database as of the last acknowledged commit to <paramref name="path"/>
    /// (staged at <c>path.partial</c>, header last, fsynced, renamed), as <see cref="Backup"/> does; writers
    /// keep committing. A file at <paramref name="path"/> is replaced.
    /// </summary>
    /// <returns>The size of the database and of the dense copy, and how long the copy took.</returns>
    /// <exception cref="ArgumentException">The path is the database's own.</exception>
    /// <exception cref="IOException">A log lies beside the destination, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the staged file is deleted and <paramref name="path"/> is as it was.</exception>
    public MaintenanceResult CompactTo(string path, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        CheckDestination(path, overwrite: true);
        return Measure(() => WriteDenseTo(path, cancellationToken), path);
    }

    private void WriteDenseTo(string path, CancellationToken cancellationToken)
    {
        using var longRead = _pager.BeginLongRead();
        using var tx = BeginRead();
        using var staged = new StagedFile(path, PartialSuffix, ModeForCopies());
        DenseCopy.Write(tx, staged.Stream, cancellationToken);
        staged.Publish(overwrite: true);
    }

    /// <summary>
    /// Rewrites the database densely in place (docs/storage.md, "Compaction"). The latest commit is written
    /// densely to <c>name-compact</c> while readers and writers go on. Then, under the write lock, new readers
    /// are held back until the registered ones have left, every appended commit is made durable and visible,
    /// and the copy is written again if a commit landed since it was taken; the log is checkpointed empty, the
    /// files are closed, the copy is fsynced and renamed over the database, the directory fsynced, and the
    /// files opened again. A reader that stays keeps the swap off for a short window at a time, and the
    /// attempt is repeated, backing off, until <see cref="Storage.StorageOptions.WriteLockTimeout"/>. A crash
    /// leaves the old database (the copy is not yet renamed) or the new one (the log beside it holds nothing
    /// to replay).
    /// </summary>
    /// <exception cref="NotSupportedException">The database is in memory.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A writer or a reader stayed past <see cref="Storage.StorageOptions.WriteLockTimeout"/>; nothing changed.</exception>
    /// <exception cref="IOException">A symbolic link lies at <c>name-compact</c>, or the copy cannot be created; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the copy is deleted and the database is as it was.</exception>
    /// <returns>The size of the database before and after, and how long the compaction took.</returns>
    public MaintenanceResult Compact(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return Measure(() => CompactInPlace(cancellationToken), copy: null);
    }

    private void CompactInPlace(CancellationToken cancellationToken)
    {
        ThrowIfReadOnly("compaction");
        if (_pager.IsInMemory)
        {
            throw new NotSupportedException("An in-memory database has no file to give space back to; write a dense copy of it with a backup or CompactTo.");
        }

        var deadline = PauseBackgroundCheckpoints();
        try
        {
            var staged = NewCompactionStage();
            try
            {
                var copied = WriteDenseCopy(staged, passGate: false, cancellationToken);
                var pause = ReaderPoll;
                while (!TrySwapIn(ref staged, ref copied, deadline, cancellationToken))
                {
                    if (DateTime.UtcNow >= deadline)
                    {
                        throw new WriteLockTimeoutException($"Compaction of '{Name}' waited {_options.WriteLockTimeout} for read transactions (or a backup from another process) to end; the database is unchanged.");
                    }

                    // Each failed attempt cost writers up to a window: a reader that stays is asked less and less often.
                    Thread.Sleep(pause);
                    pause = pause * 2 < MaxReaderPoll ? pause * 2 : MaxReaderPoll;
                }
            }
            finally
            {
                staged.Dispose();
            }
        }
        finally
        {
            ResumeBackgroundCheckpoints();
        }
    }

    // How long one attempt, holding the write lock, holds new readers back while it waits for the registered
    // ones: a read that stays longer costs writers and other readers at most this before they are let in again.
    private static readonly TimeSpan DrainWindow = TimeSpan.FromMilliseconds(50);

    // The longest pause between attempts, which grow from ReaderPoll while a reader stays.
    private static readonly TimeSpan MaxReaderPoll = TimeSpan.FromMilliseconds(250);

    // Attempts at the swap so far (each holds new readers back once): what tests wait on to know that a
    // compaction is waiting for a reader.
    private long _swapAttempts;

    /// <summary>How many times in-place compaction has held new readers back to wait for the registered ones.</summary>
    internal long SwapAttempts => Volatile.Read(ref _swapAttempts);

    // One attempt: the write lock taken, new readers held back and the registered ones gone, the copy brought
    // up to the last commit, then the swap. False, with nothing changed, when a reader stayed past the window.
    // The lock comes first: a writer holding it may itself begin a read, which the gate would hold.
    private bool TrySwapIn(ref StagedFile staged, ref (Pager Pager, long Lsn) copied, DateTime deadline, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var left = deadline - DateTime.UtcNow;
        if (left <= TimeSpan.Zero || !_writeLock.Wait(deadline == DateTime.MaxValue ? Timeout.InfiniteTimeSpan : left))
        {
            return false;
        }

        try
        {
            Interlocked.Increment(ref _swapAttempts);
            _readerGate.Hold();
            try
            {
                var until = DateTime.UtcNow + DrainWindow < deadline ? DateTime.UtcNow + DrainWindow : deadline;
                if (!AwaitNoReaders(until))
                {
                    return false;
                }

                ThrowIfDisposed();
                _pager.ThrowIfFailed();
                _pager.FinishOpen();

                // Under Full a commit is appended, and the lock released, before the fsync that makes it
                // visible: the copy must hold it, since its writer will be told it succeeded.
                _pager.PublishCommitted();
                if (!ReferenceEquals(copied.Pager, _pager) || copied.Lsn != _pager.CommittedLsn)
                {
                    staged.Dispose();
                    staged = NewCompactionStage();
                    copied = WriteDenseCopy(staged, passGate: true, cancellationToken);
                    if (copied.Lsn != _pager.CommittedLsn)
                    {
                        throw new InvalidOperationException($"Compaction of '{Name}' copied LSN {copied.Lsn}, not the last commit {_pager.CommittedLsn}; the database is unchanged.");
                    }
                }

                staged.Seal();

                // Empty log first (a backup from another process makes it return false), then the swap.
                return _pager.Checkpoint() && SwapWithoutBackups(staged);
            }
            finally
            {
                _readerGate.Release();
            }
        }
        finally
        {
            _writeLock.Release();
        }
    }

    // Where in-place compaction writes its dense copy: through a symbolic link the copy replaces the file the
    // link names, and the link stays.
    private StagedFile NewCompactionStage() => new(LinkTarget.Resolve(Name), CompactSuffix, NewFile.ModeOf(Name));

    // With the reader gate held: true once no reader is registered, false if that takes past `until`.
    private bool AwaitNoReaders(DateTime until)
    {
        var spin = new SpinWait();
        while (_pager.Readers.HasReaders())
        {
            if (DateTime.UtcNow >= until)
            {
                return false;
            }

            spin.SpinOnce();
        }

        return true;
    }

    // A dense copy of the latest visible commit into the staged file; returns the pager and LSN it copied.
    private (Pager Pager, long Lsn) WriteDenseCopy(StagedFile staged, bool passGate, CancellationToken cancellationToken)
    {
        var (pager, snapshot) = Register(passGate);
        using var longRead = pager.BeginLongRead();
        using var tx = new ReadTransaction(pager, RootCache, snapshot);
        DenseCopy.Write(tx, staged.Stream, cancellationToken);
        return (pager, snapshot.Lsn);
    }

    // Set while compaction waits for the background checkpoint and the write lock (under _backgroundGate).
    private bool _backgroundPaused;

    private DateTime Deadline() =>
        _options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? DateTime.MaxValue : DateTime.UtcNow + _options.WriteLockTimeout;

    // A background checkpoint works on the pager without the write lock for most of its run, so the pager
    // must not be swapped under it: wait for it (it takes the lock to finish), and hold off new ones until the
    // compaction ends (ResumeBackgroundCheckpoints): with a busy writer one would otherwise start between
    // every attempt, and one started by a commit could work on the pager being swapped.
    // The timeout starts once the checkpoint has ended: it bounds the wait for transactions, and a checkpoint
    // always ends (beside a busy writer on a loaded machine one took over a second).
    // Returns the deadline for the rest of the compaction.
    private DateTime PauseBackgroundCheckpoints()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = true;
        }

        WaitForBackgroundCheckpoint();
        return Deadline();
    }

    // At the end of a compaction: commits may start background checkpoints again.
    private void ResumeBackgroundCheckpoints()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = false;
        }
    }

    // A log that was already empty (an idle trim, a reopen) lets the checkpoint succeed while a backup from
    // another process reads: the swap holds the backup lock itself, so no backup reads the files it replaces.
    private bool SwapWithoutBackups(StagedFile staged)
    {
        using var exclusive = _pager.TryExcludeBackups();
        return exclusive is not null && _pager.Readers.RunIfNoReaders(() => Swap(staged));
    }

    // Under the write lock, with no reader registered and new ones held at the old pager's registry.
    private void Swap(StagedFile staged)
    {
        var old = _pager;

        // The logs hold nothing now; cut them back as a clean close does, so compaction returns their space too.
        old.TrimEmptyLog();
        old.Dispose();
        Exception? failure = null;
        try
        {
            staged.Publish(overwrite: true);
        }
        catch (StorageFailedException e)
        {
            // Not renamed: the old database is still whole; open it again and report.
            failure = e;
        }

        try
        {
            Volatile.Write(ref _pager, OpenPager());
            RootCache = new TreeRootCache();
        }
        catch
        {
            // Neither file opens: the engine cannot go on. The files hold the old or the new database.
            Interlocked.Exchange(ref _disposed, 1);
            throw;
        }

        if (failure is not null)
        {
            throw failure;
        }
    }

    private Pager OpenPager()
    {
        var db = FileStorageDevice.Open(Name);
        FileStorageDevice? wal = null;
        FileStorageDevice? redo = null;
        try
        {
            wal = FileStorageDevice.Open(WalPath(Name), unbufferedWrites: _options.WalWritesUnbuffered);
            redo = _options.CommitsThroughRedo || File.Exists(RedoPath(Name)) ? FileStorageDevice.Open(RedoPath(Name), unbufferedWrites: _options.RedoWritesUnbuffered) : null;
            var pager = Pager.Open(db, wal, redo, _options);
            pager.UseBackupLock(Name);
            return pager;
        }
        catch
        {
            redo?.Dispose();
            wal?.Dispose();
            db.Dispose();
            throw;
        }
    }
}
