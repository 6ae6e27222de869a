using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Storage.Pages;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine.Compaction;

/// <summary>
/// Writes the database as one snapshot sees it into a new file, densely (docs/storage.md, "Compaction"):
/// every tree rebuilt bottom-up with full pages, in the order of the tree directory, no free pages but
/// those a kept root leaves behind. Each tree keeps its root page number, and so the tree directory keeps
/// its entries byte for byte; the header page goes in last.
/// </summary>
internal sealed class DenseCopy
{
    private readonly Transaction _source;
    private readonly Stream _target;
    private readonly int _pageSize;
    private readonly HashSet<uint> _reserved;
    private readonly CancellationToken _cancellationToken;
    private uint _next = 1;
    private uint _end;

    private DenseCopy(Transaction source, Stream target, HashSet<uint> reserved, CancellationToken cancellationToken)
    {
        _source = source;
        _target = target;
        _pageSize = source.PageSize;
        _reserved = reserved;
        _cancellationToken = cancellationToken;
    }

    /// <summary>Writes the copy of <paramref name="source"/>'s snapshot to <paramref name="target"/>; returns its page count.</summary>
    public static uint Write(Transaction source, Stream target, CancellationToken cancellationToken = default)
    {
        var header = source.ReadPage(0).ToArray();
        var catalogRoot = HeaderPage.GetCatalogRoot(header);
        var trees = source.TreeRoots();
        var reserved = new HashSet<uint> { 0, catalogRoot };
        foreach (var (_, root) in trees)
        {
            reserved.Add(root);
        }

        var copy = new DenseCopy(source, target, reserved, cancellationToken);
        foreach (var (name, root) in trees)
        {
            copy.CopyTree(source.OpenTree(name)!, root);
        }

        copy.CopyTree(source.CatalogTree(), catalogRoot);
        return copy.Finish(header);
    }

    private void CopyTree(Tree tree, uint root)
    {
        var builder = new DenseTreeBuilder(_pageSize, Allocate, Emit);

        // Each key and value is copied into the builder's cell before the cursor moves, so it may read past the cache.
        var cursor = tree.CreateWalkCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            _cancellationToken.ThrowIfCancellationRequested();
            AddValue(builder, cursor);
        }

        builder.Finish(root);
    }

    // Under compression, values stored plain are compressed on the way, so compacting converts a file
    // written before the option was on. Compressed values are copied as they are either way: an open
    // without the option must not grow the file (docs/storage.md, "Compression").
    private void AddValue(DenseTreeBuilder builder, TreeCursor cursor)
    {
        var stored = cursor.StoredValue(out var compressed);
        if (!compressed && CompressedValue.TryCompress(_source.Pager.Compression, stored.Span, out var packed))
        {
            using (packed)
            {
                builder.Add(cursor.Key, packed.Span, compressed: true);
            }

            return;
        }

        builder.Add(cursor.Key, stored.Span, compressed);
    }

    // Pages up to the highest kept root that no tree took become free pages (chained into trunks), then
    // the header records the new page count and free list.
    private uint Finish(byte[] header)
    {
        var pageCount = Math.Max(_next, _end);
        var free = new List<uint>();
        for (var page = _next; page < pageCount; page++)
        {
            if (!_reserved.Contains(page))
            {
                free.Add(page);
            }
        }

        uint head = 0;
        var capacity = FreeList.TrunkCapacity(_pageSize);
        for (var start = 0; start < free.Count; start += capacity + 1)
        {
            var trunk = new byte[_pageSize];
            PageLayout.Initialize(trunk, PageType.FreeTrunk);
            PageLayout.SetLink(trunk, head);
            var listed = Math.Min(capacity, free.Count - start - 1);
            for (var i = 0; i < listed; i++)
            {
                BinaryPrimitives.WriteUInt32LittleEndian(trunk.AsSpan(PageLayout.HeaderSize + (4 * i)), free[start + 1 + i]);
            }

            PageLayout.SetCount(trunk, listed);
            Emit(free[start], trunk);
            head = free[start];
        }

        HeaderPage.SetPageCount(header, pageCount);
        HeaderPage.SetFreeHead(header, head);
        HeaderPage.SetFreeCount(header, (uint)free.Count);

        // The source's page of halves means nothing here; each tree's builder emitted its own, full or not.
        HeaderPage.SetOpenHalves(header, 0);
        _target.SetLength((long)pageCount * _pageSize);

        // Every other page is on disk before the header: a copy cut off earlier has no valid header.
        Files.CopyTarget.FlushToDisk(_target);

        Emit(0, header);
        return pageCount;
    }

    private uint Allocate()
    {
        while (_reserved.Contains(_next))
        {
            _next++;
        }

        return _next++;
    }

    private void Emit(uint number, byte[] page)
    {
        PageChecksum.Stamp(page, number);
        _target.Position = (long)number * _pageSize;
        _target.Write(page);
        _end = Math.Max(_end, number + 1);
    }
}
