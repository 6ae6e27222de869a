using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Values too large to sit in a leaf live in a chain of overflow pages: each holds page size - 16 bytes of
/// the value after its header, and its link names the next page (0 ends the chain). What would only partly
/// fill a last page stays in the leaf cell, or goes to half a page shared with another value, or both
/// (<see cref="Node.SplitOverflow"/>).
/// </summary>
internal sealed partial class Tree
{
    private int OverflowPayload => TreeLookup.OverflowPayload(PageSize);

    // Writes the parts of the value its leaf cell does not keep.
    private OverflowPlace WriteOverflow(int keyLength, ReadOnlySpan<byte> value)
    {
        var split = Node.SplitOverflow(keyLength, value.Length, PageSize);
        var first = WriteChain(value[..split.Chain]);
        if (split.Half == 0)
        {
            return new OverflowPlace(split, first, 0, 0);
        }

        var (halfPage, index) = TakeHalf(value.Slice(split.Chain, split.Half));
        return new OverflowPlace(split, first, halfPage, index);
    }

    private uint WriteChain(ReadOnlySpan<byte> chain)
    {
        var writer = Writer();
        var pageCount = (chain.Length + OverflowPayload - 1) / OverflowPayload;
        var pages = new uint[pageCount];
        for (var i = 0; i < pageCount; i++)
        {
            pages[i] = writer.AllocatePage();
        }

        for (var i = 0; i < pageCount; i++)
        {
            var page = writer.NewPage(pages[i], PageType.Overflow);
            PageLayout.SetLink(page, i + 1 < pageCount ? pages[i + 1] : 0);
            var chunk = chain.Slice(i * OverflowPayload, Math.Min(OverflowPayload, chain.Length - (i * OverflowPayload)));
            chunk.CopyTo(page.AsSpan(PageLayout.HeaderSize));
        }

        return pageCount == 0 ? 0 : pages[0];
    }

    // Puts part of a value in the free half of the page the header names, or in the first half of a new
    // page, which the header then names for the next value.
    private (uint Page, int Index) TakeHalf(ReadOnlySpan<byte> part)
    {
        var writer = Writer();
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
                throw TreeLookup.Corrupt(new PageSource(_tx), Name, open, $"the header names page {open} as a page of overflow halves with one free, but it is not");
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
    private void ReleaseHalf(uint pageNumber, int index)
    {
        var writer = Writer();
        var page = writer.GetWritable(pageNumber);
        if (!OverflowHalves.HoldsHalf(page, index))
        {
            throw TreeLookup.NotAHalfInUse(new PageSource(_tx), Name, pageNumber, index);
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

    private byte[] ReadOverflowPage(uint pageNumber) => TreeLookup.ReadOverflowPage(new PageSource(_tx), Name, pageNumber);

    /// <summary>Frees the overflow pages and half of the value at <paramref name="index"/> in <paramref name="leaf"/>, if it has any.</summary>
    private void FreeValue(byte[] leaf, int index)
    {
        var valueLength = Node.ValueAt(leaf, index, out var keyLength, out var valueOffset);
        if (Node.IsInline(keyLength, valueLength, PageSize))
        {
            return;
        }

        var writer = Writer();
        var split = Node.SplitOverflow(keyLength, valueLength, PageSize);
        if (split.Half != 0)
        {
            var reference = Node.HalfReferenceAt(leaf, valueOffset);
            ReleaseHalf(OverflowHalves.ReferencedPage(reference), OverflowHalves.ReferencedIndex(reference));
        }

        var pageNumber = Node.FirstOverflowPage(leaf, valueOffset);
        for (var remaining = split.Chain; remaining > 0; remaining -= OverflowPayload)
        {
            var next = PageLayout.GetLink(ReadOverflowPage(pageNumber));
            writer.FreePage(pageNumber);
            pageNumber = next;
        }
    }
}
