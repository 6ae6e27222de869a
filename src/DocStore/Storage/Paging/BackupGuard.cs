using DocStore.Storage.Devices;

namespace DocStore.Storage.Paging;

/// <summary>
/// The writer's side of a backup from another process (docs/storage.md, "Backup from another process"):
/// such a backup reads the database file and the logs without their locks, so while it holds the backup
/// lock (<see cref="BackupLockFile"/>) the writer must not copy pages into the file, restart the WAL or
/// start a new redo generation. A checkpoint (or a pending restart) takes the lock once, without waiting,
/// and holds it to its end; when a backup holds it, those steps are skipped this time and the logs grow
/// past their bound until a checkpoint after the backup finds the lock free.
/// </summary>
internal sealed class BackupGuard(PagerState state)
{
    // The sidecar's path: null for a database no other process can read (in memory, read-only, Windows).
    private string? _backupLockPath;

    // Nesting of guarded scopes (a forced checkpoint runs a checkpoint), under the checkpoint gate.
    private int _guardDepth;
    private BackupLockFile.Hold? _guardHold;
    private bool _backupReading;
    private long _stepsSkippedForBackup;

    // The journal's size (in page-sized frames, both logs) when a backup last made a checkpoint skip its
    // work, 0 when the last try found the lock free: commits start the next checkpoint only once the journal
    // has grown by the threshold again, so a long backup costs the writer one lock try per threshold, not
    // one per commit.
    private long _deferredAtPages;

    /// <summary>The journal size at which a backup last deferred a checkpoint (0: the last try was not deferred).</summary>
    public long BackupDeferredAtPages => Volatile.Read(ref _deferredAtPages);

    /// <summary>Checkpoints that copied or restarted nothing because a backup from another process was reading.</summary>
    public long CheckpointsDeferredByBackup => Volatile.Read(ref _stepsSkippedForBackup);

    /// <summary>True inside a guarded scope while a backup from another process reads: copy, restart and reset nothing.</summary>
    public bool BackupReading => _backupReading;

    /// <summary>Makes checkpoints, WAL restarts and redo resets defer to backups from other processes of <paramref name="databasePath"/>.</summary>
    public void UseBackupLock(string databasePath)
    {
        if (state.Memory is null && !state.ReadOnly && BackupLockFile.IsSupported)
        {
            _backupLockPath = BackupLockFile.PathFor(databasePath);
        }
    }

    /// <summary>
    /// Holds the backup lock until disposed, so that no backup from another process starts meanwhile; null
    /// when one is reading now. A hold of nothing where no other process can read (see <see cref="UseBackupLock"/>).
    /// Not inside a checkpoint: its own try would then find the lock taken.
    /// </summary>
    public BackupLockFile.Hold? TryExcludeBackups() =>
        _backupLockPath is { } path ? BackupLockFile.TryHoldExclusive(path) : BackupLockFile.Hold.None;

    /// <summary>At a clean close: removes the backup lock's file unless a backup holds it.</summary>
    public void RemoveBackupLock()
    {
        if (_backupLockPath is { } path)
        {
            BackupLockFile.DeleteIfUnused(path);
        }
    }

    /// <summary>
    /// Enters a scope in which the writer rewrites the file or the logs; under the checkpoint gate. The
    /// outermost scope tries the lock (one open and flock per checkpoint).
    /// </summary>
    public Scope EnterRewrites()
    {
        if (_guardDepth == 0 && _backupLockPath is { } path)
        {
            _guardHold = BackupLockFile.TryHoldExclusive(path);
            _backupReading = _guardHold is null;
            if (_backupReading)
            {
                Volatile.Write(ref _stepsSkippedForBackup, _stepsSkippedForBackup + 1);
            }

            Volatile.Write(ref _deferredAtPages, _backupReading ? state.JournalSizeInPages : 0);
        }

        // Counted only once the try is over, so that nothing it throws leaves the depth raised.
        _guardDepth++;
        return new Scope(this);
    }

    private void ExitRewrites()
    {
        if (--_guardDepth == 0)
        {
            _guardHold?.Dispose();
            _guardHold = null;
            _backupReading = false;
        }
    }

    /// <summary>Leaves the scope <see cref="EnterRewrites"/> entered.</summary>
    internal readonly struct Scope(BackupGuard guard) : IDisposable
    {
        public void Dispose() => guard.ExitRewrites();
    }
}
