using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>Point lookups.</summary>
public sealed partial class Tree
{
    /// <summary>
    /// Finds <paramref name="key"/>. An inline value is returned without copying (memory over the cached
    /// page image); an overflow value is assembled into a new array.
    /// </summary>
    /// <returns>True when the key exists.</returns>
    public bool TryGet(ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value)
    {
        _tx.ThrowIfCompleted();
        var pageNumber = RootPage;
        var page = _tx.ReadNode(pageNumber, out var heads);
        for (var depth = 0; PageLayout.GetType(page) == PageType.Branch; depth++)
        {
            if (depth == MaxDepth)
            {
                throw Corrupt(pageNumber, $"deeper than {MaxDepth} levels (a cycle?)");
            }

            pageNumber = Node.Child(page, Node.ChildIndex(page, heads, key));
            page = _tx.ReadNode(pageNumber, out heads);
        }

        if (PageLayout.GetType(page) != PageType.Leaf)
        {
            throw Corrupt(pageNumber, $"expected a tree page, found type {PageLayout.GetType(page)}");
        }

        var index = Node.Search(page, heads, key, out var found);
        if (!found)
        {
            value = default;
            return false;
        }

        value = ReadValue(page, index);
        return true;
    }

    /// <summary>True when <paramref name="key"/> exists.</summary>
    public bool ContainsKey(ReadOnlySpan<byte> key) => TryGet(key, out _);

    /// <summary>Creates a cursor for ordered scans in either direction.</summary>
    public TreeCursor CreateCursor()
    {
        _tx.ThrowIfCompleted();
        return new TreeCursor(this);
    }

    internal ReadOnlyMemory<byte> ReadValue(byte[] page, int index)
    {
        var offset = Node.CellOffset(page, index);
        var keyLength = BinaryPrimitives.ReadUInt16LittleEndian(page.AsSpan(offset));
        var valueLength = Node.ValueLength(page, index);
        var valueOffset = offset + Node.CellHeaderSize + keyLength;
        if (Node.IsInline(keyLength, valueLength, page.Length))
        {
            return new ReadOnlyMemory<byte>(page, valueOffset, valueLength);
        }

        return ReadOverflow(BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(valueOffset)), valueLength);
    }
}
