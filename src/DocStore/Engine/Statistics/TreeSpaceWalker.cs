using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.Engine.Statistics;

/// <summary>
/// Counts the pages and bytes of one tree at a transaction's snapshot by walking it from its root.
/// Overflow chains are sized from their value lengths, so their pages are not read; the pages of halves
/// that values name are collected, since two values (of any trees) may share one.
/// </summary>
internal sealed class TreeSpaceWalker
{
    private readonly Transaction _tx;
    private readonly CancellationToken _cancellationToken;

    // Where pages not in the cache are read, uncached (Transaction.ReadPageForWalk).
    private readonly byte[] _scratch;
    private long _entries;
    private long _leaves;
    private long _interior;
    private long _overflow;
    private long _halves;
    private readonly ISet<uint>? _halvesPages;
    private long _used;
    private long _keyBytes;
    private long _valueBytes;
    private int _depth;

    private TreeSpaceWalker(Transaction tx, ISet<uint>? halvesPages, CancellationToken cancellationToken)
    {
        _tx = tx;
        _halvesPages = halvesPages;
        _cancellationToken = cancellationToken;
        _scratch = new byte[tx.PageSize];
    }

    /// <summary>The statistics of the tree rooted at <paramref name="root"/>; adds the pages of halves its values name to <paramref name="halvesPages"/>.</summary>
    /// <exception cref="DatabaseCorruptException">A page is damaged or not a tree page.</exception>
    public static TreeStatistics Walk(Transaction tx, uint root, ISet<uint>? halvesPages = null, CancellationToken cancellationToken = default)
    {
        var walker = new TreeSpaceWalker(tx, halvesPages, cancellationToken);
        walker.Visit(root, 1);
        return new TreeStatistics(tx.PageSize, walker._entries, walker._depth, walker._leaves, walker._interior, walker._overflow, walker._halves, walker._used, walker._keyBytes, walker._valueBytes);
    }

    private void Visit(uint pageNumber, int depth)
    {
        if (depth > TreeLimits.MaxDepth)
        {
            throw new DatabaseCorruptException(_tx.DatabaseName, pageNumber, $"a tree is deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
        }

        _cancellationToken.ThrowIfCancellationRequested();
        var page = _tx.ReadPageForWalk(pageNumber, _scratch);
        var count = Node.Count(page);
        _used += Node.UsedBytes(page);
        _depth = Math.Max(_depth, depth);
        switch (PageLayout.GetType(page))
        {
            case PageType.Leaf:
                _leaves++;
                _entries += count;
                for (var i = 0; i < count; i++)
                {
                    CountValue(page, i);
                }

                return;
            case PageType.Branch:
                _interior++;

                // The children are taken before the first visit reuses the scratch the page may lie in.
                foreach (var child in Node.Children(page))
                {
                    Visit(child, depth + 1);
                }

                return;
            default:
                throw new DatabaseCorruptException(_tx.DatabaseName, pageNumber, $"expected a tree page, found type {PageLayout.GetType(page)}");
        }
    }

    private void CountValue(byte[] page, int index)
    {
        var valueLength = Node.ValueAt(page, index, out var keyLength, out var valueOffset);
        _keyBytes += keyLength;
        _valueBytes += valueLength;
        if (!Node.IsInline(keyLength, valueLength, page.Length))
        {
            var split = Node.SplitOverflow(keyLength, valueLength, page.Length);
            _overflow += (split.Chain + TreeLookup.OverflowPayload(page.Length) - 1) / TreeLookup.OverflowPayload(page.Length);
            _used += split.Chain + split.Half;
            if (split.Half != 0)
            {
                _halves++;
                _halvesPages?.Add(OverflowHalves.ReferencedPage(Node.HalfReferenceAt(page, valueOffset)));
            }
        }
    }
}
