namespace DocStore;

/// <summary>
/// The space one B+tree takes at one snapshot: its entries, its pages by kind and how full they are
/// (docs/storage.md, "Statistics").
/// </summary>
public sealed class TreeStatistics
{
    internal TreeStatistics(int pageSize, long entries, int depth, long leafPages, long interiorPages, long overflowPages, long overflowHalves, long usedBytes, long keyBytes, long valueBytes)
    {
        PageSize = pageSize;
        Entries = entries;
        Depth = depth;
        LeafPages = leafPages;
        InteriorPages = interiorPages;
        OverflowPages = overflowPages;
        OverflowHalves = overflowHalves;
        UsedBytes = usedBytes;
        KeyBytes = keyBytes;
        ValueBytes = valueBytes;
    }

    /// <summary>The page size of the database, in bytes.</summary>
    public int PageSize { get; }

    /// <summary>Key-value entries in the tree (documents in a primary tree, entries in an index tree).</summary>
    public long Entries { get; }

    /// <summary>Levels from the root to the leaves; 1 for a tree whose root is a leaf.</summary>
    public int Depth { get; }

    /// <summary>Leaf pages (keys and values, or pointers to overflow chains).</summary>
    public long LeafPages { get; }

    /// <summary>Interior (branch) pages: separator keys and child page numbers.</summary>
    public long InteriorPages { get; }

    /// <summary>Overflow pages holding values too large to sit in a leaf.</summary>
    public long OverflowPages { get; }

    /// <summary>
    /// Halves of shared pages that hold the last part of one of the tree's values each (two halves to a page,
    /// possibly of two trees: docs/storage.md, "Overflow pages"). <see cref="DatabaseStatistics.OverflowHalvesPages"/> counts their pages.
    /// </summary>
    public long OverflowHalves { get; }

    /// <summary>Every page the tree has to itself: leaf, interior and overflow (not the shared pages of <see cref="OverflowHalves"/>).</summary>
    public long TotalPages => LeafPages + InteriorPages + OverflowPages;

    /// <summary>The bytes the tree takes in the file: <see cref="TotalPages"/> times the page size, and half a page for each of <see cref="OverflowHalves"/>.</summary>
    public long PageBytes => (TotalPages * PageSize) + (OverflowHalves * (PageSize / 2));

    /// <summary>
    /// Bytes that hold data: cells and their slots on leaf and interior pages, value bytes on overflow
    /// pages and in halves. Page headers, free gaps and the unused tail of a last overflow page are not counted.
    /// </summary>
    public long UsedBytes { get; }

    /// <summary>The keys' bytes in the leaves (primary keys, or index keys).</summary>
    public long KeyBytes { get; }

    /// <summary>The values' bytes (documents in a primary tree), inline or in overflow chains, as stored: a compressed value counts its compressed size.</summary>
    public long ValueBytes { get; }

    /// <summary><see cref="UsedBytes"/> over <see cref="PageBytes"/>: 1.0 is a tree without a byte to spare; 0 for an empty tree.</summary>
    public double FillFactor => PageBytes == 0 ? 0 : (double)UsedBytes / PageBytes;

    /// <inheritdoc />
    public override string ToString() =>
        $"{Entries} entries, {TotalPages} pages ({LeafPages} leaf, {InteriorPages} interior, {OverflowPages} overflow), depth {Depth}, fill {FillFactor:P1}";
}
