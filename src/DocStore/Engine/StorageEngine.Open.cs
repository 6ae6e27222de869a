using DocStore.Engine.Files;
using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine;

// Opening a database: files, read-only files, or explicit devices, and recovery.
internal sealed partial class StorageEngine
{
    // Whether the backup lock file was there before this open: a session that writes nothing removes it at close only when it created it.
    private bool _backupLockFoundAtOpen;

    /// <summary>
    /// Opens the database at <paramref name="path"/> (creating it, with <c>path-wal</c> beside it, and
    /// <c>path-redo</c> when commits go through a redo log), or an in-memory database for
    /// <see cref="InMemory"/>. Opening runs recovery: committed transactions in the WAL are kept, a torn or
    /// uncommitted tail is dropped.
    /// </summary>
    /// <exception cref="ArgumentException">The path looks like a connection string (see <see cref="ConnectionStringPath"/>).</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open.</exception>
    /// <exception cref="DatabaseCorruptException">The file is not a DocStore database (nothing is created beside it), or the header or an acknowledged WAL frame is damaged.</exception>
    /// <exception cref="DatabaseReadOnlyException">Opening read-only, the file is missing but its logs are there.</exception>
    /// <exception cref="FileNotFoundException">Opening read-only, there is no file and no log.</exception>
    public static StorageEngine Open(string path, StorageOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ConnectionStringPath.ThrowIfConnectionString(path, nameof(path));
        options ??= new StorageOptions();
        if (path == InMemory)
        {
            if (options.ReadOnly)
            {
                throw new ArgumentException("An in-memory database cannot be opened read-only: it starts empty.", nameof(options));
            }

            options.Validate();
            return new StorageEngine(Pager.OpenInMemory(options), options, path);
        }

        if (options.ReadOnly)
        {
            return OpenReadOnlyFiles(path, options);
        }

        var db = FileStorageDevice.Open(path);
        FileStorageDevice? wal = null;
        FileStorageDevice? redo = null;
        try
        {
            // A file that is not a database is reported before its logs are created beside it.
            if (db.Length != 0)
            {
                _ = Pager.ReadPageSize(db);
            }

            // The file each commit fsyncs takes the unbuffered writes: the redo log's records, or the WAL's
            // frames without a redo log.
            // Logs are as private as the database: created with its permission bits.
            var mode = NewFile.ModeOf(path);
            wal = FileStorageDevice.Open(path + "-wal", unbufferedWrites: options.WalWritesUnbuffered, createMode: mode);

            // A redo log left by a run that used one is read whatever the options say now: it may hold
            // acknowledged commits that only it has.
            redo = options.CommitsThroughRedo || File.Exists(path + "-redo") ? FileStorageDevice.Open(path + "-redo", unbufferedWrites: options.RedoWritesUnbuffered, createMode: mode) : null;
            var backupLockFound = File.Exists(BackupLockFile.PathFor(path));
            var engine = Open(db, wal, redo, options, path);
            engine._backupLockFoundAtOpen = backupLockFound;
            engine._pager.UseBackupLock(path);
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
    private static StorageEngine OpenReadOnlyFiles(string path, StorageOptions options)
    {
        if (!File.Exists(path) && (File.Exists(path + "-wal") || File.Exists(path + "-redo")))
        {
            // A writable open would rebuild the file from its logs or report them; a read-only one may create nothing.
            throw DatabaseReadOnlyException.Missing(path, "the file does not exist beside its logs");
        }

        var db = FileStorageDevice.OpenReadOnly(path);
        IStorageDevice? wal = null;
        FileStorageDevice? redo = null;
        try
        {
            wal = File.Exists(path + "-wal") ? FileStorageDevice.OpenReadOnly(path + "-wal") : new MemoryStorageDevice(path + "-wal");
            redo = File.Exists(path + "-redo") ? FileStorageDevice.OpenReadOnly(path + "-redo") : null;
            return Open(db, wal, redo, options, path);
        }
        catch
        {
            redo?.Dispose();
            wal?.Dispose();
            db.Dispose();
            throw;
        }
    }

    /// <summary>Opens a database on explicit devices (in memory, or wrapping a file), without a redo log.</summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, StorageOptions options, string? name = null) =>
        Open(db, wal, null, options, name);

    /// <summary>
    /// Opens a database on explicit devices; with a <paramref name="redo"/> device, replays the commits that
    /// its records hold and the WAL lost, and (under <see cref="Durability.Full"/> with
    /// <see cref="StorageOptions.RedoLog"/>) commits through it.
    /// </summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, IStorageDevice? redo, StorageOptions options, string? name = null)
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

        var pager = Pager.Open(db, wal, redo, options);
        var engine = new StorageEngine(pager, options, name ?? db.Name);
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
