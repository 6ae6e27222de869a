using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// A position in a tree for ordered scans, forward and backward. It keeps the path from the root to the
/// current leaf, so moving to a neighbour leaf needs no sibling links. A change made through the same
/// transaction invalidates it: moving then throws, and a seek repositions it.
/// </summary>
internal sealed class TreeCursor
{
    private readonly Tree _tree;
    private readonly Frame[] _stack = new Frame[TreeLimits.MaxDepth];

    // For a walking cursor, a page buffer per depth: edge descents read pages that are not cached into the
    // buffer of their depth, uncached (Transaction.ReadPageForWalk), so an ancestor's page stays intact.
    private readonly byte[]?[]? _walkBuffers;
    private int _depth;
    private long _version;

    /// <param name="tree">The tree to scan.</param>
    /// <param name="walk">
    /// Whether this cursor walks much of the tree once (the integrity check): pages its scans read that are
    /// not cached stay uncached, so the walk neither evicts the pages others use nor leaves an image per
    /// page behind, and its key and value are valid only until it moves.
    /// </param>
    internal TreeCursor(Tree tree, bool walk = false)
    {
        _tree = tree;
        _walkBuffers = walk ? new byte[TreeLimits.MaxDepth][] : null;
    }

    /// <summary>True when the cursor is on an entry.</summary>
    public bool IsValid { get; private set; }

    /// <summary>The current key (valid until the cursor moves or the transaction changes the tree).</summary>
    public ReadOnlySpan<byte> Key
    {
        get
        {
            var leaf = Current();
            return Node.KeyAt(leaf.Page, leaf.Index);
        }
    }

    /// <summary>The current value, under the same rules as <see cref="Tree.TryGet"/>.</summary>
    public ReadOnlyMemory<byte> Value
    {
        get
        {
            var leaf = Current();
            return _tree.ReadValue(leaf.Number, leaf.Page, leaf.Index);
        }
    }

    /// <summary>The current value's stored bytes, a <see cref="CompressedValue"/> when <paramref name="compressed"/> (for copies that keep the stored form).</summary>
    public ReadOnlyMemory<byte> StoredValue(out bool compressed)
    {
        var leaf = Current();
        return _tree.ReadStored(leaf.Page, leaf.Index, out compressed);
    }

    /// <summary>Moves to the smallest key; false when the tree is empty.</summary>
    public bool SeekFirst()
    {
        Reset();
        DescendEdge(_tree.RootPage, first: true);
        return Settle(forward: true);
    }

    /// <summary>Moves to the largest key; false when the tree is empty.</summary>
    public bool SeekLast()
    {
        Reset();
        DescendEdge(_tree.RootPage, first: false);
        return Settle(forward: false);
    }

    /// <summary>Moves to the first key at or after <paramref name="key"/>; false when there is none.</summary>
    public bool Seek(ReadOnlySpan<byte> key)
    {
        Reset();
        var page = DescendTo(key, out var heads);
        _stack[_depth - 1].Index = Node.Search(page, heads, key, out _);
        return Settle(forward: true);
    }

    /// <summary>Moves to the last key at or before <paramref name="key"/>; false when there is none.</summary>
    public bool SeekAtOrBefore(ReadOnlySpan<byte> key)
    {
        Reset();
        var page = DescendTo(key, out var heads);
        var index = Node.Search(page, heads, key, out var found);
        _stack[_depth - 1].Index = found ? index : index - 1;
        return Settle(forward: false);
    }

    /// <summary>Moves to the next key; false (and invalid) past the last.</summary>
    public bool MoveNext()
    {
        Current();
        _stack[_depth - 1].Index++;
        return Settle(forward: true);
    }

    /// <summary>Moves to the previous key; false (and invalid) before the first.</summary>
    public bool MovePrevious()
    {
        Current();
        _stack[_depth - 1].Index--;
        return Settle(forward: false);
    }

    private Frame Current()
    {
        _tree.Transaction.ThrowIfCompleted();
        if (_version != _tree.Transaction.Version)
        {
            throw new InvalidOperationException($"Tree '{_tree.Name}' changed since the cursor was positioned; seek again.");
        }

        if (!IsValid)
        {
            throw new InvalidOperationException("The cursor is not on an entry.");
        }

        return _stack[_depth - 1];
    }

    private void Reset()
    {
        _tree.Transaction.ThrowIfCompleted();
        _version = _tree.Transaction.Version;
        _depth = 0;
        IsValid = false;
    }

    // Edge descents and moves to a neighbour leaf read pages in order and need no search heads, so they
    // neither use nor count towards them; keyed descents do.
    private byte[] Push(uint pageNumber)
    {
        if (_walkBuffers is null || _depth == TreeLimits.MaxDepth)
        {
            return Push(pageNumber, _tree.Transaction.ReadPage(pageNumber));
        }

        var buffer = _walkBuffers[_depth] ??= new byte[_tree.Transaction.PageSize];
        return Push(pageNumber, _tree.Transaction.ReadPageForWalk(pageNumber, buffer));
    }

    private byte[] Push(uint pageNumber, out KeyHeads heads) => Push(pageNumber, _tree.Transaction.ReadNode(pageNumber, out heads));

    private byte[] Push(uint pageNumber, byte[] page)
    {
        if (_depth == TreeLimits.MaxDepth)
        {
            throw new DatabaseCorruptException(_tree.Transaction.Pager.Name, pageNumber, $"tree '{_tree.Name}' is deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
        }

        var type = PageLayout.GetType(page);
        if (type is not (PageType.Leaf or PageType.Branch))
        {
            throw new DatabaseCorruptException(_tree.Transaction.Pager.Name, pageNumber, $"tree '{_tree.Name}': expected a tree page, found type {type}");
        }

        _stack[_depth++] = new Frame(pageNumber, page, 0);
        return page;
    }

    private byte[] DescendTo(ReadOnlySpan<byte> key, out KeyHeads heads)
    {
        var page = Push(_tree.RootPage, out heads);
        while (PageLayout.GetType(page) == PageType.Branch)
        {
            var index = Node.ChildIndex(page, heads, key);
            _stack[_depth - 1].Index = index;
            page = Push(Node.Child(page, index), out heads);
        }

        return page;
    }

    private void DescendEdge(uint pageNumber, bool first)
    {
        var page = Push(pageNumber);
        while (true)
        {
            var index = first ? 0 : Node.Count(page) - (PageLayout.GetType(page) == PageType.Leaf ? 1 : 0);
            _stack[_depth - 1].Index = index;
            if (PageLayout.GetType(page) == PageType.Leaf)
            {
                return;
            }

            page = Push(Node.Child(page, index));
        }
    }

    /// <summary>From a leaf index that may have run off either end, climbs and descends until it is on an entry or the tree is exhausted.</summary>
    private bool Settle(bool forward)
    {
        while (true)
        {
            var leaf = _stack[_depth - 1];
            if (leaf.Index >= 0 && leaf.Index < Node.Count(leaf.Page))
            {
                IsValid = true;
                return true;
            }

            // Climb to the first ancestor with a sibling subtree in the direction of travel.
            _depth--;
            while (_depth > 0)
            {
                ref var frame = ref _stack[_depth - 1];
                var children = Node.Count(frame.Page) + 1;
                var next = frame.Index + (forward ? 1 : -1);
                if (next >= 0 && next < children)
                {
                    frame.Index = next;
                    break;
                }

                _depth--;
            }

            if (_depth == 0)
            {
                IsValid = false;
                return false;
            }

            var parent = _stack[_depth - 1];
            DescendEdge(Node.Child(parent.Page, parent.Index), forward);
        }
    }

    private struct Frame(uint number, byte[] page, int index)
    {
        public uint Number = number;
        public byte[] Page = page;
        public int Index = index;
    }
}
