namespace DocStore.Storage.Paging;

/// <summary>How many pages the database can hold images of, for checks of the header's page count.</summary>
internal sealed partial class Pager
{
    /// <summary>Whole pages in the database file (0 in memory).</summary>
    public long FilePageCount => FileLength / PageSize;

    /// <summary>The database file's length in bytes (0 in memory).</summary>
    public long FileLength => _db?.Length ?? 0;

    /// <summary>
    /// An upper bound of the pages that have an image anywhere: the file's pages (in memory, every slot of
    /// the page arrays), plus the pages with versions in the WAL, plus the writer's private pages and the
    /// pages it spilled (see <see cref="Spill"/>). A header
    /// page count above it plus the free pages never written is impossible.
    /// </summary>
    public long StoredPageBound()
    {
        // The WAL's pages are counted before the file's: a checkpoint running meanwhile writes the file before
        // it drops the WAL versions, so this order (the count is a volatile read) can only count a copied
        // page twice, never miss it.
        long wal = _index.PageCount;
        return (_memory?.PageBound ?? FilePageCount) + wal + DirtyPages.Count + SpilledPages.Count;
    }
}
