using DocStore.BTree;
using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Integrity;

/// <summary>
/// Walks everything reachable from the header at one snapshot (or inside a write transaction, as the
/// invariant check before each commit does in builds that define DOCSTORE_INVARIANTS): page checksums (by
/// reading every page), page types, key order inside pages, keys within the bounds their separators set,
/// equal leaf depth, overflow chains, the free list, that no page is owned twice and that none is leaked.
/// </summary>
internal sealed class IntegrityChecker
{
    private const int MaxDepth = 40;
    private readonly Transaction _tx;
    private readonly List<string> _problems = [];
    private readonly string[] _owners;
    private long _pagesChecked;

    // Where tree and overflow pages not in the cache are read, uncached (Transaction.ReadPageForWalk): a
    // check would otherwise evict every hot page and leave an image behind per page it read.
    private readonly byte[] _treeScratch;
    private readonly byte[] _overflowScratch;

    // Pages of overflow halves met so far: the halves the page says are in use (BadPage when it could not be
    // read or is of another type), and those values named.
    private const int BadPage = -1;
    private readonly Dictionary<uint, (int InUse, int Named)> _halves = [];

    private IntegrityChecker(Transaction tx, uint pageCount)
    {
        _tx = tx;
        _owners = new string[pageCount];
        _treeScratch = new byte[tx.PageSize];
        _overflowScratch = new byte[tx.PageSize];
    }

    public static IntegrityReport Check(Transaction tx)
    {
        byte[] header;
        try
        {
            header = tx.ReadPage(0);
        }
        catch (DatabaseCorruptException ex)
        {
            return new IntegrityReport([$"page 0 (the header): {ex.Message}"], 1, 0);
        }

        if (HeaderPage.Validate(header, tx.PageSize) is { } problem)
        {
            return new IntegrityReport([$"page 0: {problem}"], 1, 0);
        }

        var pageCount = HeaderPage.GetPageCount(header);
        var countProblem = CheckPageCount(tx, header, ref pageCount);
        var checker = new IntegrityChecker(tx, pageCount);
        if (countProblem is not null)
        {
            checker._problems.Add(countProblem);
        }

        return checker.Run(header);
    }

    // A page count no storage can back (a damaged header) is reported, and the check goes on over the
    // pages that can exist: an array by page of the claimed count could take gigabytes, or not fit at all.
    // Pages beyond the file and the WAL are legitimate only as free pages never written (allocated and
    // freed by one transaction), so the free list is counted before the count is called wrong.
    private static string? CheckPageCount(Transaction tx, byte[] header, ref uint pageCount)
    {
        var stored = tx.Pager.StoredPageBound();
        if (pageCount <= stored)
        {
            return null;
        }

        long free;
        try
        {
            free = FreeList.Enumerate(tx, pageCount, []).Count;
        }
        catch (DatabaseCorruptException)
        {
            free = 0;
        }

        var possible = stored + free;
        if (pageCount <= possible)
        {
            return null;
        }

        var where = tx.Pager.IsInMemory
            ? $"the pages held in memory (at most {stored})"
            : $"the file's length of {tx.Pager.FileLength} bytes ({tx.Pager.FilePageCount} pages; at most {stored} with the WAL's pages)";
        var problem = $"page 0: the header counts {pageCount} pages, which disagrees with {where} and the {free} free pages; only the pages that can exist are checked";
        pageCount = (uint)possible;
        return problem;
    }

    private IntegrityReport Run(byte[] header)
    {
        Claim(0, "the header");
        _pagesChecked++;
        var trees = 1;
        WalkTree(TreeDirectory.CatalogTreeName, HeaderPage.GetCatalogRoot(header));
        foreach (var (name, root) in SafeTreeRoots())
        {
            trees++;
            if (root == 0)
            {
                _problems.Add($"catalog: tree '{name}' has a malformed root entry");
                continue;
            }

            WalkTree(name, root);
        }

        CheckHalves(HeaderPage.GetOpenHalves(header));
        var free = SafeFreeList();
        foreach (var (page, isTrunk) in free)
        {
            Claim(page, isTrunk ? "a free-list trunk" : "the free list");
        }

        var freeCount = HeaderPage.GetFreeCount(header);
        if (freeCount != free.Count)
        {
            _problems.Add($"page 0: the header counts {freeCount} free pages, the free list holds {free.Count}");
        }

        for (var page = 0; page < _owners.Length; page++)
        {
            if (_owners[page] is null)
            {
                _problems.Add($"page {page}: leaked (neither in a tree nor on the free list)");
            }
        }

        return new IntegrityReport(_problems, _pagesChecked, trees);
    }

    private List<(uint Page, bool IsTrunk)> SafeFreeList()
    {
        try
        {
            return FreeList.Enumerate(_tx, (uint)_owners.Length, _problems);
        }
        catch (DatabaseCorruptException ex)
        {
            _problems.Add($"free list: cannot be read: {ex.Message}");
            return [];
        }
    }

    private IEnumerable<(string, uint)> SafeTreeRoots()
    {
        try
        {
            return _tx.TreeRoots();
        }
        catch (DatabaseCorruptException ex)
        {
            _problems.Add($"catalog: cannot be scanned: {ex.Message}");
            return [];
        }
    }

    private bool Claim(uint page, string owner)
    {
        if (page >= _owners.Length)
        {
            _problems.Add($"page {page}: referenced by {owner} but beyond the page count {_owners.Length}");
            return false;
        }

        if (_owners[page] is { } previous)
        {
            _problems.Add($"page {page}: owned twice, by {previous} and by {owner}");
            return false;
        }

        _owners[page] = owner;
        return true;
    }

    // The page stays as returned until the next read into the same scratch.
    private byte[]? Read(uint page, string owner, byte[] scratch)
    {
        try
        {
            _pagesChecked++;
            return _tx.ReadPageForWalk(page, scratch);
        }
        catch (DatabaseCorruptException ex)
        {
            _problems.Add($"page {page} ({owner}): {ex.Message}");
            return null;
        }
    }

    private void WalkTree(string name, uint root)
    {
        var leafDepth = -1;
        WalkNode(name, root, 0, null, null, ref leafDepth);
    }

    private void WalkNode(string tree, uint pageNumber, int depth, byte[]? lower, byte[]? upper, ref int leafDepth)
    {
        var owner = $"tree '{tree}'";
        if (depth > MaxDepth || !Claim(pageNumber, owner))
        {
            return;
        }

        var page = Read(pageNumber, owner, _treeScratch);
        if (page is null)
        {
            return;
        }

        var type = PageLayout.GetType(page);
        if (type is not (PageType.Leaf or PageType.Branch))
        {
            _problems.Add($"page {pageNumber}: {owner} expects a tree page, found type {type}");
            return;
        }

        var count = Node.Count(page);
        if (!CheckKeys(tree, pageNumber, page, count, lower, upper))
        {
            return;
        }

        if (type == PageType.Leaf)
        {
            if (leafDepth < 0)
            {
                leafDepth = depth;
            }
            else if (leafDepth != depth)
            {
                _problems.Add($"page {pageNumber}: leaf of tree '{tree}' at depth {depth}, other leaves at {leafDepth}");
            }

            if (count == 0 && depth > 0)
            {
                _problems.Add($"page {pageNumber}: empty non-root leaf in tree '{tree}'");
            }

            for (var i = 0; i < count; i++)
            {
                CheckValue(tree, pageNumber, page, i);
            }

            return;
        }

        // Children and separators are taken before the first child's walk reuses the scratch the page may lie in.
        var children = Node.Children(page);
        var separators = new byte[count][];
        for (var i = 0; i < count; i++)
        {
            separators[i] = Node.KeyAt(page, i).ToArray();
        }

        for (var i = 0; i <= count; i++)
        {
            var low = i == 0 ? lower : separators[i - 1];
            var high = i == count ? upper : separators[i];
            WalkNode(tree, children[i], depth + 1, low, high, ref leafDepth);
        }
    }

    // Keys strictly ascending, and within [lower, upper) set by the separators above.
    private bool CheckKeys(string tree, uint pageNumber, byte[] page, int count, byte[]? lower, byte[]? upper)
    {
        var maxKey = TreeLimits.MaxKeyLength(page.Length);
        for (var i = 0; i < count; i++)
        {
            var offset = Node.CellOffset(page, i);
            if (offset < Node.SlotsOffset + (2 * count) || !Node.TryCellSize(page, i, out var size) || offset + size > page.Length)
            {
                _problems.Add($"page {pageNumber}: cell {i} of tree '{tree}' lies outside the page");
                return false;
            }

            var key = Node.KeyAt(page, i);
            if (key.Length > maxKey)
            {
                _problems.Add($"page {pageNumber}: key {i} of tree '{tree}' is {key.Length} bytes, over the limit {maxKey}");
            }

            if (i > 0 && Node.KeyAt(page, i - 1).SequenceCompareTo(key) >= 0)
            {
                _problems.Add($"page {pageNumber}: keys {i - 1} and {i} of tree '{tree}' are out of order");
            }

            if (lower is not null && key.SequenceCompareTo(lower) < 0)
            {
                _problems.Add($"page {pageNumber}: key {i} of tree '{tree}' is below its separator");
            }

            if (upper is not null && key.SequenceCompareTo(upper) >= 0)
            {
                _problems.Add($"page {pageNumber}: key {i} of tree '{tree}' is not below its upper separator");
            }
        }

        return true;
    }

    private void CheckValue(string tree, uint pageNumber, byte[] page, int index)
    {
        var valueLength = Node.ValueAt(page, index, out var keyLength, out var valueOffset, out var compressed);
        if (Node.IsInline(keyLength, valueLength, page.Length))
        {
            if (compressed)
            {
                CheckDecodes(page.AsSpan(valueOffset, valueLength), tree, pageNumber, index);
            }

            return;
        }

        var owner = $"an overflow chain of tree '{tree}' (from page {pageNumber})";
        var payload = page.Length - PageLayout.HeaderSize;
        var stored = compressed ? new byte[valueLength] : null;
        var split = Node.SplitOverflow(keyLength, valueLength, page.Length);
        var chain = split.Chain;
        var next = Node.FirstOverflowPage(page, valueOffset);
        if (split.Half != 0 && !CheckHalf(tree, pageNumber, index, Node.HalfReferenceAt(page, valueOffset), stored is null ? [] : stored.AsSpan(chain, split.Half)))
        {
            return;
        }

        for (var remaining = chain; remaining > 0; remaining -= payload)
        {
            if (next == 0 || !Claim(next, owner))
            {
                _problems.Add($"page {pageNumber}: the overflow chain of value {index} in tree '{tree}' is broken");
                return;
            }

            var overflow = Read(next, owner, _overflowScratch);
            if (overflow is null)
            {
                return;
            }

            if (PageLayout.GetType(overflow) != PageType.Overflow)
            {
                _problems.Add($"page {next}: {owner} expects an overflow page, found type {PageLayout.GetType(overflow)}");
                return;
            }

            if (stored is not null)
            {
                overflow.AsSpan(PageLayout.HeaderSize, Math.Min(payload, remaining)).CopyTo(stored.AsSpan(chain - remaining));
            }

            next = PageLayout.GetLink(overflow);
        }

        if (next != 0)
        {
            _problems.Add($"page {pageNumber}: the overflow chain of value {index} in tree '{tree}' is longer than the value");
        }

        if (stored is not null)
        {
            Node.OverflowTailAt(page, valueOffset, split).CopyTo(stored.AsSpan(chain + split.Half));
            CheckDecodes(stored, tree, pageNumber, index);
        }
    }

    // A value's half: the page is claimed by the first value that names one of its halves, and no half is
    // named twice. Copies the half into `into` (empty unless the value is compressed).
    private bool CheckHalf(string tree, uint pageNumber, int index, ReadOnlySpan<byte> reference, Span<byte> into)
    {
        const string Owner = "values' overflow halves";
        var halves = OverflowHalves.ReferencedPage(reference);
        var half = OverflowHalves.ReferencedIndex(reference);
        var what = $"page {pageNumber}: value {index} in tree '{tree}' names half {half} of page {halves}";
        if (half > 1)
        {
            _problems.Add($"{what}, which has two");
            return false;
        }

        byte[]? image = null;
        if (!_halves.TryGetValue(halves, out var known))
        {
            if (halves == 0 || !Claim(halves, Owner))
            {
                _problems.Add($"{what}, which is not a page of halves");
                return false;
            }

            image = Read(halves, Owner, _overflowScratch);
            var wrongType = image is not null && PageLayout.GetType(image) != PageType.OverflowHalves;
            if (wrongType)
            {
                _problems.Add($"{what}, found type {PageLayout.GetType(image)}");
            }

            // A page that cannot be read or is no page of halves is reported once, not for every value naming it.
            known = image is null || wrongType ? (BadPage, 0) : (OverflowHalves.InUse(image), 0);
        }
        else if ((known.Named & (1 << half)) != 0)
        {
            _problems.Add($"{what}, which another value names too");
            return false;
        }

        _halves[halves] = (known.InUse, known.Named | (1 << half));
        if (known.InUse == BadPage)
        {
            return false;
        }

        if (!into.IsEmpty)
        {
            image ??= Read(halves, Owner, _overflowScratch);
            if (image is null)
            {
                return false;
            }

            OverflowHalves.Half(image, half)[..into.Length].CopyTo(into);
        }

        return true;
    }

    // Every page of halves says in use exactly the halves values name, and the header names none without a free half.
    private void CheckHalves(uint open)
    {
        foreach (var (page, (inUse, named)) in _halves)
        {
            if (inUse != BadPage && inUse != named)
            {
                _problems.Add($"page {page}: a page of overflow halves marks halves {inUse} in use, values name halves {named}");
            }
        }

        if (open != 0 && (!_halves.TryGetValue(open, out var halves) || halves.InUse is 3 or BadPage))
        {
            _problems.Add($"page 0: the header names page {open} as a page of overflow halves with a free half, which it is not");
        }
    }

    // A compressed value whose page checksum holds but whose stream does not decode is still damage.
    private void CheckDecodes(ReadOnlySpan<byte> stored, string tree, uint pageNumber, int index)
    {
        if (CompressedValue.TryDecompress(stored) is null)
        {
            _problems.Add($"page {pageNumber}: the compressed value {index} in tree '{tree}' does not decode");
        }
    }
}
