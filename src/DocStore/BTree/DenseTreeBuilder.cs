using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Builds a B+tree bottom-up from entries given in ascending key order, as compaction writes it
/// (docs/storage.md, "Compaction"): leaves are filled to the last byte, then each level of branch pages
/// is packed over the one below. Pages go to a sink by number; numbers come from an allocator, except the
/// root's, which the caller fixes, so that a tree keeps its root page (the catalog and every open
/// collection know trees by their roots).
/// </summary>
internal sealed class DenseTreeBuilder
{
    private readonly int _pageSize;
    private readonly Func<uint> _allocate;
    private readonly Action<uint, byte[]> _emit;
    private readonly List<byte[]> _leafCells = [];
    private readonly List<(uint Page, byte[] FirstKey)> _leaves = [];
    private int _leafBytes;
    private byte[]? _leafFirstKey;

    // A page of overflow halves whose second half no value has taken yet (emitted when one does, or at the end).
    private (uint Number, byte[] Image)? _openHalves;

    /// <param name="pageSize">The page size.</param>
    /// <param name="allocate">Hands out the next page number.</param>
    /// <param name="emit">Receives each finished page image (without its checksum) and its number.</param>
    public DenseTreeBuilder(int pageSize, Func<uint> allocate, Action<uint, byte[]> emit)
    {
        _pageSize = pageSize;
        _allocate = allocate;
        _emit = emit;
    }

    private int Capacity => _pageSize - PageLayout.HeaderSize;

    /// <summary>Adds the next entry, its value in stored form (a <see cref="CompressedValue"/> when <paramref name="compressed"/>); its key must be above every key added before.</summary>
    public void Add(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, bool compressed)
    {
        var cell = LeafCell(key, value, compressed);
        if (_leafCells.Count > 0 && _leafBytes + cell.Length + 2 > Capacity)
        {
            _leaves.Add((EmitLeaf(_allocate()), _leafFirstKey!));
        }

        if (_leafCells.Count == 0)
        {
            _leafFirstKey = key.ToArray();
        }

        _leafCells.Add(cell);
        _leafBytes += cell.Length + 2;
    }

    /// <summary>Writes what is left and the levels above, the top page at <paramref name="root"/>.</summary>
    public void Finish(uint root)
    {
        if (_openHalves is { } open)
        {
            _emit(open.Number, open.Image);
            _openHalves = null;
        }

        if (_leaves.Count == 0)
        {
            EmitLeaf(root);
            return;
        }

        _leaves.Add((EmitLeaf(_allocate()), _leafFirstKey!));
        var level = _leaves;
        while (true)
        {
            var groups = Pack(level);
            if (groups.Count == 1)
            {
                EmitBranch(level, groups[0], root);
                return;
            }

            var above = new List<(uint, byte[])>(groups.Count);
            foreach (var group in groups)
            {
                above.Add((EmitBranch(level, group, _allocate()), level[group.From].FirstKey));
            }

            level = above;
        }
    }

    private uint EmitLeaf(uint number)
    {
        var page = new byte[_pageSize];
        Node.Build(page, PageType.Leaf, _leafCells, 0, _leafCells.Count, 0);
        _emit(number, page);
        _leafCells.Clear();
        _leafBytes = 0;
        return number;
    }

    // Children [From, To) of one branch page: cells for all but the last child, whose page is the link.
    // A child's separator is its subtree's first key: the child before it holds every key below it.
    private uint EmitBranch(List<(uint Page, byte[] FirstKey)> children, (int From, int To) group, uint number)
    {
        var cells = new List<byte[]>(group.To - group.From);
        for (var i = group.From; i < group.To - 1; i++)
        {
            cells.Add(Node.BranchCell(children[i + 1].FirstKey, children[i].Page));
        }

        var page = new byte[_pageSize];
        Node.Build(page, PageType.Branch, cells, 0, cells.Count, children[group.To - 1].Page);
        _emit(number, page);
        return number;
    }

    // Greedy packing of children into branch pages; the last page is given at least two children, taken
    // from the page before it, so no branch is left with a lone child.
    private List<(int From, int To)> Pack(List<(uint Page, byte[] FirstKey)> children)
    {
        var groups = new List<(int From, int To)>();
        var from = 0;
        var bytes = 0;
        for (var i = 0; i < children.Count; i++)
        {
            // Child i adds the cell that carries child i - 1 (the separator is child i's first key).
            var cell = i == from ? 0 : Node.BranchCellSize(children[i].FirstKey.Length) + 2;
            if (i > from && bytes + cell > Capacity)
            {
                groups.Add((from, i));
                from = i;
                bytes = 0;
                continue;
            }

            bytes += cell;
        }

        groups.Add((from, children.Count));
        if (groups.Count > 1 && groups[^1].To - groups[^1].From == 1)
        {
            var (lastFrom, lastTo) = groups[^1];
            groups[^2] = (groups[^2].From, lastFrom - 1);
            groups[^1] = (lastFrom - 1, lastTo);
        }

        return groups;
    }

    private byte[] LeafCell(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, bool compressed) =>
        Node.LeafCell(key, value, Node.IsInline(key.Length, value.Length, _pageSize) ? default : WriteOverflow(key.Length, value), _pageSize, compressed);

    // The parts of the value its leaf cell does not keep (Node.SplitOverflow): whole pages, then a half.
    private OverflowPlace WriteOverflow(int keyLength, ReadOnlySpan<byte> value)
    {
        var split = Node.SplitOverflow(keyLength, value.Length, _pageSize);
        var first = WriteChain(value[..split.Chain]);
        if (split.Half == 0)
        {
            return new OverflowPlace(split, first, 0, 0);
        }

        var part = value.Slice(split.Chain, split.Half);
        if (_openHalves is { } open)
        {
            part.CopyTo(OverflowHalves.Half(open.Image, 1));
            OverflowHalves.SetInUse(open.Image, 3);
            _emit(open.Number, open.Image);
            _openHalves = null;
            return new OverflowPlace(split, first, open.Number, 1);
        }

        var image = new byte[_pageSize];
        PageLayout.Initialize(image, PageType.OverflowHalves);
        OverflowHalves.SetInUse(image, 1);
        part.CopyTo(OverflowHalves.Half(image, 0));
        var number = _allocate();
        _openHalves = (number, image);
        return new OverflowPlace(split, first, number, 0);
    }

    // The whole chain is numbered first, so each page can name the next.
    private uint WriteChain(ReadOnlySpan<byte> value)
    {
        if (value.IsEmpty)
        {
            return 0;
        }

        var payload = TreeLookup.OverflowPayload(_pageSize);
        var pages = new uint[(value.Length + payload - 1) / payload];
        for (var i = 0; i < pages.Length; i++)
        {
            pages[i] = _allocate();
        }

        for (var i = 0; i < pages.Length; i++)
        {
            var page = new byte[_pageSize];
            PageLayout.Initialize(page, PageType.Overflow);
            PageLayout.SetLink(page, i + 1 < pages.Length ? pages[i + 1] : 0);
            value.Slice(i * payload, Math.Min(payload, value.Length - (i * payload))).CopyTo(page.AsSpan(PageLayout.HeaderSize));
            _emit(pages[i], page);
        }

        return pages[0];
    }
}
