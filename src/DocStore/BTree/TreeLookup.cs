using System.Runtime.CompilerServices;
using DocStore.Storage;
using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Point lookups and value reads over a <see cref="PageSource"/>: what <see cref="Tree"/> does for its
/// transaction, available without a tree object (a tree is its root page and name).
/// </summary>
internal static class TreeLookup
{
    /// <summary>
    /// Finds <paramref name="key"/> in the tree rooted at <paramref name="root"/>. An inline value is returned
    /// without copying (memory over the cached page image); an overflow value is assembled into a new array.
    /// </summary>
    /// <returns>True when the key exists.</returns>
    public static bool TryGet(in PageSource pages, uint root, string treeName, ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value)
    {
        var pageNumber = root;
        var page = pages.ReadNode(pageNumber, out var heads);
        for (var depth = 0; PageLayout.GetType(page) == PageType.Branch; depth++)
        {
            if (depth == TreeLimits.MaxDepth)
            {
                throw Corrupt(pages, treeName, pageNumber, $"deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
            }

            pageNumber = Node.Child(page, Node.ChildIndex(page, heads, key));
            page = pages.ReadNode(pageNumber, out heads);
        }

        if (PageLayout.GetType(page) != PageType.Leaf)
        {
            throw Corrupt(pages, treeName, pageNumber, $"expected a tree page, found type {PageLayout.GetType(page)}");
        }

        var index = Node.Search(page, heads, key, out var found);
        if (!found)
        {
            value = default;
            return false;
        }

        value = ReadValue(pages, treeName, pageNumber, page, index);
        return true;
    }

    /// <summary>
    /// The value of cell <paramref name="index"/> of page <paramref name="pageNumber"/>: memory over the page
    /// when inline, else its overflow chain assembled; a compressed value is decompressed into a new array.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlyMemory<byte> ReadValue(in PageSource pages, string treeName, uint pageNumber, byte[] page, int index)
    {
        // The plain inline value is every get's and scan step's case: decided here, the rest out of line.
        var valueLength = Node.ValueAt(page, index, out var keyLength, out var valueOffset, out var compressed);
        if (!compressed && Node.IsInline(keyLength, valueLength, page.Length))
        {
            ValuePrefetch.Lines(page, valueOffset, valueLength);
            return new ReadOnlyMemory<byte>(page, valueOffset, valueLength);
        }

        return ReadOverflowOrCompressed(pages, treeName, pageNumber, page, index);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ReadOnlyMemory<byte> ReadOverflowOrCompressed(in PageSource pages, string treeName, uint pageNumber, byte[] page, int index)
    {
        var stored = ReadStored(pages, treeName, page, index, out var compressed);
        return compressed
            ? CompressedValue.TryDecompress(stored.Span) ?? throw Corrupt(pages, treeName, pageNumber, $"the compressed value of cell {index} does not decode")
            : stored;
    }

    /// <summary>The stored bytes of cell <paramref name="index"/> (a <see cref="CompressedValue"/> when <paramref name="compressed"/>), as <see cref="ReadValue"/> finds them.</summary>
    public static ReadOnlyMemory<byte> ReadStored(in PageSource pages, string treeName, byte[] page, int index, out bool compressed)
    {
        var valueLength = Node.ValueAt(page, index, out var keyLength, out var valueOffset, out compressed);
        if (Node.IsInline(keyLength, valueLength, page.Length))
        {
            ValuePrefetch.Lines(page, valueOffset, valueLength);
            return new ReadOnlyMemory<byte>(page, valueOffset, valueLength);
        }

        var value = new byte[valueLength];
        var split = Node.SplitOverflow(keyLength, valueLength, page.Length);
        ReadOverflow(pages, treeName, Node.FirstOverflowPage(page, valueOffset), value.AsSpan(0, split.Chain), page.Length);
        if (split.Half != 0)
        {
            ReadHalf(pages, treeName, Node.HalfReferenceAt(page, valueOffset))[..split.Half].CopyTo(value.AsSpan(split.Chain));
        }

        Node.OverflowTailAt(page, valueOffset, split).CopyTo(value.AsSpan(split.Chain + split.Half));
        return value;
    }

    /// <summary>The half a value's <paramref name="reference"/> names, checked to be a half in use.</summary>
    public static ReadOnlySpan<byte> ReadHalf(in PageSource pages, string treeName, ReadOnlySpan<byte> reference)
    {
        var pageNumber = OverflowHalves.ReferencedPage(reference);
        var index = OverflowHalves.ReferencedIndex(reference);
        var page = pageNumber == 0 ? null : pages.ReadPage(pageNumber);
        return page is not null && OverflowHalves.HoldsHalf(page, index)
            ? OverflowHalves.Half(page, index)
            : throw NotAHalfInUse(pages, treeName, pageNumber, index);
    }

    /// <summary>The error for a value whose reference names something other than a half in use.</summary>
    public static DatabaseCorruptException NotAHalfInUse(in PageSource pages, string treeName, uint pageNumber, int index) =>
        Corrupt(pages, treeName, pageNumber, $"a value names half {index} of page {pageNumber}, which is not a half in use");

    /// <summary>The overflow page <paramref name="pageNumber"/> of a chain, checked to be one.</summary>
    public static byte[] ReadOverflowPage(in PageSource pages, string treeName, uint pageNumber)
    {
        if (pageNumber == 0)
        {
            throw Corrupt(pages, treeName, 0, "an overflow chain ends before its value does");
        }

        var page = pages.ReadPage(pageNumber);
        return PageLayout.GetType(page) == PageType.Overflow
            ? page
            : throw Corrupt(pages, treeName, pageNumber, $"expected an overflow page, found type {PageLayout.GetType(page)}");
    }

    /// <summary>Bytes of a value each overflow page holds: all but its header.</summary>
    public static int OverflowPayload(int pageSize) => pageSize - PageLayout.HeaderSize;

    public static DatabaseCorruptException Corrupt(in PageSource pages, string treeName, uint page, string problem) =>
        new(pages.DatabaseName, page, $"tree '{treeName}': {problem}");

    // Fills value from the chain that starts at page first.
    private static void ReadOverflow(in PageSource pages, string treeName, uint first, Span<byte> value, int pageSize)
    {
        var payload = OverflowPayload(pageSize);
        var length = value.Length;
        var copied = 0;
        var pageNumber = first;
        while (copied < length)
        {
            var page = ReadOverflowPage(pages, treeName, pageNumber);
            var n = Math.Min(payload, length - copied);
            page.AsSpan(PageLayout.HeaderSize, n).CopyTo(value[copied..]);
            copied += n;
            pageNumber = PageLayout.GetLink(page);
        }
    }
}
