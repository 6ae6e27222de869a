using DocStore.Engine.Files;
using DocStore.Engine.Statistics;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine.Backups;

/// <summary>Online backup: a page copy of one snapshot while writers go on.</summary>
internal sealed class EngineBackup(EngineState state, EngineSizes sizes)
{
    /// <summary>The suffix of the file a backup writes before it moves it to its destination.</summary>
    internal const string PartialSuffix = ".partial";

    /// <summary>
    /// Writes a consistent copy of the database as of the last acknowledged commit to <paramref name="path"/>
    /// (docs/storage.md, "Backup"). The copy is built from a read snapshot, so writers keep committing; it
    /// goes to <c>path.partial</c> with the header page written last, is fsynced, then renamed to
    /// <paramref name="path"/>, over a file there only when <paramref name="overwrite"/> says so. For an
    /// in-memory database, the way to persist it.
    /// </summary>
    /// <returns>The size of the database and of the copy, and how long the copy took.</returns>
    /// <exception cref="ArgumentException">The path is the database's own.</exception>
    /// <exception cref="IOException">A file lies at the destination and <paramref name="overwrite"/> is false, a log of another database lies beside it, a symbolic link lies at <c>path.partial</c>, or the copy cannot be created.</exception>
    /// <exception cref="StorageFailedException">Writing, flushing or renaming the copy failed (a full disk); the staged file is deleted and <paramref name="path"/> is as it was.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the source fails its checksum.</exception>
    public MaintenanceResult Backup(string path, bool overwrite = false, CancellationToken cancellationToken = default) =>
        BackupVerified(path, overwrite, verify: null, cancellationToken);

    /// <summary>Writes a copy as <see cref="Backup"/> does, replacing a file there (the name tools and tests have used).</summary>
    public void SaveTo(string path) => Backup(path, overwrite: true);

    /// <summary>As <see cref="Backup"/>; <paramref name="verify"/> is called on the complete, fsynced staging file before it is renamed into place, and throws to refuse it.</summary>
    public MaintenanceResult BackupVerified(string path, bool overwrite, Action<string>? verify, CancellationToken cancellationToken)
    {
        state.ThrowIfDisposed();
        CheckDestination(path, overwrite);
        return sizes.Measure(() => CopyPages(path, overwrite, verify, cancellationToken), path);
    }

    private void CopyPages(string path, bool overwrite, Action<string>? verify, CancellationToken cancellationToken)
    {
        using var longRead = state.Pager.BeginLongRead();
        using var tx = state.BeginRead();
        var pageCount = HeaderPage.GetPageCount(tx.ReadPage(0));
        var problems = new List<string>();
        var unwritten = new HashSet<uint>();
        foreach (var (page, isTrunk) in FreeList.Enumerate(tx, pageCount, problems))
        {
            if (!isTrunk)
            {
                unwritten.Add(page);
            }
        }

        if (problems.Count > 0)
        {
            throw new DatabaseCorruptException(state.Name, -1, problems[0]);
        }

        using var staged = new StagedFile(path, PartialSuffix, ModeForCopies());
        // An encrypted database's copy is encrypted under the same key, with an identity of its own.
        var target = CopyTarget.For(staged, state.Pager.Key?.ForCopy());
        var pageSize = state.Pager.PageSize;
        var copy = new byte[pageSize];

        // Pages not cached are read into this and not cached: a backup would otherwise evict every hot page.
        var scratch = new byte[pageSize];

        // The header goes in last: a copy cut off before it has zeros where the magic belongs and opens as nothing.
        target.Position = pageSize;
        for (uint page = 1; page < pageCount; page++)
        {
            cancellationToken.ThrowIfCancellationRequested();

            // A free page that is not a trunk may never have been written; it stays free, so zeros do.
            if (unwritten.Contains(page))
            {
                Array.Clear(copy);
                target.Write(copy);
                continue;
            }

            CopyStamped(tx.ReadPageForWalk(page, scratch), copy, page);
            target.Write(copy);
        }

        CopyTarget.FlushToDisk(target);
        CopyStamped(tx.ReadPage(0), copy, 0);
        target.Position = 0;
        target.Write(copy);
        staged.Seal();
        verify?.Invoke(staged.TemporaryPath);
        staged.Publish(overwrite);
    }

    // In-memory pages carry no checksum (nothing there can tear), so every copy is stamped for the file.
    private static void CopyStamped(byte[] source, byte[] copy, uint page)
    {
        source.CopyTo(copy, 0);
        PageChecksum.Stamp(copy, page);
    }

    /// <summary>The permission bits a copy gets: the database file's (an in-memory database has none to give).</summary>
    public UnixFileMode? ModeForCopies() => state.Pager.IsInMemory ? null : NewFile.ModeOf(state.Name);

    /// <summary>Refuses a destination that is the database's own file, an existing file unless <paramref name="overwrite"/>, or one with logs beside it (they would be replayed onto the copy at its first open).</summary>
    /// <exception cref="ArgumentException">The path is the database's own.</exception>
    /// <exception cref="IOException">A file lies at the destination and <paramref name="overwrite"/> is false, or a log lies beside it.</exception>
    public void CheckDestination(string path, bool overwrite)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var full = Path.GetFullPath(path);
        if (!state.Pager.IsInMemory && LinkTarget.SameFile(full, state.Name))
        {
            throw new ArgumentException($"The destination '{path}' is the database's own file.", nameof(path));
        }

        if (!overwrite && File.Exists(full))
        {
            throw StagedFile.DestinationExists(full);
        }

        foreach (var log in new[] { LogPaths.Wal(full), LogPaths.Redo(full) })
        {
            if (File.Exists(log))
            {
                throw new IOException($"'{log}' lies beside the destination '{path}': a log of another database would be replayed onto the copy. Remove it (or choose another path) first.");
            }
        }
    }
}
