namespace DocStore.BTree;

/// <summary>Point lookups.</summary>
internal sealed partial class Tree
{
    /// <summary>
    /// Finds <paramref name="key"/>. An inline value is returned without copying (memory over the cached
    /// page image); an overflow value is assembled into a new array.
    /// </summary>
    /// <returns>True when the key exists.</returns>
    public bool TryGet(ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value)
    {
        _tx.ThrowIfCompleted();
        return TreeLookup.TryGet(new PageSource(_tx), RootPage, Name, key, out value);
    }

    /// <summary>True when <paramref name="key"/> exists.</summary>
    public bool ContainsKey(ReadOnlySpan<byte> key) => TryGet(key, out _);

    /// <summary>Creates a cursor for ordered scans in either direction.</summary>
    public TreeCursor CreateCursor()
    {
        _tx.ThrowIfCompleted();
        return new TreeCursor(this);
    }

    /// <summary>
    /// Creates a cursor for one pass over much of the tree (the integrity check): pages it reads that are not
    /// cached stay uncached, so its key and value are valid only until it moves.
    /// </summary>
    internal TreeCursor CreateWalkCursor()
    {
        _tx.ThrowIfCompleted();
        return new TreeCursor(this, walk: true);
    }

    internal ReadOnlyMemory<byte> ReadValue(uint pageNumber, byte[] page, int index) => TreeLookup.ReadValue(new PageSource(_tx), Name, pageNumber, page, index);

    internal ReadOnlyMemory<byte> ReadStored(byte[] page, int index, out bool compressed) => TreeLookup.ReadStored(new PageSource(_tx), Name, page, index, out compressed);
}
