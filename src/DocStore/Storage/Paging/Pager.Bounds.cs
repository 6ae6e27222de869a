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
    public long StoredPageBound() =>
        (_memory?.PageBound ?? FilePageCount) + _index.PageCount + DirtyPages.Count + SpilledPages.Count;
}
