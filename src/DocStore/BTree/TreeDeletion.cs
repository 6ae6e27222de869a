using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>Deletion from a <see cref="Tree"/>, with the merge or evening out of pages it leaves underfull.</summary>
internal static class TreeDeletion
{
    /// <summary>Removes <paramref name="key"/> (no longer than the tree's limit); returns false, changing nothing, when it was not there.</summary>
    public static bool Remove(Tree tree, WriteTransaction writer, ReadOnlySpan<byte> key)
    {
        var leafNumber = tree.Path.Descend(tree, key);
        Node.Search(writer.ReadPage(leafNumber), key, out var found);
        if (!found)
        {
            return false;
        }

        writer.Version++;
        var leaf = writer.GetWritable(leafNumber);
        var index = Node.Search(leaf, key, out _);
        OverflowStore.Free(tree, writer, leaf, index);
        Node.Remove(leaf, index);
        Rebalance(tree, writer, tree.Path.Depth, leaf);
        return true;
    }

    /// <summary>
    /// Walks up from a node that lost bytes: while it is under half full, merge it with a sibling when
    /// both fit in one page (the parent then loses a separator and is checked next); a node under a quarter
    /// full that fits with neither is evened out with a sibling instead, and their separator replaced.
    /// Merging at half keeps pages that deletes thin out from piling up at a quarter full. Finally, a root
    /// branch left with one child absorbs it.
    /// </summary>
    public static void Rebalance(Tree tree, WriteTransaction writer, int level, byte[] page)
    {
        var pageSize = tree.PageSize;
        var usable = pageSize - PageLayout.HeaderSize;
        while (level > 0 && Node.UsedBytes(page) < usable * 3 / 4)
        {
            var (parentNumber, childIndex) = tree.Path[level - 1];
            var parent = writer.GetWritable(parentNumber);
            if (Node.Count(parent) == 0)
            {
                break;
            }

            var used = Node.UsedBytes(page);
            var separatorIndex = childIndex > 0 ? childIndex - 1 : 0;
            if (!FitsWith(writer, parent, separatorIndex, usable) && childIndex > 0 && childIndex < Node.Count(parent)
                && FitsWith(writer, parent, childIndex, usable))
            {
                separatorIndex = childIndex;
            }

            var leftNumber = Node.Child(parent, separatorIndex);
            var rightNumber = Node.Child(parent, separatorIndex + 1);
            var isLeaf = PageLayout.GetType(page) == PageType.Leaf;
            var type = isLeaf ? PageType.Leaf : PageType.Branch;
            if (!FitsWith(writer, parent, separatorIndex, usable))
            {
                if (isLeaf && TryMergeThreeIntoTwo(tree, writer, level, parent, childIndex, used, usable))
                {
                    return;
                }

                if (used >= usable / 4)
                {
                    break;
                }
            }

            var left = writer.GetWritable(leftNumber);
            var right = writer.GetWritable(rightNumber);
            var rightLink = PageLayout.GetLink(right);
            var cells = Node.Cells(left);
            if (!isLeaf)
            {
                cells.Add(Node.BranchCell(Node.KeyAt(parent, separatorIndex), PageLayout.GetLink(left)));
            }

            cells.AddRange(Node.Cells(right));
            if (Node.Size(cells, 0, cells.Count) <= usable)
            {
                Node.Build(right, type, cells, 0, cells.Count, rightLink);
                Node.Remove(parent, separatorIndex);
                writer.FreePage(leftNumber);
                level--;
                page = parent;
                continue;
            }

            if (used >= usable / 4)
            {
                break;
            }

            byte[] separator;
            if (isLeaf)
            {
                // Under a quarter page beside at most a page, the cells cut into two that fit whatever their
                // sizes (a leaf cell takes at most half a page); checked all the same before any page changes.
                var cut = CellCuts.Balanced(cells, 0, pageSize);
                if (Node.Size(cells, 0, cut) > usable || Node.Size(cells, cut, cells.Count) > usable)
                {
                    break;
                }

                separator = CellCuts.ShortestSeparator(Node.CellKey(cells[cut - 1]), Node.CellKey(cells[cut]));
                Node.Build(left, type, cells, 0, cut, 0);
                Node.Build(right, type, cells, cut, cells.Count, 0);
            }
            else
            {
                var cut = CellCuts.Balanced(cells, 1, pageSize);
                separator = Node.CellKey(cells[cut]).ToArray();
                Node.Build(left, type, cells, 0, cut, Node.CellChild(cells[cut]));
                Node.Build(right, type, cells, cut + 1, cells.Count, rightLink);
            }

            Node.Remove(parent, separatorIndex);
            TreeInsertion.InsertIntoBranch(tree, writer, level - 1, separatorIndex, separator, leftNumber);
            return;
        }

        if (level == 0)
        {
            CollapseRoot(tree, writer);
        }
    }

    /// <summary>
    /// A leaf that fits with neither sibling alone shares their three pages' cells out over two when they
    /// hold at most 1⅞ pages and cut into two that fit, freeing itself: without it, leaves beside fuller
    /// ones thin out to a third.
    /// </summary>
    private static bool TryMergeThreeIntoTwo(Tree tree, WriteTransaction writer, int level, byte[] parent, int childIndex, int used, int usable)
    {
        if (childIndex == 0 || childIndex >= Node.Count(parent))
        {
            return false;
        }

        var leftNumber = Node.Child(parent, childIndex - 1);
        var middleNumber = Node.Child(parent, childIndex);
        var rightNumber = Node.Child(parent, childIndex + 1);
        if (Node.UsedBytes(writer.ReadPage(leftNumber)) + used + Node.UsedBytes(writer.ReadPage(rightNumber)) > (2 * usable) - (usable / 8))
        {
            return false;
        }

        // Within 1⅞ pages the cells may still not cut into two that fit (a leaf cell can take half a page),
        // so the cut is checked before any page changes.
        var cells = Node.Cells(writer.ReadPage(leftNumber));
        cells.AddRange(Node.Cells(writer.ReadPage(middleNumber)));
        cells.AddRange(Node.Cells(writer.ReadPage(rightNumber)));
        var cut = CellCuts.Balanced(cells, 0, tree.PageSize);
        if (Node.Size(cells, 0, cut) > usable || Node.Size(cells, cut, cells.Count) > usable)
        {
            return false;
        }

        var left = writer.GetWritable(leftNumber);
        var right = writer.GetWritable(rightNumber);
        Node.Build(left, PageType.Leaf, cells, 0, cut, 0);
        Node.Build(right, PageType.Leaf, cells, cut, cells.Count, 0);
        var separator = CellCuts.ShortestSeparator(Node.CellKey(cells[cut - 1]), Node.CellKey(cells[cut]));
        writer.FreePage(middleNumber);

        // The separators on both sides of the middle leaf give way to one between left and right.
        Node.Remove(parent, childIndex);
        Node.Remove(parent, childIndex - 1);
        TreeInsertion.InsertIntoBranch(tree, writer, level - 1, childIndex - 1, separator, leftNumber);
        return true;
    }

    /// <summary>
    /// Whether the two children around separator <paramref name="separatorIndex"/> of <paramref name="parent"/>
    /// would fit in one page, judged by their used bytes and, for branches, the separator that moves down;
    /// an estimate the merge confirms by the cells' sizes.
    /// </summary>
    private static bool FitsWith(WriteTransaction writer, byte[] parent, int separatorIndex, int usable)
    {
        var left = writer.ReadPage(Node.Child(parent, separatorIndex));
        var right = writer.ReadPage(Node.Child(parent, separatorIndex + 1));
        var separator = PageLayout.GetType(left) == PageType.Branch ? Node.BranchCellSize(Node.KeyAt(parent, separatorIndex).Length) + 2 : 0;
        return Node.UsedBytes(left) + Node.UsedBytes(right) + separator <= usable;
    }

    private static void CollapseRoot(Tree tree, WriteTransaction writer)
    {
        var root = writer.GetWritable(tree.RootPage);
        while (PageLayout.GetType(root) == PageType.Branch && Node.Count(root) == 0)
        {
            var child = PageLayout.GetLink(root);
            writer.ReadPage(child).CopyTo(root, 0);
            writer.FreePage(child);
        }
    }
}
