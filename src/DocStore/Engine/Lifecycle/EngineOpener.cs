using DocStore.Engine.Files;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Storage.Paging;
using DocStore.Storage.Sharing;

namespace DocStore.Engine.Lifecycle;

/// <summary>Opening a database: files, read-only files, or explicit devices, and recovery.</summary>
internal static class EngineOpener
{
    /// <summary>Opens the database at <paramref name="path"/>; see <see cref="StorageEngine.Open(string, StorageOptions?)"/>.</summary>
    public static StorageEngine Open(string path, StorageOptions? options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ConnectionStringPath.ThrowIfConnectionString(path, nameof(path));
        options ??= new StorageOptions();
        if (path == StorageEngine.InMemory)
        {
            if (options.ReadOnly)
            {
                throw new ArgumentException("An in-memory database cannot be opened read-only: it starts empty.", nameof(options));
            }

            if (options.Secret is not null)
            {
                throw new ArgumentException("An in-memory database has no files to encrypt: open it without EncryptionKey or Password (Backup writes a copy; open the copy with a key to encrypt one).", nameof(options));
            }

            options.Validate();
            return new StorageEngine(Pager.OpenInMemory(options), options, path, backupLockFoundAtOpen: false);
        }

        // Bad options are refused before any file is created or opened.
        options.Validate();
        DirectoryPath.ThrowIfDirectory(path, nameof(path));
        if (options.Sharing == DocStoreSharing.Shared)
        {
            return options.ReadOnly ? SharedOpener.OpenReader(path, options) : SharedOpener.OpenWriter(path, options);
        }

        if (ReadOnlyBesideShared.Applies(path, options))
        {
            return ReadOnlyBesideShared.Open(path, options);
        }

        return options.ReadOnly ? OpenReadOnlyFiles(path, options, shared: false) : OpenFiles(path, options, shared: false);
    }

    /// <summary>The asynchronous twin of <see cref="Open(string, StorageOptions?)"/>: only a shared open that may write waits, for the writer turn.</summary>
    public static ValueTask<StorageEngine> OpenAsync(string path, StorageOptions? options, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        options ??= new StorageOptions();
        if (path == StorageEngine.InMemory || options.Sharing != DocStoreSharing.Shared || options.ReadOnly)
        {
            return ValueTask.FromResult(Open(path, options));
        }

        ArgumentException.ThrowIfNullOrEmpty(path);
        ConnectionStringPath.ThrowIfConnectionString(path, nameof(path));
        options.Validate();
        DirectoryPath.ThrowIfDirectory(path, nameof(path));
        return SharedOpener.OpenWriterAsync(path, options, cancellationToken);
    }

    /// <summary>Opens the files for writing (shared: beside reader processes) and recovers; <paramref name="checkedKey"/> is a key this open already checked against the file.</summary>
    internal static StorageEngine OpenFiles(string path, StorageOptions options, bool shared, DatabaseKey? checkedKey = null)
    {
        var file = OpenForWriting(path, shared);
        IStorageDevice db = file;
        IStorageDevice? wal = null;
        IStorageDevice? redo = null;
        try
        {
            if (shared)
            {
                OpenRoleLocks.EnterSharedWriter(file.Handle, path);
            }

            // A file that is not a database is reported before its logs are created beside it, and so is a
            // key that does not open it.
            if (db.Length != 0)
            {
                _ = Pager.ReadPageSize(db);
            }

            db = DatabaseEncryption.OpenDatabase(options.DatabaseDevices?.Invoke(db) ?? db, options, out var key, checkedKey);
            if (!shared)
            {
                StaleSharedFile.Remove(path);
            }

            // The file each commit fsyncs takes the unbuffered writes: the redo log's records, or the WAL's
            // frames without a redo log (an encrypted log's 4 KiB slots are the device's blocks too).
            // Logs are as private as the database: created with its permission bits.
            var mode = NewFile.ModeOf(path);
            DoubleWriteFile.Attach(db, key, path, shared, mode);
            var walUnbuffered = options.WalWritesUnbuffered;
            var redoUnbuffered = options.RedoWritesUnbuffered;
            wal = shared
                ? FileStorageDevice.OpenShared(LogPaths.Wal(path), walUnbuffered, mode)
                : FileStorageDevice.Open(LogPaths.Wal(path), unbufferedWrites: walUnbuffered, createMode: mode);
            wal = DatabaseEncryption.WrapLog(wal, key, CipherEnvelope.WalKind);

            // A redo log left by a run that used one is read whatever the options say now: it may hold
            // acknowledged commits that only it has.
            redo = !options.CommitsThroughRedo && !File.Exists(LogPaths.Redo(path)) ? null
                : shared ? FileStorageDevice.OpenShared(LogPaths.Redo(path), redoUnbuffered, mode)
                : FileStorageDevice.Open(LogPaths.Redo(path), unbufferedWrites: redoUnbuffered, createMode: mode);
            redo = DatabaseEncryption.WrapLog(redo, key, CipherEnvelope.RedoKind);
            if (options.LogDevices is { } wrap)
            {
                (wal, redo) = (wrap(wal!), redo is null ? null : wrap(redo));
            }

            var backupLockFound = File.Exists(BackupLockFile.PathFor(path));
            var engine = Open(db, wal!, redo, options, path, backupLockFound, key);
            engine.Pager.Backups.UseBackupLock(path);
            return engine;
        }
        catch
        {
            redo?.Dispose();
            wal?.Dispose();
            db.Dispose();
            throw;
        }
    }

    // Read-only: existing files opened for reading with a shared lock, nothing created (a missing log has
    // nothing to recover, so it is an empty one in memory).
    internal static StorageEngine OpenReadOnlyFiles(string path, StorageOptions options, bool shared, bool ignoreRedo = false, DatabaseKey? checkedKey = null)
    {
        if (!File.Exists(path) && (File.Exists(LogPaths.Wal(path)) || File.Exists(LogPaths.Redo(path))))
        {
            // A writable open would rebuild the file from its logs or report them; a read-only one may create nothing.
            throw DatabaseReadOnlyException.Missing(path, "the file does not exist beside its logs");
        }

        var file = OpenForReading(path, shared);
        IStorageDevice db = file;
        IStorageDevice? wal = null;
        IStorageDevice? redo = null;
        try
        {
            if (!shared)
            {
                // Its shared flock lets a shared writer in beside it; this lock keeps one out.
                OpenRoleLocks.EnterExclusiveReader(file.Handle, path);
            }

            if (db.Length != 0)
            {
                _ = Pager.ReadPageSize(db);
            }

            db = DatabaseEncryption.OpenDatabase(options.DatabaseDevices?.Invoke(db) ?? db, options, out var key, checkedKey);
            DoubleWriteFile.AttachReadOnly(db, key, path, shared);
            wal = File.Exists(LogPaths.Wal(path)) ? FileStorageDevice.OpenReadOnly(LogPaths.Wal(path), shared) : new MemoryStorageDevice(LogPaths.Wal(path));
            wal = DatabaseEncryption.WrapLog(wal, key, CipherEnvelope.WalKind);
            redo = !ignoreRedo && File.Exists(LogPaths.Redo(path)) ? FileStorageDevice.OpenReadOnly(LogPaths.Redo(path), shared) : null;
            redo = DatabaseEncryption.WrapLog(redo, key, CipherEnvelope.RedoKind);
            return Open(db, wal!, redo, options, path, backupLockFoundAtOpen: false, key);
        }
        catch
        {
            redo?.Dispose();
            wal?.Dispose();
            db.Dispose();
            throw;
        }
    }

    private static FileStorageDevice OpenForWriting(string path, bool shared) =>
        OpenNamingTheMode(path, shared, () => shared ? FileStorageDevice.OpenShared(path, unbufferedWrites: false, createMode: null) : FileStorageDevice.Open(path));

    /// <summary>
    /// Runs <paramref name="open"/>; another process's lock refusing it becomes the message for this side's mode:
    /// a shared open is refused only by a process that holds the file with Sharing = Exclusive, an exclusive one
    /// by any other process, and the message names the way out from this side.
    /// </summary>
    internal static FileStorageDevice OpenNamingTheMode(string path, bool shared, Func<FileStorageDevice> open)
    {
        try
        {
            return open();
        }
        catch (DatabaseLockedException ex) when (ex.InnerException is IOException io && !FileStorageDevice.IsOpenHere(path))
        {
            throw shared ? DatabaseLockedException.HeldExclusivelyElsewhere(path, io) : DatabaseLockedException.NeededExclusively(path, io);
        }
    }

    // A read-only open is refused by a lock only where a writer holds the file exclusively (a shared writer's
    // lock is shared): the message says so, since the remedy lies with that process.
    private static FileStorageDevice OpenForReading(string path, bool shared)
    {
        try
        {
            return FileStorageDevice.OpenReadOnly(path, shared);
        }
        catch (DatabaseLockedException ex) when (!FileStorageDevice.IsOpenHere(path))
        {
            throw DatabaseLockedException.HeldExclusively(path, ex.InnerException ?? ex);
        }
    }

    /// <summary>Opens a database on explicit devices; see <see cref="StorageEngine.Open(IStorageDevice, IStorageDevice, IStorageDevice?, StorageOptions, string?)"/>.</summary>
    public static StorageEngine Open(IStorageDevice db, IStorageDevice wal, IStorageDevice? redo, StorageOptions options, string? name, bool backupLockFoundAtOpen, DatabaseKey? key = null)
    {
        options.Validate();
        if (options.ReadOnly && db.Length == 0)
        {
            // Nothing may be written: the file's first pages (rebuilt from the logs, or a new database's)
            // live in memory over the empty file.
            var image = EmptyFileRecovery.Prepare(db, wal, redo, options) ?? EmptyFileRecovery.InitialImage(options.PageSize);
            db = new ScratchOverlayDevice(db, ownsInner: true);
            db.Write(0, image);
        }
        else if (EmptyFileRecovery.Prepare(db, wal, redo, options) is { } initial)
        {
            // An empty file beside logs that rebuild it (see EmptyFileRecovery): recovery runs on its first pages.
            db.Write(0, initial);
            if (options.Durability != Durability.None)
            {
                db.Flush();
            }
        }

        var pager = Pager.Open(db, wal, redo, options, key);
        var engine = new StorageEngine(pager, options, name ?? db.Name, backupLockFoundAtOpen);
        try
        {
            RedoReplay.Run(engine);
        }
        catch
        {
            pager.Dispose();
            throw;
        }

        return engine;
    }
}
