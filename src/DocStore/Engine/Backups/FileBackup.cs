using DocStore.Engine.Files;
using DocStore.Engine.Lifecycle;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;

namespace DocStore.Engine.Backups;

/// <summary>Backing up a database file from outside: while another process (or another engine here) writes it.</summary>
internal static class FileBackup
{
    /// <summary>How long a backup waits for the writer's checkpoint step that holds the backup lock.</summary>
    internal static readonly TimeSpan BackupLockTimeout = TimeSpan.FromSeconds(30);

    // A torn read of a log being appended to can look like damage that an fsync vouched for (a later frame
    // read new, an earlier one old); a read of a log that is really damaged fails the same way every time.
    private const int SnapshotAttempts = 3;

    /// <summary>
    /// Writes a consistent copy of the database at <paramref name="sourcePath"/> to
    /// <paramref name="destinationPath"/>, whether or not a writer (in another process or this one) has it
    /// open (docs/storage.md, "Backup from another process"). On Unix the files are read without their locks
    /// while a shared lock on <c>source-backup</c> keeps the writer from changing what is read; the copy is
    /// staged, fsynced, checked with the integrity check and only then renamed into place. Where that lock
    /// cannot be taken (Windows; a directory where the lock file cannot be created) the source is opened
    /// read-only instead, which a writer holding it refuses.
    /// </summary>
    /// <exception cref="FileNotFoundException">There is no database at <paramref name="sourcePath"/>.</exception>
    /// <exception cref="DatabaseLockedException">A writer's checkpoint held the backup lock past <see cref="BackupLockTimeout"/>, or (read-only fallback) a writer holds the file.</exception>
    /// <exception cref="DatabaseCorruptException">The source, or the copy, fails its checks.</exception>
    /// <exception cref="IOException">A file lies at the destination and <paramref name="overwrite"/> is false, a log lies beside it, a symbolic link lies at <c>destination.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the staged file is deleted and the destination is as it was.</exception>
    /// <returns>The size of the database and of the copy, and how long the copy took.</returns>
    public static MaintenanceResult BackupFile(string sourcePath, string destinationPath, bool overwrite = false, CancellationToken cancellationToken = default) =>
        BackupFile(sourcePath, destinationPath, BackupLockTimeout, cancellationToken, overwrite);

    /// <summary>
    /// As <see cref="BackupFile(string, string, bool, CancellationToken)"/>, for a database encrypted under the
    /// <paramref name="key"/> or <paramref name="password"/> (both null: a plain file): the copy is encrypted under the same key.
    /// </summary>
    /// <exception cref="EncryptionKeyException">The key or password does not open the database, or it is not encrypted, or it is and none is given.</exception>
    public static MaintenanceResult BackupFile(string sourcePath, string destinationPath, byte[]? key, string? password, bool overwrite, CancellationToken cancellationToken) =>
        BackupFile(sourcePath, destinationPath, BackupLockTimeout, cancellationToken, overwrite, ReaderOptions(key, password));

    /// <summary>As <see cref="BackupFile(string, string, bool, CancellationToken)"/>, waiting up to <paramref name="lockTimeout"/> for the backup lock.</summary>
    internal static MaintenanceResult BackupFile(string sourcePath, string destinationPath, TimeSpan lockTimeout, CancellationToken cancellationToken, bool overwrite = false, StorageOptions? readOptions = null)
    {
        readOptions ??= ReaderOptions(null, null);
        ArgumentException.ThrowIfNullOrEmpty(sourcePath);
        ArgumentException.ThrowIfNullOrEmpty(destinationPath);
        if (sourcePath == StorageEngine.InMemory || !File.Exists(sourcePath))
        {
            throw new FileNotFoundException($"There is no database at '{sourcePath}'.", sourcePath);
        }

        if (LinkTarget.SameFile(sourcePath, destinationPath))
        {
            throw new ArgumentException($"The destination '{destinationPath}' is the database's own file.", nameof(destinationPath));
        }

        var sidecar = BackupLockFile.PathFor(Path.GetFullPath(sourcePath));
        BackupLockFile.Hold hold;
        try
        {
            hold = BackupLockFile.IsSupported
                ? BackupLockFile.HoldShared(sidecar, sourcePath, lockTimeout, cancellationToken)
                : BackupLockFile.Hold.None;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            hold = BackupLockFile.Hold.None;
        }

        if (ReferenceEquals(hold, BackupLockFile.Hold.None))
        {
            using var engine = StorageEngine.Open(sourcePath, readOptions);
            return engine.Backups.BackupVerified(destinationPath, overwrite, staged => VerifyCopy(staged, readOptions), cancellationToken);
        }

        try
        {
            for (var attempt = 1; ; attempt++)
            {
                try
                {
                    using var engine = OpenUnlockedSnapshot(sourcePath, readOptions);
                    return engine.Backups.BackupVerified(destinationPath, overwrite, staged => VerifyCopy(staged, readOptions), cancellationToken);
                }
                catch (DatabaseCorruptException) when (attempt < SnapshotAttempts)
                {
                    // Read the logs again (see SnapshotAttempts).
                }
            }
        }
        finally
        {
            hold.Dispose();
            BackupLockFile.DeleteIfUnused(sidecar, sourcePath);
        }
    }

    // With the backup lock held: the redo log's bytes first, then the WAL's, each into memory, then the
    // database file read in place. In that order every redo record read has its earlier commits in the WAL
    // read after it (a commit writes its WAL frames before the next one starts), so recovery never finds a
    // gap between them; the lock keeps the file, and the logs' headers, as they are until the copy is done.
    // An encrypted database's devices are read through its key, checked before anything is read, as an open does.
    private static StorageEngine OpenUnlockedSnapshot(string sourcePath, StorageOptions options)
    {
        var redo = ReadWhole(LogPaths.Redo(sourcePath));
        var wal = ReadWhole(LogPaths.Wal(sourcePath)) ?? new MemoryStorageDevice(LogPaths.Wal(sourcePath));
        IStorageDevice db = FileStorageDevice.OpenUnlocked(sourcePath);
        try
        {
            db = DatabaseEncryption.OpenDatabase(db, options, out var key);
            if (key is not null && db is EncryptedDevice encrypted && ReadWhole(LogPaths.DoubleWrite(sourcePath)) is { } doubleWrite)
            {
                // Pages a checkpoint cut off by a crash left torn are read from it, as an open reads them.
                encrypted.AttachDoubleWrite(key.OpenDoubleWrite(doubleWrite));
            }

            var keyedWal = DatabaseEncryption.WrapLog(wal, key, CipherEnvelope.WalKind)!;
            var keyedRedo = DatabaseEncryption.WrapLog(redo, key, CipherEnvelope.RedoKind);
            return EngineOpener.Open(db, keyedWal, keyedRedo, options, sourcePath, backupLockFoundAtOpen: false, key);
        }
        catch
        {
            db.Dispose();
            throw;
        }
    }

    // A log's bytes as they are now, in memory (a missing log: null). Appends after this are not seen.
    private static MemoryStorageDevice? ReadWhole(string path)
    {
        FileStorageDevice file;
        try
        {
            file = FileStorageDevice.OpenUnlocked(path);
        }
        catch (FileNotFoundException)
        {
            return null;
        }

        using (file)
        {
            var bytes = new byte[file.Length];
            var read = file.Read(0, bytes);
            return new MemoryStorageDevice(path, read == bytes.Length ? bytes : bytes[..read]);
        }
    }

    // The staged copy must open and pass the integrity check before it takes the destination's name.
    private static void VerifyCopy(string stagedPath, StorageOptions options)
    {
        using var copy = StorageEngine.Open(stagedPath, options);
        var report = copy.CheckIntegrity();
        if (!report.IsValid)
        {
            throw new DatabaseCorruptException(stagedPath, -1, "the backup copy fails the integrity check: " + report.Problems[0]);
        }
    }

    // Read-only, through the key or password given (none for a plain file).
    private static StorageOptions ReaderOptions(byte[]? key, string? password) =>
        new() { ReadOnly = true, EncryptionKey = key, Password = password };
}
