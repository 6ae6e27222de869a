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
    /// keep committing.
    /// </summary>
    /// <exception cref="ArgumentException">The path is the database's own.</exception>
    /// <exception cref="IOException">A log lies beside the destination, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the staged file is deleted and <paramref name="path"/> is as it was.</exception>
    public void CompactTo(string path, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        CheckDestination(path);
        using var longRead = _pager.BeginLongRead();
        using var tx = BeginRead();
        using var staged = new StagedFile(path, PartialSuffix, ModeForCopies());
        DenseCopy.Write(tx, staged.Stream, cancellationToken);
        staged.Publish();
    }

    /// <summary>
    /// Rewrites the database densely in place (docs/storage.md, "Compaction"): under the write lock, the
    /// latest commit is written densely to <c>name-compact</c> and fsynced; then, at a moment when no reader
    /// is registered (new readers wait for that moment to pass), the log is checkpointed empty, the files
    /// are closed, the copy is renamed over the database, the directory fsynced, and the files opened again.
    /// A crash leaves the old database (the copy is not yet renamed) or the new one (the log beside it holds
    /// nothing to replay).
    /// </summary>
    /// <exception cref="NotSupportedException">The database is in memory.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A writer or a reader stayed past <see cref="Storage.StorageOptions.WriteLockTimeout"/>; nothing changed.</exception>
    /// <exception cref="IOException">A symbolic link lies at <c>name-compact</c>, or the copy cannot be created; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the copy is deleted and the database is as it was.</exception>
    public void Compact(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        ThrowIfReadOnly("compaction");
        if (_pager.IsInMemory)
        {
            throw new NotSupportedException("An in-memory database has no file to give space back to; write a dense copy of it with a backup or CompactTo.");
        }

        var deadline = LockWithoutBackgroundCheckpoint();
        try
        {
            ThrowIfDisposed();
            _pager.ThrowIfFailed();
            _pager.FinishOpen();
            // Through a symbolic link the copy replaces the file the link names, and the link stays.
            using var staged = new StagedFile(LinkTarget.Resolve(Name), CompactSuffix, NewFile.ModeOf(Name));
            using (var tx = BeginRead())
            {
                DenseCopy.Write(tx, staged.Stream, cancellationToken);
            }

            staged.Seal();
            SwapIn(staged, deadline, cancellationToken);
        }
        finally
        {
            _writeLock.Release();
            ResumeBackgroundCheckpoints();
        }
    }

    // Set while compaction waits for the background checkpoint and the write lock (under _backgroundGate).
    private bool _backgroundPaused;

    private DateTime Deadline() =>
        _options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? DateTime.MaxValue : DateTime.UtcNow + _options.WriteLockTimeout;

    // A background checkpoint works on the pager without the write lock for most of its run, so the pager
    // must not be swapped under it: wait for it outside the lock (it takes the lock to finish), then hold
    // the lock, under which no commit starts another.
    // New background checkpoints are held off until the compaction ends (ResumeBackgroundCheckpoints): with a
    // busy writer one would otherwise start between every wait and every lock, and one started by a commit
    // finishing after the lock was taken would work on the pager being swapped.
    // The timeout starts once the checkpoint has ended: it bounds the wait for transactions, and a checkpoint
    // always ends (beside a busy writer on a loaded machine one took over a second).
    // Returns the deadline for the rest of the compaction.
    private DateTime LockWithoutBackgroundCheckpoint()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = true;
        }

        WaitForBackgroundCheckpoint();
        var deadline = Deadline();
        var left = deadline - DateTime.UtcNow;
        if (left <= TimeSpan.Zero || !_writeLock.Wait(deadline == DateTime.MaxValue ? Timeout.InfiniteTimeSpan : left))
        {
            ResumeBackgroundCheckpoints();
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        return deadline;
    }

    // After the write lock is released: commits may start background checkpoints again.
    private void ResumeBackgroundCheckpoints()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = false;
        }
    }

    private void SwapIn(StagedFile staged, DateTime deadline, CancellationToken cancellationToken)
    {
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();

            // Empty log first (a live reader, or a backup from another process, makes it return false), then
            // the swap while no reader is live.
            if (_pager.Checkpoint() && SwapWithoutBackups(staged))
            {
                return;
            }

            if (DateTime.UtcNow >= deadline)
            {
                throw new WriteLockTimeoutException($"Compaction of '{Name}' waited {_options.WriteLockTimeout} for read transactions (or a backup from another process) to end; the database is unchanged.");
            }

            Thread.Sleep(ReaderPoll);
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
            staged.Publish();
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
