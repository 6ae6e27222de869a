using DocStore.Engine.Backups;
using DocStore.Engine.Files;
using DocStore.Engine.Statistics;
using DocStore.Engine.Upkeep;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.Engine.Compaction;

/// <summary>Compaction: a dense rewrite of one snapshot, to another file or in place of the database's.</summary>
internal sealed class EngineCompaction(EngineState state, EngineSizes sizes, EngineBackup backup, CheckpointScheduler checkpoints)
{
    /// <summary>The suffix of the dense copy that in-place compaction writes beside the database before it renames it over.</summary>
    internal const string CompactSuffix = "-compact";

    // How long compaction sleeps between looks for a moment without readers.
    private static readonly TimeSpan ReaderPoll = TimeSpan.FromMilliseconds(5);

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

    /// <summary>
    /// Writes a dense copy of the database as of the last acknowledged commit to <paramref name="path"/>
    /// (staged at <c>path.partial</c>, header last, fsynced, renamed), as <see cref="EngineBackup.Backup"/> does; writers
    /// keep committing. A file at <paramref name="path"/> is replaced.
    /// </summary>
    /// <returns>The size of the database and of the dense copy, and how long the copy took.</returns>
    /// <exception cref="ArgumentException">The path is the database's own.</exception>
    /// <exception cref="IOException">A log lies beside the destination, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the staged file is deleted and <paramref name="path"/> is as it was.</exception>
    public MaintenanceResult CompactTo(string path, CancellationToken cancellationToken = default)
    {
        state.ThrowIfDisposed();
        backup.CheckDestination(path, overwrite: true);
        return sizes.Measure(() => WriteDenseTo(path, cancellationToken), path);
    }

    private void WriteDenseTo(string path, CancellationToken cancellationToken)
    {
        using var longRead = state.Pager.BeginLongRead();
        using var tx = state.BeginRead();
        using var staged = new StagedFile(path, EngineBackup.PartialSuffix, backup.ModeForCopies());
        DenseCopy.Write(tx, CopyTarget.For(staged, state.Pager.Key?.ForCopy()), cancellationToken);
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
    /// <exception cref="NotSupportedException">The database is in memory, or open with <see cref="DocStoreSharing.Shared"/>.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A writer or a reader stayed past <see cref="Storage.StorageOptions.WriteLockTimeout"/>; nothing changed.</exception>
    /// <exception cref="IOException">A symbolic link lies at <c>name-compact</c>, or the copy cannot be created; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the copy is deleted and the database is as it was.</exception>
    /// <returns>The size of the database before and after, and how long the compaction took.</returns>
    public MaintenanceResult Compact(CancellationToken cancellationToken = default)
    {
        state.ThrowIfDisposed();
        return sizes.Measure(() => CompactInPlace(state.Pager.Key?.ForCopy(), cancellationToken), copy: null);
    }

    /// <summary>
    /// Compacts in place as <see cref="Compact"/> does, writing the new file under <paramref name="secret"/>'s
    /// key (null: not encrypted): key rotation, encrypting a plain database, or decrypting one
    /// (docs/storage.md, "Encryption"). A crash leaves the old file under the old key or the new one under
    /// the new key, whole.
    /// </summary>
    /// <returns>The size of the database before and after, and how long it took.</returns>
    public MaintenanceResult Rekey(EncryptionSecret? secret, CancellationToken cancellationToken = default)
    {
        state.ThrowIfDisposed();
        var target = secret is null ? null : DatabaseKey.New(secret, state.Pager.PageSize);
        return sizes.Measure(() => CompactInPlace(target, cancellationToken), copy: null);
    }

    // Target: the key the new file is written under; an encrypted database's copy always gets a new identity,
    // so no page of an earlier generation of the file can stand in for one of the new.
    private void CompactInPlace(DatabaseKey? target, CancellationToken cancellationToken)
    {
        state.ThrowIfReadOnly("compaction");
        if (state.Pager.IsInMemory)
        {
            throw new NotSupportedException("An in-memory database has no file to give space back to; write a dense copy of it with a backup or CompactTo.");
        }

        if (state.Options.Sharing == DocStoreSharing.Shared)
        {
            // Reader processes hold the old file open: a new file renamed over it would never reach them.
            throw new NotSupportedException($"'{state.Name}' is open shared, and compacting in place replaces the file other processes read; open it with DocStoreSharing.Exclusive to compact it, or write a dense copy with Compact(path).");
        }

        var deadline = checkpoints.PauseBackground();
        try
        {
            var staged = NewCompactionStage();
            try
            {
                var copied = WriteDenseCopy(staged, passGate: false, target, cancellationToken);
                var pause = ReaderPoll;
                while (!TrySwapIn(ref staged, ref copied, deadline, target, cancellationToken))
                {
                    if (DateTime.UtcNow >= deadline)
                    {
                        throw new WriteLockTimeoutException($"Compaction of '{state.Name}' waited {state.Options.WriteLockTimeout} for read transactions (or a backup from another process) to end; the database is unchanged.");
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
            checkpoints.ResumeBackground();
        }
    }

    // One attempt: the write lock taken, new readers held back and the registered ones gone, the copy brought
    // up to the last commit, then the swap. False, with nothing changed, when a reader stayed past the window.
    // The lock comes first: a writer holding it may itself begin a read, which the gate would hold.
    private bool TrySwapIn(ref StagedFile staged, ref (Pager Pager, long Lsn) copied, DateTime deadline, DatabaseKey? target, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var left = deadline - DateTime.UtcNow;
        if (left <= TimeSpan.Zero || !state.WriteLock.Wait(deadline == DateTime.MaxValue ? Timeout.InfiniteTimeSpan : left))
        {
            return false;
        }

        try
        {
            Interlocked.Increment(ref _swapAttempts);
            state.ReaderGate.Hold();
            try
            {
                var until = DateTime.UtcNow + DrainWindow < deadline ? DateTime.UtcNow + DrainWindow : deadline;
                if (!AwaitNoReaders(until))
                {
                    return false;
                }

                state.ThrowIfDisposed();
                var pager = state.Pager;
                pager.ThrowIfFailed();
                pager.FinishOpen();

                // Under Full a commit is appended, and the lock released, before the fsync that makes it
                // visible: the copy must hold it, since its writer will be told it succeeded.
                pager.GroupCommit.PublishCommitted();
                if (!ReferenceEquals(copied.Pager, pager) || copied.Lsn != pager.CommittedLsn)
                {
                    staged.Dispose();
                    staged = NewCompactionStage();
                    copied = WriteDenseCopy(staged, passGate: true, target, cancellationToken);
                    if (copied.Lsn != pager.CommittedLsn)
                    {
                        throw new InvalidOperationException($"Compaction of '{state.Name}' copied LSN {copied.Lsn}, not the last commit {pager.CommittedLsn}; the database is unchanged.");
                    }
                }

                staged.Seal();

                // Empty log first (a backup from another process makes it return false), then the swap.
                return pager.Checkpoints.Checkpoint() && SwapWithoutBackups(staged, target);
            }
            finally
            {
                state.ReaderGate.Release();
            }
        }
        finally
        {
            state.WriteLock.Release();
        }
    }

    // Where in-place compaction writes its dense copy: through a symbolic link the copy replaces the file the
    // link names, and the link stays.
    private StagedFile NewCompactionStage() => new(LinkTarget.Resolve(state.Name), CompactSuffix, NewFile.ModeOf(state.Name));

    // With the reader gate held: true once no reader is registered, false if that takes past `until`.
    private bool AwaitNoReaders(DateTime until)
    {
        var spin = new SpinWait();
        while (state.Pager.Readers.HasReaders())
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
    private (Pager Pager, long Lsn) WriteDenseCopy(StagedFile staged, bool passGate, DatabaseKey? target, CancellationToken cancellationToken)
    {
        var (pager, snapshot) = state.Register(passGate);
        using var longRead = pager.BeginLongRead();
        using var tx = new ReadTransaction(pager, state.RootCache, snapshot);
        DenseCopy.Write(tx, CopyTarget.For(staged, target), cancellationToken);
        return (pager, snapshot.Lsn);
    }

    // A log that was already empty (an idle trim, a reopen) lets the checkpoint succeed while a backup from
    // another process reads: the swap holds the backup lock itself, so no backup reads the files it replaces.
    private bool SwapWithoutBackups(StagedFile staged, DatabaseKey? target)
    {
        var pager = state.Pager;
        using var exclusive = pager.Backups.TryExcludeBackups();
        return exclusive is not null && pager.Readers.RunIfNoReaders(() => Swap(staged, target));
    }

    // Under the write lock, with no reader registered and new ones held at the old pager's registry.
    private void Swap(StagedFile staged, DatabaseKey? target)
    {
        var old = state.Pager;

        // The logs hold nothing now; cut them back as a clean close does, so compaction returns their space too.
        old.Checkpoints.TrimEmptyLog();
        old.Dispose();
        if (old.Key is not null || target is not null)
        {
            // The new file has an identity (or a key) of its own, which the logs' envelopes do not carry: the
            // emptied logs go first, durably, so neither file ever meets logs that are not its own.
            File.Delete(LogPaths.Wal(state.Name));
            File.Delete(LogPaths.Redo(state.Name));
            File.Delete(LogPaths.DoubleWrite(state.Name));
            DirectorySync.Sync(Path.GetDirectoryName(Path.GetFullPath(state.Name))!);
        }

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
            Volatile.Write(ref state.Pager, OpenPager(failure is null ? target : old.Key));
            state.RootCache = new TreeRootCache();
        }
        catch
        {
            // Neither file opens: the engine cannot go on. The files hold the old or the new database.
            Interlocked.Exchange(ref state.Disposed, 1);
            throw;
        }

        if (failure is not null)
        {
            throw failure;
        }
    }

    // The files opened again after the swap, under the key the database had (derived once, at open).
    private Pager OpenPager(DatabaseKey? key)
    {
        var name = state.Name;
        var options = state.Options;
        IStorageDevice db = FileStorageDevice.Open(name);
        IStorageDevice? wal = null;
        IStorageDevice? redo = null;
        try
        {
            db = key is null ? db : key.WrapDatabase(db);
            DoubleWriteFile.Attach(db, key, name, shared: false, NewFile.ModeOf(name));
            wal = FileStorageDevice.Open(LogPaths.Wal(name), unbufferedWrites: options.WalWritesUnbuffered);
            wal = DatabaseEncryption.WrapLog(wal, key, CipherEnvelope.WalKind);
            redo = options.CommitsThroughRedo || File.Exists(LogPaths.Redo(name)) ? FileStorageDevice.Open(LogPaths.Redo(name), unbufferedWrites: options.RedoWritesUnbuffered) : null;
            redo = DatabaseEncryption.WrapLog(redo, key, CipherEnvelope.RedoKind);
            var pager = Pager.Open(db, wal!, redo, options, key);
            pager.Backups.UseBackupLock(name);
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
