using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Where a tree's descents start (its root page, which never moves) and the branches a change passed from
/// there to its leaf (page and child index at each level), which splits and merges climb back up. A
/// mutable struct held in its <see cref="Tree"/>, so it costs no object of its own. The root is kept here
/// because it fills the padding beside the depth: a tree object is 56 bytes rather than 64, and
/// collections open one per operation.
/// </summary>
internal struct TreePath(uint root)
{
    // Allocated by the first change, so a tree opened for reads costs nothing here. It starts with room for
    // the depths real trees have and doubles up to the depth limit, rather than costing every changed tree
    // an array sized to the limit.
    internal const int InitialCapacity = 6;
    private Entry[]? _entries;

    /// <summary>The tree's root page.</summary>
    public readonly uint Root = root;

    /// <summary>The number of branches above the leaf of the last descent.</summary>
    public int Depth { readonly get; private set; }

    /// <summary>The branch at <paramref name="level"/> (0 is the root) and the index of the child taken there.</summary>
    public readonly Entry this[int level] => _entries![level];

    /// <summary>Descends <paramref name="tree"/> to the leaf for <paramref name="key"/>, recording the branches passed; returns the leaf page number.</summary>
    public uint Descend(Tree tree, ReadOnlySpan<byte> key)
    {
        var pageNumber = Root;
        Depth = 0;
        _entries ??= new Entry[InitialCapacity];
        while (true)
        {
            var page = tree.ReadNodePage(pageNumber, out var heads);
            if (PageLayout.GetType(page) == PageType.Leaf)
            {
                return pageNumber;
            }

            if (Depth == TreeLimits.MaxDepth)
            {
                throw tree.Corrupt(pageNumber, $"deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
            }

            if (Depth == _entries.Length)
            {
                Array.Resize(ref _entries, Math.Min(_entries.Length * 2, TreeLimits.MaxDepth));
            }

            var index = Node.ChildIndex(page, heads, key);
            _entries[Depth++] = new Entry(pageNumber, index);
            pageNumber = Node.Child(page, index);
        }
    }

    /// <summary>One branch passed: its page and the index of the child taken.</summary>
    public readonly record struct Entry(uint Page, int Index);
}
