using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Redo;
using DocStore.Storage.Wal;

namespace DocStore.Engine;

/// <summary>
/// A database file of 0 bytes beside logs that hold something. That is not a new database: the file was
/// truncated or replaced, or deleted while its logs stayed. Wiping the logs and starting afresh would lose
/// whatever they hold without a word, so:
/// <list type="bullet">
/// <item>a WAL of the database's first generation (its first LSN is 1: no checkpoint ever restarted it)
/// describes the whole database on top of the file's initial two pages, so the file gets those pages
/// again and recovery runs as usual, but only after a trial recovery on scratch copies passes the
/// integrity check (a WAL restarted from 1 beside a database whose file held more fails it);</item>
/// <item>anything else (a WAL that continues from checkpointed pages, a damaged WAL header, a redo log
/// whose WAL is gone) is <see cref="DatabaseCorruptException"/>, and the logs are left untouched.</item>
/// </list>
/// </summary>
internal static class EmptyFileRecovery
{
    /// <summary>
    /// For an empty <paramref name="db"/> beside logs that hold something: the file's initial image to
    /// recover on (the caller writes it, or reads through it), or an exception. Null when the logs hold
    /// nothing, so a new database may be created.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The logs cannot rebuild the database.</exception>
    public static byte[]? Prepare(IStorageDevice db, IStorageDevice wal, IStorageDevice? redo, StorageOptions options)
    {
        if (db.Length != 0 || (wal.Length == 0 && (redo is null || redo.Length == 0)))
        {
            return null;
        }

        var logs = redo is null ? $"'{wal.Name}'" : $"'{wal.Name}' and '{redo.Name}'";
        Span<byte> headerBytes = stackalloc byte[WalFormat.HeaderSize];
        if (wal.Read(0, headerBytes) < WalFormat.HeaderSize || !WalFormat.TryReadHeader(headerBytes, out var header))
        {
            if (wal.Length > WalFormat.HeaderSize)
            {
                throw Corrupt(db, $"the file is empty and the header of its WAL '{wal.Name}' is damaged, so the WAL cannot rebuild it; restore the file from a backup");
            }

            if (redo is not null && HasRedoHeader(redo))
            {
                throw Corrupt(db, $"the file is empty and its WAL is gone, but the redo log '{redo.Name}' belongs to a database: its pages are lost. Restore the file from a backup, or delete {logs} to start a new database");
            }

            // Nothing a database wrote: a new one may start here.
            return null;
        }

        if (header.Version != WalFormat.Version || header.FirstLsn != 1)
        {
            throw Corrupt(db, $"the file is empty, but its WAL '{wal.Name}' continues a database from LSN {header.FirstLsn} (format version {header.Version}): the pages checkpointed into the file before then are lost. Restore the file from a backup, or delete {logs} to start a new database");
        }

        var image = InitialImage(header.PageSize);
        Trial(db, image, wal, redo, options);
        return image;
    }

    /// <summary>What <c>Pager</c> writes into a new file: the header page and the empty catalog root, stamped.</summary>
    public static byte[] InitialImage(int pageSize)
    {
        var image = new byte[2 * pageSize];
        var header = image.AsSpan(0, pageSize);
        HeaderPage.Initialize(header, pageSize, catalogRoot: 1);
        PageChecksum.Stamp(header, 0);
        var root = image.AsSpan(pageSize, pageSize);
        PageLayout.Initialize(root, PageType.Leaf);
        PageChecksum.Stamp(root, 1);
        return image;
    }

    // Recovery on scratch overlays of the logs (the files are not written): it must succeed and leave a
    // database that passes the integrity check, or the logs do not describe this file.
    private static void Trial(IStorageDevice db, byte[] image, IStorageDevice wal, IStorageDevice? redo, StorageOptions options)
    {
        IntegrityReport report;
        try
        {
            using var trial = StorageEngine.Open(
                new MemoryStorageDevice(db.Name, image), new ScratchOverlayDevice(wal), redo is null ? null : new ScratchOverlayDevice(redo), options, db.Name);
            report = trial.CheckIntegrity();
        }
        catch (DatabaseCorruptException e)
        {
            throw Corrupt(db, $"the file is empty, and its WAL '{wal.Name}' cannot rebuild it ({e.Message}); the logs were left untouched. Restore the file from a backup");
        }

        if (!report.IsValid)
        {
            throw Corrupt(db, $"the file is empty, and the database its WAL '{wal.Name}' rebuilds fails the integrity check ({report.Problems[0]}); the logs were left untouched. Restore the file from a backup");
        }
    }

    private static bool HasRedoHeader(IStorageDevice redo)
    {
        Span<byte> header = stackalloc byte[RedoFormat.HeaderSize];
        return redo.Read(0, header) == RedoFormat.HeaderSize && RedoFormat.ReadHeaderSalt(header) is not null;
    }

    private static DatabaseCorruptException Corrupt(IStorageDevice db, string problem) => new(db.Name, -1, problem);
}
