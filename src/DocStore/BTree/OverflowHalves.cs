using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// A page shared by the last parts of two overflowing values (docs/storage.md, "Overflow pages"). A value
/// whose remainder after whole overflow pages is too large for its leaf cell but fits half a page keeps
/// that part in one half of such a page, so two of them fill a page that each would have left half empty.
/// After the page header come the two halves of <see cref="HalfPayload"/> bytes; the header's cell count
/// is the mask of the halves in use (bit 0 the first, bit 1 the second). A leaf cell names its half by the
/// page number and the half's index (<see cref="ReferenceSize"/> bytes).
/// </summary>
internal static class OverflowHalves
{
    /// <summary>Bytes of a leaf cell that name a half: the u32 page number, then the half's index.</summary>
    public const int ReferenceSize = 5;

    /// <summary>Bytes of a value one half holds.</summary>
    public static int HalfPayload(int pageSize) => (pageSize - PageLayout.HeaderSize) / 2;

    /// <summary>The halves in use in <paramref name="page"/>: bit 0 the first, bit 1 the second.</summary>
    public static int InUse(ReadOnlySpan<byte> page) => PageLayout.GetCount(page);

    /// <summary>Whether <paramref name="page"/> is a page of halves whose half <paramref name="index"/> is in use, as a value's reference to it requires.</summary>
    public static bool HoldsHalf(ReadOnlySpan<byte> page, int index) =>
        PageLayout.GetType(page) == PageType.OverflowHalves && index is 0 or 1 && (InUse(page) & (1 << index)) != 0;

    /// <summary>Sets the mask <see cref="InUse"/> reads.</summary>
    public static void SetInUse(Span<byte> page, int mask) => PageLayout.SetCount(page, mask);

    /// <summary>Half <paramref name="index"/> (0 or 1) of <paramref name="page"/>.</summary>
    public static Span<byte> Half(Span<byte> page, int index) =>
        page.Slice(PageLayout.HeaderSize + (index * HalfPayload(page.Length)), HalfPayload(page.Length));

    /// <summary>Writes a reference to half <paramref name="index"/> of <paramref name="page"/> at the start of <paramref name="into"/>.</summary>
    public static void WriteReference(Span<byte> into, uint page, int index)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(into, page);
        into[4] = (byte)index;
    }

    /// <summary>The page a reference at the start of <paramref name="from"/> names.</summary>
    public static uint ReferencedPage(ReadOnlySpan<byte> from) => BinaryPrimitives.ReadUInt32LittleEndian(from);

    /// <summary>The half's index a reference at the start of <paramref name="from"/> names (anything but 0 or 1 is damage).</summary>
    public static int ReferencedIndex(ReadOnlySpan<byte> from) => from[4];
}
