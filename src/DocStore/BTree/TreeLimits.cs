using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Size limits that follow from the page size. A branch cell, and a leaf cell of an index entry, fits in a
/// quarter of a page's usable space; a leaf cell that carries a value may take up to half. Any run of cells
/// that fills a page and a half at most can then be cut into two that each fit a page, which is what
/// splits and merges rely on.
/// </summary>
internal static class TreeLimits
{
    /// <summary>The largest value a tree stores: 64 MiB (values above the inline threshold go to overflow pages).</summary>
    public const int MaxValueLength = 64 * 1024 * 1024;

    /// <summary>The largest key for <paramref name="pageSize"/>: (pageSize - 16) / 4 - 12 bytes; 2032 at 8 KiB, 240 at 1 KiB.</summary>
    public static int MaxKeyLength(int pageSize) => MaxCellSize(pageSize) - Node.MaxLeafHeaderSize - 4;

    /// <summary>
    /// Deeper than any real tree gets (four cells a page at the least, so 40 levels hold over 10^24 keys):
    /// a descent that goes further is following a cycle in a damaged file, and stops with an error.
    /// </summary>
    internal const int MaxDepth = 40;

    /// <summary>The largest cell, its slot included in the quarter-page budget.</summary>
    internal static int MaxCellSize(int pageSize) => ((pageSize - PageLayout.HeaderSize) / 4) - 2;

    /// <summary>
    /// The largest leaf cell with its value inline (or an overflow value's tail), its slot included in a
    /// half-page budget: 4,086 bytes at 8 KiB, so documents up to about 4 KiB need no overflow page.
    /// </summary>
    internal static int MaxValueCellSize(int pageSize) => ((pageSize - PageLayout.HeaderSize) / 2) - 2;
}
