using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>Insert and update of a <see cref="Tree"/>, with page splits and the evening out of full leaves.</summary>
internal static class TreeInsertion
{
    /// <summary>Puts the stored form of a value: <paramref name="value"/> is a <see cref="CompressedValue"/> when <paramref name="compressed"/>.</summary>
    public static void Store(Tree tree, WriteTransaction writer, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value, bool compressed)
    {
        var pageSize = tree.PageSize;
        tree.Transaction.Version++;
        var leafNumber = tree.Path.Descend(tree, key);
        var leaf = writer.GetWritable(leafNumber);
        var index = Node.Search(leaf, key, out var found);
        var inline = Node.IsInline(key.Length, value.Length, pageSize);
        var size = Node.LeafCellSize(key.Length, value.Length, pageSize);
        if (found)
        {
            OverflowStore.Free(tree, writer, leaf, index);
            if (Node.CellSize(leaf, index) == size)
            {
                // A value of the same size overwrites its cell where it lies: the page's other bytes stay
                // as they were, so the WAL logs a delta the size of the value (an update of a fixed-size
                // record is the common case).
                var replaced = inline ? default : OverflowStore.Write(tree, writer, key.Length, value);
                Node.WriteLeafCell(leaf.AsSpan(Node.CellOffset(leaf, index), size), key, value.Length, value, replaced, compressed);
                return;
            }

            Node.Remove(leaf, index);
        }

        var overflow = inline ? default : OverflowStore.Write(tree, writer, key.Length, value);
        var offset = Node.Reserve(leaf, index, size);
        if (offset >= 0)
        {
            Node.WriteLeafCell(leaf.AsSpan(offset, size), key, value.Length, value, overflow, compressed);
            if (found && Node.UsedBytes(leaf) < (pageSize - PageLayout.HeaderSize) / 2)
            {
                // A value that shrank can leave its leaf as thin as deletes do: merge it the same way, or
                // leaves of large documents that become small stay nearly empty for good.
                TreeDeletion.Rebalance(tree, writer, tree.Path.Depth, leaf);
            }

            return;
        }

        var cell = new byte[size];
        Node.WriteLeafCell(cell, key, value.Length, value, overflow, compressed);
        SplitAndInsert(tree, writer, tree.Path.Depth, leafNumber, leaf, index, cell);
    }

    /// <summary>Adds the separator for a new left sibling <paramref name="leftChild"/> before position <paramref name="index"/> of the branch at <paramref name="level"/> of the path.</summary>
    public static void InsertIntoBranch(Tree tree, WriteTransaction writer, int level, int index, byte[] separator, uint leftChild)
    {
        var pageNumber = tree.Path[level].Page;
        var page = writer.GetWritable(pageNumber);
        var cell = Node.BranchCell(separator, leftChild);
        if (!Node.TryInsert(page, index, cell))
        {
            SplitAndInsert(tree, writer, level, pageNumber, page, index, cell);
        }
    }

    /// <summary>
    /// Inserts <paramref name="cell"/> at <paramref name="index"/> of a full node at <paramref name="level"/>
    /// (the number of branches above it), splitting it. An insert at the node's end keeps every old cell on
    /// the left page and puts only the new one on the right, so keys arriving in order fill pages.
    /// </summary>
    private static void SplitAndInsert(Tree tree, WriteTransaction writer, int level, uint pageNumber, byte[] page, int index, byte[] cell)
    {
        var pageSize = tree.PageSize;
        var isLeaf = PageLayout.GetType(page) == PageType.Leaf;
        var type = isLeaf ? PageType.Leaf : PageType.Branch;
        var cells = Node.Cells(page);
        cells.Insert(index, cell);
        var link = PageLayout.GetLink(page);
        var n = cells.Count;
        var append = index == n - 1;
        if (isLeaf && !append && level > 0 && TryShareWithSibling(tree, writer, level, pageNumber, page, cells))
        {
            return;
        }

        int leftEnd, rightStart;
        uint leftLink, rightLink;
        byte[] separator;
        if (isLeaf)
        {
            leftEnd = append ? n - 1 : CellCuts.AtRunBoundary(cells, CellCuts.Balanced(cells, 0, pageSize), pageSize);
            rightStart = leftEnd;
            leftLink = rightLink = 0;
            separator = CellCuts.ShortestSeparator(Node.CellKey(cells[leftEnd - 1]), Node.CellKey(cells[leftEnd]));
        }
        else
        {
            leftEnd = append ? n - 2 : CellCuts.Balanced(cells, 1, pageSize);
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
        var parent = tree.Path[level - 1];
        InsertIntoBranch(tree, writer, level - 1, parent.Index, separator, left);
    }

    /// <summary>
    /// Instead of splitting a full leaf (a key arriving out of order), evens its cells out with a sibling
    /// that has room, as a B*-tree does: keys arriving at random then leave pages about three quarters full
    /// rather than two thirds. The sibling must end up with at least an eighth of a page free, so the next
    /// insert there does not have to move cells again at once. Returns false when neither sibling has room.
    /// </summary>
    private static bool TryShareWithSibling(Tree tree, WriteTransaction writer, int level, uint pageNumber, byte[] page, List<byte[]> cells)
    {
        var pageSize = tree.PageSize;
        var usable = pageSize - PageLayout.HeaderSize;
        var (parentNumber, childIndex) = tree.Path[level - 1];
        var parent = writer.ReadPage(parentNumber);
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
            var sibling = writer.ReadPage(siblingNumber);
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
            var cut = CellCuts.AtRunBoundary(all, CellCuts.Balanced(all, 0, pageSize), pageSize);
            if (Node.Size(all, 0, cut) > usable || Node.Size(all, cut, all.Count) > usable)
            {
                continue;
            }

            var leftNumber = left ? siblingNumber : pageNumber;
            var leftPage = left ? writer.GetWritable(siblingNumber) : page;
            var rightPage = left ? page : writer.GetWritable(siblingNumber);
            Node.Build(leftPage, PageType.Leaf, all, 0, cut, 0);
            Node.Build(rightPage, PageType.Leaf, all, cut, all.Count, 0);
            var separator = CellCuts.ShortestSeparator(Node.CellKey(all[cut - 1]), Node.CellKey(all[cut]));
            Node.Remove(writer.GetWritable(parentNumber), separatorIndex);
            InsertIntoBranch(tree, writer, level - 1, separatorIndex, separator, leftNumber);
            return true;
        }

        return false;
    }
}
