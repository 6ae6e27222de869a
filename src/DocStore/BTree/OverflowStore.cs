using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>
/// Writes and frees the parts of a <see cref="Tree"/>'s values too large to sit in a leaf. They live in a
/// chain of overflow pages: each holds page size - 16 bytes of the value after its header, and its link
/// names the next page (0 ends the chain). What would only partly fill a last page stays in the leaf cell,
/// or goes to half a page shared with another value, or both (<see cref="Node.SplitOverflow"/>).
/// </summary>
internal static class OverflowStore
{
    /// <summary>Writes the parts of the value its leaf cell does not keep.</summary>
    public static OverflowPlace Write(Tree tree, WriteTransaction writer, int keyLength, ReadOnlySpan<byte> value)
    {
        var split = Node.SplitOverflow(keyLength, value.Length, tree.PageSize);
        var first = WriteChain(writer, tree.PageSize, value[..split.Chain]);
        if (split.Half == 0)
        {
            return new OverflowPlace(split, first, 0, 0);
        }

        var (halfPage, index) = TakeHalf(tree, writer, value.Slice(split.Chain, split.Half));
        return new OverflowPlace(split, first, halfPage, index);
    }

    /// <summary>Frees the overflow pages and half of the value at <paramref name="index"/> in <paramref name="leaf"/>, if it has any.</summary>
    public static void Free(Tree tree, WriteTransaction writer, byte[] leaf, int index)
    {
        var pageSize = tree.PageSize;
        var valueLength = Node.ValueAt(leaf, index, out var keyLength, out var valueOffset);
        if (Node.IsInline(keyLength, valueLength, pageSize))
        {
            return;
        }

        var split = Node.SplitOverflow(keyLength, valueLength, pageSize);
        if (split.Half != 0)
        {
            var reference = Node.HalfReferenceAt(leaf, valueOffset);
            ReleaseHalf(tree, writer, OverflowHalves.ReferencedPage(reference), OverflowHalves.ReferencedIndex(reference));
        }

        var payload = TreeLookup.OverflowPayload(pageSize);
        var pageNumber = Node.FirstOverflowPage(leaf, valueOffset);
        for (var remaining = split.Chain; remaining > 0; remaining -= payload)
        {
            var next = PageLayout.GetLink(TreeLookup.ReadOverflowPage(new PageSource(writer), tree.Name, pageNumber));
            writer.FreePage(pageNumber);
            pageNumber = next;
        }
    }

    private static uint WriteChain(WriteTransaction writer, int pageSize, ReadOnlySpan<byte> chain)
    {
        var payload = TreeLookup.OverflowPayload(pageSize);
        var pageCount = (chain.Length + payload - 1) / payload;
        var pages = new uint[pageCount];
        for (var i = 0; i < pageCount; i++)
        {
            pages[i] = writer.AllocatePage();
        }

        for (var i = 0; i < pageCount; i++)
        {
            var page = writer.NewPage(pages[i], PageType.Overflow);
            PageLayout.SetLink(page, i + 1 < pageCount ? pages[i + 1] : 0);
            var chunk = chain.Slice(i * payload, Math.Min(payload, chain.Length - (i * payload)));
            chunk.CopyTo(page.AsSpan(PageLayout.HeaderSize));
        }

        return pageCount == 0 ? 0 : pages[0];
    }

    // Puts part of a value in the free half of the page the header names, or in the first half of a new
    // page, which the header then names for the next value.
    private static (uint Page, int Index) TakeHalf(Tree tree, WriteTransaction writer, ReadOnlySpan<byte> part)
    {
        var header = writer.GetWritable(0);
        var open = HeaderPage.GetOpenHalves(header);
        byte[] page;
        int index;
        if (open != 0)
        {
            page = writer.GetWritable(open);
            var inUse = OverflowHalves.InUse(page);
            if (PageLayout.GetType(page) != PageType.OverflowHalves || inUse is not (1 or 2))
            {
                throw TreeLookup.Corrupt(new PageSource(writer), tree.Name, open, $"the header names page {open} as a page of overflow halves with one free, but it is not");
            }

            index = inUse == 1 ? 1 : 0;
            OverflowHalves.SetInUse(page, 3);
            HeaderPage.SetOpenHalves(header, 0);
        }
        else
        {
            open = writer.AllocatePage();
            page = writer.NewPage(open, PageType.OverflowHalves);
            index = 0;
            OverflowHalves.SetInUse(page, 1);
            HeaderPage.SetOpenHalves(header, open);
        }

        part.CopyTo(OverflowHalves.Half(page, index));
        return (open, index);
    }

    // Gives back a value's half: the page is freed once both halves are, and otherwise offered to the next value.
    private static void ReleaseHalf(Tree tree, WriteTransaction writer, uint pageNumber, int index)
    {
        var page = writer.GetWritable(pageNumber);
        if (!OverflowHalves.HoldsHalf(page, index))
        {
            throw TreeLookup.NotAHalfInUse(new PageSource(writer), tree.Name, pageNumber, index);
        }

        var inUse = OverflowHalves.InUse(page) & ~(1 << index);
        OverflowHalves.SetInUse(page, inUse);
        var header = writer.GetWritable(0);
        if (inUse != 0)
        {
            HeaderPage.SetOpenHalves(header, pageNumber);
            return;
        }

        // The header must never name a free page: its image would still say a half is in use.
        if (HeaderPage.GetOpenHalves(header) == pageNumber)
        {
            HeaderPage.SetOpenHalves(header, 0);
        }

        writer.FreePage(pageNumber);
    }
}
