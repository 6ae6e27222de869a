using DocStore.Engine;

namespace DocStore;

// Upkeep of the files: online backup and compaction (docs/storage.md, "Backup" and "Compaction").
public abstract partial class DocStoreContext
{
    /// <summary>
    /// Writes a consistent copy of the database, as of the last acknowledged commit, to
    /// <paramref name="path"/> while writers keep committing (the copy reads one snapshot; writers are not
    /// blocked). The copy is written to <c>path.partial</c> with its header page last, fsynced, then renamed
    /// to <paramref name="path"/> (replacing a file there), so a crash never leaves a partial copy under
    /// that name. For an in-memory database, the way to save it to a file.
    /// </summary>
    /// <param name="path">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <exception cref="ArgumentException">The path is empty or the database's own file.</exception>
    /// <exception cref="IOException">A log file lies beside <paramref name="path"/>, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="path"/> is as it was.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the database is damaged.</exception>
    public void Backup(string path)
    {
        ThrowIfDisposed();
        Engine.Backup(path);
    }

    /// <summary>The asynchronous twin of <see cref="Backup"/>: the copy runs on the thread pool.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="path"/>.</param>
    /// <returns>A task that completes when the copy is durable at <paramref name="path"/>.</returns>
    public async ValueTask BackupAsync(string path, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        await Task.Run(() => Engine.Backup(path, cancellationToken), cancellationToken).ConfigureAwait(false);
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
    /// <param name="destinationPath">The file to write (replaced if it exists); no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <exception cref="FileNotFoundException">There is no database at <paramref name="sourcePath"/>.</exception>
    /// <exception cref="ArgumentException">A path is empty, or both name the same file.</exception>
    /// <exception cref="DatabaseLockedException">The writer held the backup lock for 30 s (one checkpoint step that long), or on Windows another process holds the database.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the database, or the finished copy, fails its checks.</exception>
    /// <exception cref="IOException">A log file lies beside <paramref name="destinationPath"/>, a symbolic link lies at <c>destinationPath.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="destinationPath"/> is as it was.</exception>
    public static void BackupFile(string sourcePath, string destinationPath) =>
        StorageEngine.BackupFile(sourcePath, destinationPath);

    /// <summary>The asynchronous twin of <see cref="BackupFile"/>: the copy runs on the thread pool.</summary>
    /// <param name="sourcePath">The database file to copy.</param>
    /// <param name="destinationPath">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="destinationPath"/>.</param>
    /// <returns>A task that completes when the copy is durable at <paramref name="destinationPath"/>.</returns>
    public static async ValueTask BackupFileAsync(string sourcePath, string destinationPath, CancellationToken cancellationToken = default) =>
        await Task.Run(() => StorageEngine.BackupFile(sourcePath, destinationPath, cancellationToken), cancellationToken).ConfigureAwait(false);

    /// <summary>
    /// Rewrites the database densely and gives the space back to the file system (keeping the file's mode;
    /// through a symbolic link, the file it names is rewritten and the link stays): every tree is rebuilt
    /// with full pages and the free pages are dropped. Writers wait for the rewrite; readers go on until
    /// the new file replaces the old one, which waits for a moment without open reads (up to
    /// <see cref="DocStoreOptions.WriteLockTimeout"/>). Safe against a crash at any point: the database
    /// is then either the old or the new one, complete. Documents, indexes, key sequences and the catalog
    /// are kept exactly.
    /// </summary>
    /// <exception cref="NotSupportedException">The database is in memory.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">A write transaction or a read stayed open past the timeout; nothing changed.</exception>
    /// <exception cref="IOException">A symbolic link lies at <c>name-compact</c>, or the copy cannot be created; nothing changed.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): it is deleted and the database is as it was.</exception>
    public void Compact()
    {
        ThrowIfDisposed();
        Engine.Compact();
    }

    /// <summary>The asynchronous twin of <see cref="Compact()"/>: the rewrite runs on the thread pool.</summary>
    /// <param name="cancellationToken">Stops the rewrite before the new file replaces the old one; nothing changes then.</param>
    /// <returns>A task that completes when the compacted database is in place.</returns>
    public async ValueTask CompactAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        await Task.Run(() => Engine.Compact(cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Writes a dense copy of the database, as of the last acknowledged commit, to <paramref name="path"/>,
    /// leaving this database as it is: a backup that takes only the space the data needs. Staged and
    /// renamed like <see cref="Backup"/>; writers keep committing.
    /// </summary>
    /// <param name="path">The file to write; no <c>-wal</c> or <c>-redo</c> file may lie beside it.</param>
    /// <exception cref="ArgumentException">The path is empty or the database's own file.</exception>
    /// <exception cref="IOException">A log file lies beside <paramref name="path"/>, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk): the staged file is deleted, <paramref name="path"/> is as it was.</exception>
    public void Compact(string path)
    {
        ThrowIfDisposed();
        Engine.CompactTo(path);
    }

    /// <summary>The asynchronous twin of <see cref="Compact(string)"/>.</summary>
    /// <param name="path">The file to write.</param>
    /// <param name="cancellationToken">Stops the copy; nothing is left at <paramref name="path"/>.</param>
    /// <returns>A task that completes when the copy is durable at <paramref name="path"/>.</returns>
    public async ValueTask CompactAsync(string path, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        await Task.Run(() => Engine.CompactTo(path, cancellationToken), cancellationToken).ConfigureAwait(false);
    }
}
