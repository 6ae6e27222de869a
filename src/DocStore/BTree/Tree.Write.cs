using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>Insert and update, with page splits.</summary>
internal sealed partial class Tree
{
    /// <summary>Inserts <paramref name="key"/> or replaces its value.</summary>
    /// <exception cref="ArgumentException">The key is longer than <see cref="MaxKeyLength"/> or the value longer than <see cref="TreeLimits.MaxValueLength"/>.</exception>
    /// <exception cref="InvalidOperationException">The tree belongs to a read transaction.</exception>
    public void Put(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        var writer = Writer();
        ValidatePut(key, value);

        if (CompressedValue.TryCompress(_tx.Pager.Compression, value, out var packed))
        {
            using (packed)
            {
                Store(writer, key, packed.Span, compressed: true);
            }
        }
        else
        {
            Store(writer, key, value, compressed: false);
        }

        // Recorded once the change is made: a put that failed its checks changed nothing to replay.
        if (writer.RecordsChanges)
        {
            writer.RecordPut(NameUtf8, key, value);
        }
    }

    /// <summary>Refuses what <see cref="Put"/> would refuse for its key or value.</summary>
    /// <exception cref="ArgumentException">The key or the value is over the limit.</exception>
    internal void ValidatePut(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        ValidateKey(key);
        if (value.Length > TreeLimits.MaxValueLength)
        {
            throw new ArgumentException($"The value is {value.Length} bytes; the limit is {TreeLimits.MaxValueLength}.", nameof(value));
        }
    }

    /// <summary>Puts the stored form of a value: <paramref name="value"/> is a <see cref="CompressedValue"/> when <paramref name="compressed"/>.</summary>
    private void Store(Transactions.WriteTransaction writer, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, bool compressed)
    {
        _tx.Version++;
        var leafNumber = DescendForWrite(key);
        var leaf = writer.GetWritable(leafNumber);
        var index = Node.Search(leaf, key, out var found);
        var inline = Node.IsInline(key.Length, value.Length, PageSize);
        var size = Node.LeafCellSize(key.Length, value.Length, PageSize);
        if (found)
        {
            FreeValue(leaf, index);
            if (Node.CellSize(leaf, index) == size)
            {
                // A value of the same size overwrites its cell where it lies: the page's other bytes stay
                // as they were, so the WAL logs a delta the size of the value (an update of a fixed-size
                // record is the common case).
                var replaced = inline ? default : WriteOverflow(key.Length, value);
                Node.WriteLeafCell(leaf.AsSpan(Node.CellOffset(leaf, index), size), key, value.Length, value, replaced, compressed);
                return;
            }

            Node.Remove(leaf, index);
        }

        var overflow = inline ? default : WriteOverflow(key.Length, value);
        var offset = Node.Reserve(leaf, index, size);
        if (offset >= 0)
        {
            Node.WriteLeafCell(leaf.AsSpan(offset, size), key, value.Length, value, overflow, compressed);
            if (found && Node.UsedBytes(leaf) < (PageSize - PageLayout.HeaderSize) / 2)
            {
                // A value that shrank can leave its leaf as thin as deletes do: merge it the same way, or
                // leaves of large documents that become small stay nearly empty for good.
                Rebalance(_depth, leaf);
            }

            return;
        }

        var cell = new byte[size];
        Node.WriteLeafCell(cell, key, value.Length, value, overflow, compressed);
        SplitAndInsert(_depth, leafNumber, leaf, index, cell);
    }

    /// <summary>
    /// Inserts <paramref name="cell"/> at <paramref name="index"/> of a full node at <paramref name="level"/>
    /// (the number of branches above it), splitting it. An insert at the node's end keeps every old cell on
    /// the left page and puts only the new one on the right, so keys arriving in order fill pages.
    /// </summary>
    private void SplitAndInsert(int level, uint pageNumber, byte[] page, int index, byte[] cell)
    {
        var writer = Writer();
        var isLeaf = PageLayout.GetType(page) == PageType.Leaf;
        var type = isLeaf ? PageType.Leaf : PageType.Branch;
        var cells = Node.Cells(page);
        cells.Insert(index, cell);
        var link = PageLayout.GetLink(page);
        var n = cells.Count;
        var append = index == n - 1;
        if (isLeaf && !append && level > 0 && TryShareWithSibling(level, pageNumber, page, cells))
        {
            return;
        }

        int leftEnd, rightStart;
        uint leftLink, rightLink;
        byte[] separator;
        if (isLeaf)
        {
            leftEnd = append ? n - 1 : AtRunBoundary(cells, BalancedSplit(cells, 0));
            rightStart = leftEnd;
            leftLink = rightLink = 0;
            separator = ShortestSeparator(Node.CellKey(cells[leftEnd - 1]), Node.CellKey(cells[leftEnd]));
        }
        else
        {
            leftEnd = append ? n - 2 : BalancedSplit(cells, 1);
            rightStart = leftEnd + 1;
            leftLink = Node.CellChild(cells[leftEnd]);
            rightLink = link;
            separator = Node.CellKey(cells[leftEnd]).ToArray();
        }

        var left = writer.AllocatePage();
        Node.Build(writer.NewPage(left, type), type, cells, 0, leftEnd, leftLink);
        if (level == 0)
        {
            // The root keeps its page number: both halves move out and the root becomes their parent.
            var right = writer.AllocatePage();
            Node.Build(writer.NewPage(right, type), type, cells, rightStart, n, rightLink);
            Node.Build(page, PageType.Branch, [Node.BranchCell(separator, left)], 0, 1, right);
            return;
        }

        Node.Build(page, type, cells, rightStart, n, rightLink);
        var parent = _path![level - 1];
        InsertIntoBranch(level - 1, parent.Index, separator, left);
    }

    /// <summary>
    /// Instead of splitting a full leaf (a key arriving out of order), evens its cells out with a sibling
    /// that has room, as a B*-tree does: keys arriving at random then leave pages about three quarters full
    /// rather than two thirds. The sibling must end up with at least an eighth of a page free, so the next
    /// insert there does not have to move cells again at once. Returns false when neither sibling has room.
    /// </summary>
    private bool TryShareWithSibling(int level, uint pageNumber, byte[] page, List<byte[]> cells)
    {
        var writer = Writer();
        var usable = PageSize - PageLayout.HeaderSize;
        var (parentNumber, childIndex) = _path![level - 1];
        var parent = _tx.ReadPage(parentNumber);
        var budget = (2 * usable) - (usable / 4);
        var size = Node.Size(cells, 0, cells.Count);
        foreach (var left in (ReadOnlySpan<bool>)[true, false])
        {
            var separatorIndex = left ? childIndex - 1 : childIndex;
            if (separatorIndex < 0 || separatorIndex >= Node.Count(parent))
            {
                continue;
            }

            var siblingNumber = Node.Child(parent, left ? childIndex - 1 : childIndex + 1);
            var sibling = _tx.ReadPage(siblingNumber);
            if (PageLayout.GetType(sibling) != PageType.Leaf || size + Node.UsedBytes(sibling) > budget)
            {
                continue;
            }

            var all = Node.Cells(sibling);
            if (left)
            {
                all.AddRange(cells);
            }
            else
            {
                all.InsertRange(0, cells);
            }

            // With cells of up to half a page, 1¾ pages may not cut into two that fit: then this sibling
            // is no help, and the caller's cells are as they were.
            var cut = AtRunBoundary(all, BalancedSplit(all, 0));
            if (Node.Size(all, 0, cut) > usable || Node.Size(all, cut, all.Count) > usable)
            {
                continue;
            }

            var leftNumber = left ? siblingNumber : pageNumber;
            var leftPage = left ? writer.GetWritable(siblingNumber) : page;
            var rightPage = left ? page : writer.GetWritable(siblingNumber);
            Node.Build(leftPage, PageType.Leaf, all, 0, cut, 0);
            Node.Build(rightPage, PageType.Leaf, all, cut, all.Count, 0);
            var separator = ShortestSeparator(Node.CellKey(all[cut - 1]), Node.CellKey(all[cut]));
            Node.Remove(writer.GetWritable(parentNumber), separatorIndex);
            InsertIntoBranch(level - 1, separatorIndex, separator, leftNumber);
            return true;
        }

        return false;
    }

    /// <summary>Adds the separator for a new left sibling <paramref name="leftChild"/> before position <paramref name="index"/> of the branch at <paramref name="level"/>.</summary>
    private void InsertIntoBranch(int level, int index, byte[] separator, uint leftChild)
    {
        var pageNumber = _path![level].Page;
        var page = Writer().GetWritable(pageNumber);
        var cell = Node.BranchCell(separator, leftChild);
        if (!Node.TryInsert(page, index, cell))
        {
            SplitAndInsert(level, pageNumber, page, index, cell);
        }
    }

    /// <summary>
    /// Where to cut <paramref name="cells"/> so both sides fit and hold about half the bytes each;
    /// <paramref name="middle"/> is 1 when the cut cell moves up (branches) and 0 otherwise (leaves).
    /// </summary>
    private int BalancedSplit(List<byte[]> cells, int middle)
    {
        var usable = PageSize - PageLayout.HeaderSize;
        var total = Node.Size(cells, 0, cells.Count);
        var cut = 1;
        var leftBytes = cells[0].Length + 2;
        while (cut < cells.Count - 1 - middle && leftBytes + cells[cut].Length + 2 <= total / 2)
        {
            leftBytes += cells[cut].Length + 2;
            cut++;
        }

        while (Node.Size(cells, cut + middle, cells.Count) > usable && cut < cells.Count - 1 - middle)
        {
            cut++;
        }

        while (Node.Size(cells, 0, cut) > usable && cut > 1)
        {
            cut--;
        }

        return cut;
    }

    /// <summary>
    /// Moves a leaf cut from <paramref name="balanced"/> to where neighbouring keys share the shortest prefix,
    /// among the cuts that leave each side at least three eighths of the bytes (the nearest to the balanced
    /// cut on ties). Index keys are runs that share a field value and differ in the trailing document key,
    /// and new documents extend runs at their ends: a cut between runs leaves both sides with run ends that
    /// keep filling, where a cut inside a run leaves its first part as full as the cut left it, for good.
    /// </summary>
    private int AtRunBoundary(List<byte[]> cells, int balanced)
    {
        var usable = PageSize - PageLayout.HeaderSize;
        var total = Node.Size(cells, 0, cells.Count);
        var best = balanced;
        var bestCommon = int.MaxValue;
        var left = 0;
        for (var cut = 1; cut < cells.Count; cut++)
        {
            left += cells[cut - 1].Length + 2;
            if (total - left < total * 3 / 8)
            {
                break;
            }

            if (left < total * 3 / 8 || left > usable || total - left > usable)
            {
                continue;
            }

            var common = Node.CellKey(cells[cut - 1]).CommonPrefixLength(Node.CellKey(cells[cut]));
            if (common < bestCommon || (common == bestCommon && Math.Abs(cut - balanced) < Math.Abs(best - balanced)))
            {
                best = cut;
                bestCommon = common;
            }
        }

        return best;
    }

    /// <summary>The shortest prefix of <paramref name="right"/> that is greater than <paramref name="left"/> (suffix truncation keeps branches small).</summary>
    private static byte[] ShortestSeparator(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        var common = left.CommonPrefixLength(right);
        return right[..Math.Min(common + 1, right.Length)].ToArray();
    }
}
