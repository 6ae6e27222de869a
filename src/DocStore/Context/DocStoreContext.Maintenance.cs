using DocStore.Engine;
using DocStore.Engine.Backups;

namespace DocStore;

// Upkeep of the files: online backup and compaction (docs/storage.md, "Backup" and "Compaction").
public abstract partial class DocStoreContext
{
    /// <summary>
    /// Writes a consistent copy of the database, as of the last acknowledged commit, to
    /// <paramref name="path"/> while writers keep committing (the copy reads one snapshot; writers are not
    /// blocked). The copy is written to <c>path.partial</c> with its header page last, fsynced, then renamed
    /// to <paramref name="path"/>, so a crash never leaves a partial copy under that name. A file already at
    /// <paramref name="path"/> is an error unless <paramref name="overwrite"/> asks to replace it. For an
    /// in-memory database, the way to save it to a file.
    /// </summary>
    /// <param name="path">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <param name="overwrite">Replace a file at <paramref name="path"/> (in one rename, once the copy is complete).</param>
    /// <returns>The size of the database and of the copy, and how long the copy took.</returns>
    /// <exception cref="ArgumentException">The path is empty or the database's own file.</exception>
    /// <exception cref="IOException">A file lies at <paramref name="path"/> and <paramref name="overwrite"/> is false, a log file lies beside it, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="path"/> is as it was.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the database is damaged.</exception>
    public MaintenanceResult Backup(string path, bool overwrite = false)
    {
        ThrowIfDisposed();
        return Engine.Backups.Backup(path, overwrite);
    }

    /// <summary>The asynchronous twin of <see cref="Backup"/>, refusing a file at <paramref name="path"/>: the copy runs on the thread pool.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="path"/>.</param>
    /// <returns>What <see cref="Backup"/> returns, once the copy is durable at <paramref name="path"/>.</returns>
    public ValueTask<MaintenanceResult> BackupAsync(string path, CancellationToken cancellationToken = default) =>
        BackupAsync(path, overwrite: false, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Backup"/>: the copy runs on the thread pool.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="overwrite">Replace a file at <paramref name="path"/>.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="path"/>.</param>
    /// <returns>What <see cref="Backup"/> returns, once the copy is durable at <paramref name="path"/>.</returns>
    public async ValueTask<MaintenanceResult> BackupAsync(string path, bool overwrite, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return await Task.Run(() => Engine.Backups.Backup(path, overwrite, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Writes a consistent copy of the database file at <paramref name="sourcePath"/> to
    /// <paramref name="destinationPath"/> without opening it as a context, whether or not an application
    /// (another process, or a context in this one) has it open and keeps writing: the
    /// <c>sqlite3 app.db ".backup copy.db"</c> of DocStore. The copy holds every commit acknowledged before
    /// the call and none that is not complete; it is staged at <c>destinationPath.partial</c>, fsynced, checked
    /// with the integrity check and only then renamed into place, so a failed or killed backup never leaves a
    /// file at <paramref name="destinationPath"/> that opens as a good database.
    /// </summary>
    /// <remarks>
    /// On Unix the backup reads the files without their locks and holds a shared lock on
    /// <c>sourcePath-backup</c> for the length of the copy; a writer's checkpoints meanwhile leave the file and
    /// the logs as they are, so its journal grows past its bound until the backup ends (docs/storage.md,
    /// "Backup from another process"). On Windows a database another process holds cannot be read:
    /// <see cref="DatabaseLockedException"/>.
    /// </remarks>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <param name="overwrite">Replace a file at <paramref name="destinationPath"/> (in one rename, once the copy is checked); without it a file there is an error.</param>
    /// <returns>The size of the database and of the copy, and how long the copy took.</returns>
    /// <exception cref="FileNotFoundException">There is no database at <paramref name="sourcePath"/>.</exception>
    /// <exception cref="ArgumentException">A path is empty, or both name the same file.</exception>
    /// <exception cref="DatabaseLockedException">The writer held the backup lock for 30 s (one checkpoint step that long), or on Windows another process holds the database.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the database, or the finished copy, fails its checks.</exception>
    /// <exception cref="IOException">A file lies at <paramref name="destinationPath"/> and <paramref name="overwrite"/> is false, a log file lies beside it, a symbolic link lies at <c>destinationPath.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="destinationPath"/> is as it was.</exception>
    public static MaintenanceResult BackupFile(string sourcePath, string destinationPath, bool overwrite = false) =>
        FileBackup.BackupFile(sourcePath, destinationPath, overwrite);

    /// <summary>
    /// As <see cref="BackupFile(string, string, bool)"/>, for a database encrypted under a key or password: the
    /// files are read through it and the copy is encrypted under the same key (docs/guide/encryption.md).
    /// </summary>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <param name="encryption">The key or password the database was encrypted with (<see cref="DocStoreEncryption.None"/> for a plain file).</param>
    /// <param name="overwrite">Replace a file at <paramref name="destinationPath"/>; without it a file there is an error.</param>
    /// <returns>The size of the database and of the copy, and how long the copy took.</returns>
    /// <exception cref="EncryptionKeyException">The key or password does not open the database, it is given for a plain file, or none is given for an encrypted one; nothing is written.</exception>
    /// <exception cref="FileNotFoundException">There is no database at <paramref name="sourcePath"/>.</exception>
    /// <exception cref="ArgumentException">A path is empty, or both name the same file.</exception>
    /// <exception cref="DatabaseLockedException">The writer held the backup lock for 30 s, or on Windows another process holds the database.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the database, or the finished copy, fails its checks.</exception>
    /// <exception cref="IOException">A file lies at <paramref name="destinationPath"/> and <paramref name="overwrite"/> is false, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed: <paramref name="destinationPath"/> is as it was.</exception>
    public static MaintenanceResult BackupFile(string sourcePath, string destinationPath, DocStoreEncryption encryption, bool overwrite)
    {
        ArgumentNullException.ThrowIfNull(encryption);
        return FileBackup.BackupFile(sourcePath, destinationPath, encryption.Key, encryption.Password, overwrite, CancellationToken.None);
    }

    /// <summary>The asynchronous twin of <see cref="BackupFile(string, string, bool)"/>, refusing a file at <paramref name="destinationPath"/>: the copy runs on the thread pool.</summary>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="destinationPath"/>.</param>
    /// <returns>What <see cref="BackupFile(string, string, bool)"/> returns, once the copy is durable at <paramref name="destinationPath"/>.</returns>
    public static ValueTask<MaintenanceResult> BackupFileAsync(string sourcePath, string destinationPath, CancellationToken cancellationToken = default) =>
        BackupFileAsync(sourcePath, destinationPath, overwrite: false, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="BackupFile(string, string, bool)"/>: the copy runs on the thread pool.</summary>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write.</param>
    /// <param name="overwrite">Replace a file at <paramref name="destinationPath"/>.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="destinationPath"/>.</param>
    /// <returns>What <see cref="BackupFile(string, string, bool)"/> returns, once the copy is durable at <paramref name="destinationPath"/>.</returns>
    public static async ValueTask<MaintenanceResult> BackupFileAsync(string sourcePath, string destinationPath, bool overwrite, CancellationToken cancellationToken = default) =>
        await Task.Run(() => FileBackup.BackupFile(sourcePath, destinationPath, overwrite, cancellationToken), cancellationToken).ConfigureAwait(false);

    /// <summary>The asynchronous twin of <see cref="BackupFile(string, string, DocStoreEncryption, bool)"/>: the copy runs on the thread pool.</summary>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write.</param>
    /// <param name="encryption">The key or password the database was encrypted with.</param>
    /// <param name="overwrite">Replace a file at <paramref name="destinationPath"/>.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="destinationPath"/>.</param>
    /// <returns>What <see cref="BackupFile(string, string, DocStoreEncryption, bool)"/> returns, once the copy is durable at <paramref name="destinationPath"/>.</returns>
    public static async ValueTask<MaintenanceResult> BackupFileAsync(string sourcePath, string destinationPath, DocStoreEncryption encryption, bool overwrite, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(encryption);
        return await Task.Run(() => FileBackup.BackupFile(sourcePath, destinationPath, encryption.Key, encryption.Password, overwrite, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Rewrites the database densely and gives the space back to the file system (keeping the file's mode;
    /// through a symbolic link, the file it names is rewritten and the link stays): every tree is rebuilt
    /// with full pages and the free pages are dropped. Writers wait for the rewrite; readers go on until
    /// the new file replaces the old one, which waits for a moment without open reads (up to
    /// <see cref="DocStoreOptions.WriteLockTimeout"/>). Safe against a crash at any point: the database
    /// is then either the old or the new one, complete. Documents, indexes, key sequences and the catalog
    /// are kept exactly.
    /// </summary>
    /// <exception cref="NotSupportedException">The database is in memory, or open with <see cref="DocStoreSharing.Shared"/> (other processes read the file it would replace).</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A write transaction or a read stayed open past the timeout; nothing changed.</exception>
    /// <exception cref="IOException">A symbolic link lies at <c>name-compact</c>, or the copy cannot be created; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): it is deleted and the database is as it was.</exception>
    /// <returns>The size of the database's files and its pages before and after, and how long it took.</returns>
    public MaintenanceResult Compact()
    {
        ThrowIfDisposed();
        return Engine.Compaction.Compact();
    }

    /// <summary>The asynchronous twin of <see cref="Compact()"/>: the rewrite runs on the thread pool.</summary>
    /// <param name="cancellationToken">Stops the rewrite before the new file replaces the old one; nothing changes then.</param>
    /// <returns>What <see cref="Compact()"/> returns, once the compacted database is in place.</returns>
    public async ValueTask<MaintenanceResult> CompactAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return await Task.Run(() => Engine.Compaction.Compact(cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Writes a dense copy of the database, as of the last acknowledged commit, to <paramref name="path"/>,
    /// leaving this database as it is: a backup that takes only the space the data needs. Staged and
    /// renamed like <see cref="Backup"/>, replacing a file at <paramref name="path"/>; writers keep committing.
    /// </summary>
    /// <returns>The size of the database and of the dense copy, and how long the copy took.</returns>
    /// <param name="path">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <exception cref="ArgumentException">The path is empty or the database's own file.</exception>
    /// <exception cref="IOException">A log file lies beside <paramref name="path"/>, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="path"/> is as it was.</exception>
    public MaintenanceResult Compact(string path)
    {
        ThrowIfDisposed();
        return Engine.Compaction.CompactTo(path);
    }

    /// <summary>The asynchronous twin of <see cref="Compact(string)"/>.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="path"/>.</param>
    /// <returns>What <see cref="Compact(string)"/> returns, once the copy is durable at <paramref name="path"/>.</returns>
    public async ValueTask<MaintenanceResult> CompactAsync(string path, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return await Task.Run(() => Engine.Compaction.CompactTo(path, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Compacts the database in place as <see cref="Compact()"/> does, writing the new file under
    /// <paramref name="encryption"/>: rotates the key or password of an encrypted database, encrypts a plain
    /// one, or (<see cref="DocStoreEncryption.None"/>) decrypts one. Crash-safe like <see cref="Compact()"/>:
    /// the file is afterwards the old one under the old key or the new one under the new key, whole. Open
    /// the database with the new key or password from then on.
    /// </summary>
    /// <param name="encryption">The new key, password, or none.</param>
    /// <returns>The size of the database's files and its pages before and after, and how long it took.</returns>
    /// <exception cref="NotSupportedException">The database is in memory, or open with <see cref="DocStoreSharing.Shared"/>.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A write transaction or a read stayed open past the timeout; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed: it is deleted and the database is as it was.</exception>
    public MaintenanceResult Compact(DocStoreEncryption encryption)
    {
        ArgumentNullException.ThrowIfNull(encryption);
        ThrowIfDisposed();
        return Engine.Compaction.Rekey(encryption.Secret(Options.Storage.PasswordIterations));
    }

    /// <summary>The asynchronous twin of <see cref="Compact(DocStoreEncryption)"/>.</summary>
    /// <param name="encryption">The new key, password, or none.</param>
    /// <param name="cancellationToken">Stops the rewrite before the new file replaces the old one; nothing changes then.</param>
    /// <returns>What <see cref="Compact(DocStoreEncryption)"/> returns.</returns>
    public async ValueTask<MaintenanceResult> CompactAsync(DocStoreEncryption encryption, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(encryption);
        ThrowIfDisposed();
        return await Task.Run(() => Engine.Compaction.Rekey(encryption.Secret(Options.Storage.PasswordIterations), cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Compacts the database in place under the 32-byte key <paramref name="newKey"/>: the same as
    /// <see cref="Compact(DocStoreEncryption)"/> with <see cref="DocStoreEncryption.WithKey"/>. Rotates the key
    /// of an encrypted database, or encrypts a plain one; open it with <paramref name="newKey"/> from then on.
    /// </summary>
    /// <param name="newKey">The new AES-256 key (32 bytes).</param>
    /// <returns>The size of the database's files and its pages before and after, and how long it took.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="newKey"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="newKey"/> is not 32 bytes long; nothing changed.</exception>
    /// <exception cref="NotSupportedException">The database is in memory, or open with <see cref="DocStoreSharing.Shared"/>.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A write transaction or a read stayed open past the timeout; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed: it is deleted and the database is as it was.</exception>
    public MaintenanceResult Compact(byte[] newKey) => Compact(DocStoreEncryption.WithKey(newKey));

    /// <summary>The asynchronous twin of <see cref="Compact(byte[])"/>.</summary>
    /// <param name="newKey">The new AES-256 key (32 bytes).</param>
    /// <param name="cancellationToken">Stops the rewrite before the new file replaces the old one; nothing changes then.</param>
    /// <returns>What <see cref="Compact(byte[])"/> returns.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="newKey"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="newKey"/> is not 32 bytes long; nothing changed.</exception>
    public ValueTask<MaintenanceResult> CompactAsync(byte[] newKey, CancellationToken cancellationToken = default) =>
        CompactAsync(DocStoreEncryption.WithKey(newKey), cancellationToken);
}
