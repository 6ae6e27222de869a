using System.Buffers;
using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// A slotted B+tree page (docs/storage.md, "Leaf and branch pages"). After the 16-byte page header comes
/// an array of u16 cell offsets sorted by key; cells fill the page from its end downwards.
/// <code>
/// leaf cell:   key length, key, value field, then the value (inline) or a u32 overflow page
/// branch cell: key length, key, u32 child page   (the child holds keys below this key;
///                                                the page link holds the rightmost child)
/// </code>
/// Lengths are <see cref="CellLength"/> varints: a byte each below 128. The value field is the stored
/// value's length times two, plus one when the stored bytes are a <see cref="CompressedValue"/>. A value is
/// inline when its whole cell fits in <see cref="TreeLimits.MaxValueCellSize"/>.
/// </summary>
internal static class Node
{
    public const int SlotsOffset = PageLayout.HeaderSize;
    /// <summary>The most a leaf cell's two lengths take: 2 for a key (keys stay under 16 KiB) and 4 for a value field.</summary>
    public const int MaxLeafHeaderSize = 2 + CellLength.MaxSize;

    public static int Count(ReadOnlySpan<byte> page) => PageLayout.GetCount(page);

    private static int ContentStart(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt16LittleEndian(page[8..]);

    private static void SetContentStart(Span<byte> page, int value) => BinaryPrimitives.WriteUInt16LittleEndian(page[8..], (ushort)value);

    private static int Fragmented(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt16LittleEndian(page[10..]);

    private static void SetFragmented(Span<byte> page, int value) => BinaryPrimitives.WriteUInt16LittleEndian(page[10..], (ushort)value);

    public static int CellOffset(ReadOnlySpan<byte> page, int index) =>
        BinaryPrimitives.ReadUInt16LittleEndian(page[(SlotsOffset + (2 * index))..]);

    public static ReadOnlySpan<byte> KeyAt(ReadOnlySpan<byte> page, int index)
    {
        var length = CellLength.Read(page, CellOffset(page, index), out var start);
        return page.Slice(start, length);
    }

    /// <summary>Every child page of a branch, in order: a copy, for walkers that read other pages into the buffer the branch lies in.</summary>
    public static uint[] Children(ReadOnlySpan<byte> branch)
    {
        var children = new uint[Count(branch) + 1];
        for (var i = 0; i < children.Length; i++)
        {
            children[i] = Child(branch, i);
        }

        return children;
    }

    /// <summary>The child page at position <paramref name="index"/>: cell <paramref name="index"/>'s child, or the rightmost child when it equals the count.</summary>
    public static uint Child(ReadOnlySpan<byte> page, int index)
    {
        if (index == Count(page))
        {
            return PageLayout.GetLink(page);
        }

        var length = CellLength.Read(page, CellOffset(page, index), out var start);
        return BinaryPrimitives.ReadUInt32LittleEndian(page[(start + length)..]);
    }

    /// <summary>
    /// The stored value length of leaf cell <paramref name="index"/>, with its key's length and where the
    /// value's bytes start (its inline bytes, or the u32 first overflow page when <see cref="IsInline"/> says not).
    /// </summary>
    public static int ValueAt(ReadOnlySpan<byte> page, int index, out int keyLength, out int valueOffset) =>
        ValueAt(page, index, out keyLength, out valueOffset, out _);

    /// <summary>Like <see cref="ValueAt(ReadOnlySpan{byte}, int, out int, out int)"/>, also saying whether the stored bytes are a <see cref="CompressedValue"/>.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static int ValueAt(ReadOnlySpan<byte> page, int index, out int keyLength, out int valueOffset, out bool compressed)
    {
        keyLength = CellLength.Read(page, CellOffset(page, index), out var keyStart);
        var field = CellLength.Read(page, keyStart + keyLength, out valueOffset);
        compressed = (field & 1) != 0;
        return field >>> 1;
    }

    public static int CellSize(ReadOnlySpan<byte> page, int index)
    {
        var offset = CellOffset(page, index);
        var keyLength = CellLength.Read(page, offset, out var keyStart);
        if (PageLayout.GetType(page) == PageType.Branch)
        {
            return keyStart - offset + keyLength + 4;
        }

        var valueLength = CellLength.Read(page, keyStart + keyLength, out var valueStart) >>> 1;
        return valueStart - offset + StoredInCell(keyLength, valueLength, page.Length);
    }

    /// <summary>Like <see cref="CellSize"/> for a page that may be damaged: false when the cell's lengths run off the page.</summary>
    public static bool TryCellSize(ReadOnlySpan<byte> page, int index, out int size)
    {
        // Once both lengths read within the page, the unchecked reads of CellSize cannot run off it.
        size = 0;
        if (!CellLength.TryRead(page, CellOffset(page, index), out var keyLength, out var keyStart)
            || (PageLayout.GetType(page) != PageType.Branch && !CellLength.TryRead(page, Math.Min(keyStart + keyLength, page.Length), out _, out _)))
        {
            return false;
        }

        size = CellSize(page, index);
        return true;
    }

    public static bool IsInline(int keyLength, int valueLength, int pageSize) =>
        CellLength.Size(keyLength) + ValueFieldSize(valueLength) + (long)keyLength + valueLength <= TreeLimits.MaxValueCellSize(pageSize);

    public static int LeafCellSize(int keyLength, int valueLength, int pageSize) =>
        CellLength.Size(keyLength) + keyLength + ValueFieldSize(valueLength) + StoredInCell(keyLength, valueLength, pageSize);

    /// <summary>
    /// The bytes after a leaf cell's value field: the value itself when inline, else the u32 first overflow
    /// page, the reference to a half when the value has one, and the value's tail (<see cref="SplitOverflow"/>).
    /// </summary>
    private static int StoredInCell(int keyLength, int valueLength, int pageSize)
    {
        if (IsInline(keyLength, valueLength, pageSize))
        {
            return valueLength;
        }

        var split = SplitOverflow(keyLength, valueLength, pageSize);
        return split.TailOffset + split.Tail;
    }

    /// <summary>
    /// Where a value that is not inline lives (docs/storage.md, "Overflow pages"): a chain of whole overflow
    /// pages from its start, then possibly half a shared page, then a tail in the leaf cell. The remainder
    /// after whole pages (the length modulo a page's payload) stays in the cell when it fits; else a half
    /// takes as much of it as a half holds and the cell the rest, when that fits; else a remainder that fits
    /// a half goes there alone. Only a remainder too large for a half and the cell together (a few dozen
    /// bytes under a page's payload) partly fills a last chain page. Lengths alone decide, so no flag says which.
    /// </summary>
    public static OverflowSplit SplitOverflow(int keyLength, int valueLength, int pageSize)
    {
        var remainder = valueLength % (pageSize - PageLayout.HeaderSize);
        var whole = valueLength - remainder;
        var room = TreeLimits.MaxValueCellSize(pageSize) - (CellLength.Size(keyLength) + ValueFieldSize(valueLength) + (long)keyLength + 4);
        var half = OverflowHalves.HalfPayload(pageSize);
        if (remainder <= room)
        {
            return new OverflowSplit(whole, 0, remainder);
        }

        room -= OverflowHalves.ReferenceSize;
        if (remainder > half && remainder - half <= room)
        {
            return new OverflowSplit(whole, half, remainder - half);
        }

        return remainder <= half ? new OverflowSplit(whole, remainder, 0) : new OverflowSplit(valueLength, 0, 0);
    }

    /// <summary>The first overflow page of a value that is not inline (0 when its chain is empty), from the cell bytes at <paramref name="valueOffset"/>.</summary>
    public static uint FirstOverflowPage(ReadOnlySpan<byte> page, int valueOffset) =>
        BinaryPrimitives.ReadUInt32LittleEndian(page[valueOffset..]);

    /// <summary>The reference to a value's half (<see cref="OverflowHalves"/>) in the cell bytes at <paramref name="valueOffset"/>.</summary>
    public static ReadOnlySpan<byte> HalfReferenceAt(ReadOnlySpan<byte> page, int valueOffset) =>
        page.Slice(valueOffset + 4, OverflowHalves.ReferenceSize);

    /// <summary>The tail of <paramref name="split"/>'s value, which its leaf cell keeps after the page references.</summary>
    public static ReadOnlySpan<byte> OverflowTailAt(ReadOnlySpan<byte> page, int valueOffset, OverflowSplit split) =>
        page.Slice(valueOffset + split.TailOffset, split.Tail);

    // The compressed flag does not change the field's size: it is the low bit of an even number.
    private static int ValueFieldSize(int valueLength) => CellLength.Size(valueLength << 1);

    public static int BranchCellSize(int keyLength) => CellLength.Size(keyLength) + keyLength + 4;

    /// <summary>Bytes used by slots and cells, excluding the page header.</summary>
    public static int UsedBytes(ReadOnlySpan<byte> page) =>
        page.Length - PageLayout.HeaderSize - (ContentStart(page) - SlotsOffset - (2 * Count(page))) - Fragmented(page);

    /// <summary>Index of the first key at or after <paramref name="key"/>; <paramref name="found"/> says whether it is equal.</summary>
    public static int Search(ReadOnlySpan<byte> page, ReadOnlySpan<byte> key, out bool found)
    {
        int lo = 0, hi = Count(page);
        while (lo < hi)
        {
            var mid = (lo + hi) >>> 1;
            var c = KeyOrder.Compare(KeyAt(page, mid), key);
            if (c == 0)
            {
                found = true;
                return mid;
            }

            if (c < 0)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        found = false;
        return lo;
    }

    /// <summary>Like <see cref="Search(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out bool)"/>, through the page's search heads when it has them.</summary>
    public static int Search(ReadOnlySpan<byte> page, KeyHeads heads, ReadOnlySpan<byte> key, out bool found) =>
        heads.Exists && heads.Count == Count(page) ? heads.Search(page, key, out found) : Search(page, key, out found);

    /// <summary>Like <see cref="ChildIndex(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>, through the page's search heads when it has them.</summary>
    public static int ChildIndex(ReadOnlySpan<byte> page, KeyHeads heads, ReadOnlySpan<byte> key) =>
        heads.Exists && heads.Count == Count(page) ? heads.ChildIndex(page, key) : ChildIndex(page, key);

    /// <summary>The child position to follow for <paramref name="key"/>: the first cell whose key is greater, or the count (rightmost child).</summary>
    public static int ChildIndex(ReadOnlySpan<byte> page, ReadOnlySpan<byte> key)
    {
        int lo = 0, hi = Count(page);
        while (lo < hi)
        {
            var mid = (lo + hi) >>> 1;
            if (KeyOrder.Compare(key, KeyAt(page, mid)) < 0)
            {
                hi = mid;
            }
            else
            {
                lo = mid + 1;
            }
        }

        return lo;
    }

    /// <summary>Makes room for a cell of <paramref name="size"/> bytes at slot <paramref name="index"/> and returns its offset, or -1 when the page is too full.</summary>
    public static int Reserve(Span<byte> page, int index, int size)
    {
        var count = Count(page);
        var slotsEnd = SlotsOffset + (2 * (count + 1));
        if (ContentStart(page) - slotsEnd < size)
        {
            if (ContentStart(page) - slotsEnd + Fragmented(page) < size)
            {
                return -1;
            }

            Compact(page);
        }

        var offset = ContentStart(page) - size;
        SetContentStart(page, offset);
        var slots = page[SlotsOffset..];
        slots[(2 * index)..(2 * count)].CopyTo(slots[((2 * index) + 2)..]);
        BinaryPrimitives.WriteUInt16LittleEndian(slots[(2 * index)..], (ushort)offset);
        PageLayout.SetCount(page, count + 1);
        return offset;
    }

    public static bool TryInsert(Span<byte> page, int index, ReadOnlySpan<byte> cell)
    {
        var offset = Reserve(page, index, cell.Length);
        if (offset < 0)
        {
            return false;
        }

        cell.CopyTo(page[offset..]);
        return true;
    }

    /// <summary>
    /// Writes a leaf cell sized by <see cref="LeafCellSize"/>: the value inline, or, when it is not inline,
    /// <paramref name="overflow"/>'s references and the value's tail (<see cref="SplitOverflow"/>).
    /// </summary>
    public static void WriteLeafCell(Span<byte> cell, ReadOnlySpan<byte> key, int valueLength, ReadOnlySpan<byte> value, OverflowPlace overflow, bool compressed)
    {
        var at = CellLength.Write(cell, key.Length);
        key.CopyTo(cell[at..]);
        at += key.Length;
        at += CellLength.Write(cell[at..], (valueLength << 1) | (compressed ? 1 : 0));
        if (overflow.IsInline)
        {
            value.CopyTo(cell[at..]);
            return;
        }

        BinaryPrimitives.WriteUInt32LittleEndian(cell[at..], overflow.FirstPage);
        var split = overflow.Split;
        if (split.Half != 0)
        {
            OverflowHalves.WriteReference(cell[(at + 4)..], overflow.HalfPage, overflow.HalfIndex);
        }

        value[^split.Tail..].CopyTo(cell[(at + split.TailOffset)..]);
    }

    /// <summary>A leaf cell for <paramref name="key"/>: <paramref name="value"/> (stored bytes, <paramref name="compressed"/> or not) inline, or <paramref name="overflow"/>'s references and the value's tail.</summary>
    public static byte[] LeafCell(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, OverflowPlace overflow, int pageSize, bool compressed)
    {
        var cell = new byte[LeafCellSize(key.Length, value.Length, pageSize)];
        WriteLeafCell(cell, key, value.Length, value, overflow, compressed);
        return cell;
    }

    public static byte[] BranchCell(ReadOnlySpan<byte> key, uint child)
    {
        var cell = new byte[BranchCellSize(key.Length)];
        var at = CellLength.Write(cell, key.Length);
        key.CopyTo(cell.AsSpan(at));
        BinaryPrimitives.WriteUInt32LittleEndian(cell.AsSpan(at + key.Length), child);
        return cell;
    }

    public static ReadOnlySpan<byte> CellKey(byte[] cell)
    {
        var length = CellLength.Read(cell, 0, out var start);
        return cell.AsSpan(start, length);
    }

    public static uint CellChild(byte[] cell)
    {
        var length = CellLength.Read(cell, 0, out var start);
        return BinaryPrimitives.ReadUInt32LittleEndian(cell.AsSpan(start + length));
    }

    public static void Remove(Span<byte> page, int index)
    {
        var count = Count(page);
        var size = CellSize(page, index);
        var slots = page[SlotsOffset..];
        slots[((2 * index) + 2)..(2 * count)].CopyTo(slots[(2 * index)..]);
        PageLayout.SetCount(page, count - 1);
        if (count == 1)
        {
            SetContentStart(page, page.Length);
            SetFragmented(page, 0);
        }
        else
        {
            SetFragmented(page, Fragmented(page) + size);
        }
    }

    /// <summary>Copies of every cell, in key order (used by splits and merges, which rebuild pages).</summary>
    public static List<byte[]> Cells(ReadOnlySpan<byte> page)
    {
        var count = Count(page);
        var cells = new List<byte[]>(count + 2);
        for (var i = 0; i < count; i++)
        {
            cells.Add(page.Slice(CellOffset(page, i), CellSize(page, i)).ToArray());
        }

        return cells;
    }

    /// <summary>Rewrites <paramref name="page"/> as a <paramref name="type"/> page holding cells [<paramref name="from"/>, <paramref name="to"/>).</summary>
    public static void Build(Span<byte> page, PageType type, List<byte[]> cells, int from, int to, uint link)
    {
        PageLayout.Initialize(page, type);
        PageLayout.SetLink(page, link);
        var offset = page.Length;
        for (var i = from; i < to; i++)
        {
            offset -= cells[i].Length;
            cells[i].CopyTo(page[offset..]);
            BinaryPrimitives.WriteUInt16LittleEndian(page[(SlotsOffset + (2 * (i - from)))..], (ushort)offset);
        }

        PageLayout.SetCount(page, to - from);
        SetContentStart(page, offset);
    }

    /// <summary>Bytes cells [<paramref name="from"/>, <paramref name="to"/>) need on a page, slots included.</summary>
    public static int Size(List<byte[]> cells, int from, int to)
    {
        var total = 0;
        for (var i = from; i < to; i++)
        {
            total += cells[i].Length + 2;
        }

        return total;
    }

    // Moves the cells together at the end of the page so the fragmented bytes become one free gap. Cells
    // keep their physical order and slide only as far as the holes below them require, so the cells above
    // the lowest hole keep their bytes and the WAL's delta for the page stays small.
    private static void Compact(Span<byte> page)
    {
        var count = Count(page);
        var rented = count > 256 ? ArrayPool<int>.Shared.Rent(count) : null;
        var order = rented is null ? stackalloc int[count] : rented.AsSpan(0, count);
        try
        {
            for (var i = 0; i < count; i++)
            {
                order[i] = (CellOffset(page, i) << 16) | i;
            }

            // Highest offset first: each cell then moves up into space already vacated or free.
            order.Sort(static (a, b) => b.CompareTo(a));
            var end = page.Length;
            foreach (var entry in order)
            {
                var index = entry & 0xFFFF;
                var from = entry >>> 16;
                var size = CellSize(page, index);
                end -= size;
                if (end != from)
                {
                    page.Slice(from, size).CopyTo(page[end..]);
                    BinaryPrimitives.WriteUInt16LittleEndian(page[(SlotsOffset + (2 * index))..], (ushort)end);
                }
            }

            SetContentStart(page, end);
            SetFragmented(page, 0);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<int>.Shared.Return(rented);
            }
        }
    }
}
