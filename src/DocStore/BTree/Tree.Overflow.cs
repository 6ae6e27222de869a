using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Values too large to sit in a leaf live in a chain of overflow pages: each holds page size - 16 bytes of
/// the value after its header, and its link names the next page (0 ends the chain). The leaf cell keeps the
/// value's last bytes when they would only partly fill a last page (<see cref="Node.OverflowTail"/>).
/// </summary>
internal sealed partial class Tree
{
    private int OverflowPayload => TreeLookup.OverflowPayload(PageSize);

    // The chain holds the value but for the tail its leaf cell keeps (Node.OverflowTail).
    private uint WriteOverflow(int keyLength, ReadOnlySpan<byte> value)
    {
        value = value[..Node.ChainLength(keyLength, value.Length, PageSize)];
        var writer = Writer();
        var pageCount = (value.Length + OverflowPayload - 1) / OverflowPayload;
        var pages = new uint[pageCount];
        for (var i = 0; i < pageCount; i++)
        {
            pages[i] = writer.AllocatePage();
        }

        for (var i = 0; i < pageCount; i++)
        {
            var page = writer.NewPage(pages[i], PageType.Overflow);
            PageLayout.SetLink(page, i + 1 < pageCount ? pages[i + 1] : 0);
            var chunk = value.Slice(i * OverflowPayload, Math.Min(OverflowPayload, value.Length - (i * OverflowPayload)));
            chunk.CopyTo(page.AsSpan(PageLayout.HeaderSize));
        }

        return pages[0];
    }

    private byte[] ReadOverflowPage(uint pageNumber) => TreeLookup.ReadOverflowPage(new PageSource(_tx), Name, pageNumber);

    /// <summary>Frees the overflow chain of the value at <paramref name="index"/> in <paramref name="leaf"/>, if it has one.</summary>
    private void FreeValue(byte[] leaf, int index)
    {
        var valueLength = Node.ValueAt(leaf, index, out var keyLength, out var valueOffset);
        if (Node.IsInline(keyLength, valueLength, PageSize))
        {
            return;
        }

        var writer = Writer();
        var pageNumber = Node.FirstOverflowPage(leaf, valueOffset);
        for (var remaining = Node.ChainLength(keyLength, valueLength, PageSize); remaining > 0; remaining -= OverflowPayload)
        {
            var next = PageLayout.GetLink(ReadOverflowPage(pageNumber));
            writer.FreePage(pageNumber);
            pageNumber = next;
        }
    }
}
