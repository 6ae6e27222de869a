using System.Globalization;
using System.Text;

namespace DocStore;

/// <summary>
/// Where a database's bytes go, computed from one snapshot (see <see cref="DocStoreContext.GetStatistics"/>
/// and docs/storage.md, "Statistics"): the files on disk, the pages of the database file by owner, and how
/// full each tree's pages are.
/// </summary>
public sealed class DatabaseStatistics
{
    internal DatabaseStatistics(
        string path,
        int pageSize,
        long pageCount,
        long freePages,
        (long Database, long Wal, long Redo) files,
        long catalogPages,
        long otherTreePages,
        long overflowHalvesPages,
        IReadOnlyList<CollectionStatistics> collections)
    {
        Path = path;
        PageSize = pageSize;
        PageCount = pageCount;
        FreePages = freePages;
        DatabaseFileBytes = files.Database;
        WalFileBytes = files.Wal;
        RedoFileBytes = files.Redo;
        CatalogPages = catalogPages;
        OtherTreePages = otherTreePages;
        OverflowHalvesPages = overflowHalvesPages;
        Collections = collections;
    }

    /// <summary>The database path (or <see cref="DocStoreContext.InMemoryPath"/>).</summary>
    public string Path { get; }

    /// <summary>The page size, in bytes.</summary>
    public int PageSize { get; }

    /// <summary>Pages of the database at the snapshot, the header page, free pages and pages still only in the WAL included.</summary>
    public long PageCount { get; }

    /// <summary>Pages on the free list: freed by deletes, updates and dropped indexes, reused before the file grows.</summary>
    public long FreePages { get; }

    /// <summary>The length of the database file; 0 in memory. Pages a commit added stay in the WAL until a checkpoint copies them here.</summary>
    public long DatabaseFileBytes { get; }

    /// <summary>The length of the write-ahead log file (<c>path-wal</c>), preallocated space included; 0 in memory.</summary>
    public long WalFileBytes { get; }

    /// <summary>The length of the redo log file (<c>path-redo</c>), preallocated space included; 0 without one.</summary>
    public long RedoFileBytes { get; }

    /// <summary>What the database takes on disk: the database file and both logs.</summary>
    public long TotalFileBytes => DatabaseFileBytes + WalFileBytes + RedoFileBytes;

    /// <summary>Pages of the catalog trees (tree directory and collection catalog: names, field dictionaries, index definitions).</summary>
    public long CatalogPages { get; }

    /// <summary>Pages of trees that belong to no collection of the catalog (trees written through the storage engine directly).</summary>
    public long OtherTreePages { get; }

    /// <summary>
    /// Pages shared by the last parts of two large values (docs/storage.md, "Overflow pages"), which no tree's
    /// <see cref="TreeStatistics.TotalPages"/> counts; each tree counts its halves in <see cref="TreeStatistics.OverflowHalves"/>.
    /// </summary>
    public long OverflowHalvesPages { get; }

    /// <summary>Every collection of the database (not only those opened by this context), in name order.</summary>
    public IReadOnlyList<CollectionStatistics> Collections { get; }

    /// <summary>The collection named <paramref name="name"/>, or null when there is none.</summary>
    /// <param name="name">The collection name.</param>
    /// <returns>Its statistics, or null.</returns>
    public CollectionStatistics? this[string name] => Collections.FirstOrDefault(c => c.Name == name);

    /// <summary>A table of the breakdown, one line per tree, for logs and tools.</summary>
    /// <returns>The text.</returns>
    public override string ToString()
    {
        var text = new StringBuilder();
        var culture = CultureInfo.InvariantCulture;
        text.AppendLine(culture, $"{Path}: page size {PageSize}, {PageCount} pages ({Mib(PageCount * PageSize)}), {FreePages} free ({Mib(FreePages * PageSize)})");
        text.AppendLine(culture, $"files: database {Mib(DatabaseFileBytes)}, WAL {Mib(WalFileBytes)}, redo {Mib(RedoFileBytes)}, total {Mib(TotalFileBytes)}");
        text.AppendLine(culture, $"catalog {CatalogPages} pages, other trees {OtherTreePages} pages, shared overflow halves {OverflowHalvesPages} pages");
        text.AppendLine("tree                                  entries    pages     leaf  interior overflow    MiB   used MiB   fill");
        foreach (var collection in Collections)
        {
            Line(text, collection.Name, collection.Documents);
            foreach (var index in collection.Indexes)
            {
                Line(text, "  " + collection.Name + "." + index.Name, index.Tree);
            }
        }

        return text.ToString();
    }

    private static void Line(StringBuilder text, string name, TreeStatistics tree) =>
        text.AppendLine(CultureInfo.InvariantCulture, $"{name,-34} {tree.Entries,10} {tree.TotalPages,8} {tree.LeafPages,8} {tree.InteriorPages,8} {tree.OverflowPages,8} {tree.PageBytes / 1048576.0,7:F2} {tree.UsedBytes / 1048576.0,9:F2} {tree.FillFactor,6:P1}");

    private static string Mib(long bytes) => (bytes / 1048576.0).ToString("F2", CultureInfo.InvariantCulture) + " MiB";
}
