using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>Deletion, with merge or rebalance of underfull pages.</summary>
internal sealed partial class Tree
{
    /// <summary>Removes <paramref name="key"/>; returns false when it was not there.</summary>
    /// <exception cref="InvalidOperationException">The tree belongs to a read transaction.</exception>
    public bool Delete(ReadOnlySpan<byte> key)
    {
        var writer = Writer();
        if (key.Length > MaxKeyLength)
        {
            return false;
        }

        var leafNumber = DescendForWrite(key);
        Node.Search(_tx.ReadPage(leafNumber), key, out var found);
        if (!found)
        {
            return false;
        }

        _tx.Version++;
        var leaf = writer.GetWritable(leafNumber);
        var index = Node.Search(leaf, key, out _);
        FreeValue(leaf, index);
        Node.Remove(leaf, index);
        Rebalance(_depth, leaf);
        if (writer.RecordsChanges)
        {
            writer.RecordDelete(NameUtf8, key);
        }
        return true;
    }

    /// <summary>
    /// Walks up from a node that lost bytes: while it is under a quarter full, merge it with a sibling when
    /// both fit in one page (the parent then loses a separator and is checked next), else even out the two
    /// siblings and replace their separator. Finally, a root branch left with one child absorbs it.
    /// </summary>
    private void Rebalance(int level, byte[] page)
    {
        var writer = Writer();
        var usable = PageSize - PageLayout.HeaderSize;
        while (level > 0 && Node.UsedBytes(page) < usable / 4)
        {
            var (parentNumber, childIndex) = _path![level - 1];
            var parent = writer.GetWritable(parentNumber);
            if (Node.Count(parent) == 0)
            {
                break;
            }

            var separatorIndex = childIndex > 0 ? childIndex - 1 : 0;
            var leftNumber = Node.Child(parent, separatorIndex);
            var rightNumber = Node.Child(parent, separatorIndex + 1);
            var left = writer.GetWritable(leftNumber);
            var right = writer.GetWritable(rightNumber);
            var isLeaf = PageLayout.GetType(page) == PageType.Leaf;
            var type = isLeaf ? PageType.Leaf : PageType.Branch;
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

            byte[] separator;
            if (isLeaf)
            {
                var cut = BalancedSplit(cells, 0);
                separator = ShortestSeparator(Node.CellKey(cells[cut - 1]), Node.CellKey(cells[cut]));
                Node.Build(left, type, cells, 0, cut, 0);
                Node.Build(right, type, cells, cut, cells.Count, 0);
            }
            else
            {
                var cut = BalancedSplit(cells, 1);
                separator = Node.CellKey(cells[cut]).ToArray();
                Node.Build(left, type, cells, 0, cut, Node.CellChild(cells[cut]));
                Node.Build(right, type, cells, cut + 1, cells.Count, rightLink);
            }

            Node.Remove(parent, separatorIndex);
            InsertIntoBranch(level - 1, separatorIndex, separator, leftNumber);
            return;
        }

        if (level == 0)
        {
            CollapseRoot();
        }
    }

    private void CollapseRoot()
    {
        var writer = Writer();
        var root = writer.GetWritable(RootPage);
        while (PageLayout.GetType(root) == PageType.Branch && Node.Count(root) == 0)
        {
            var child = PageLayout.GetLink(root);
            _tx.ReadPage(child).CopyTo(root, 0);
            writer.FreePage(child);
        }
    }

    /// <summary>Frees every page of the tree, its root included (used when the tree is dropped).</summary>
    internal void FreeAllPages()
    {
        var writer = Writer();
        _tx.Version++;
        FreeSubtree(writer, RootPage, 0);
    }

    private void FreeSubtree(Transactions.WriteTransaction writer, uint pageNumber, int depth)
    {
        if (depth > TreeLimits.MaxDepth)
        {
            throw Corrupt(pageNumber, $"deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
        }

        var page = ReadNodePage(pageNumber);
        var count = Node.Count(page);
        if (PageLayout.GetType(page) == PageType.Branch)
        {
            for (var i = 0; i <= count; i++)
            {
                FreeSubtree(writer, Node.Child(page, i), depth + 1);
            }
        }
        else
        {
            for (var i = 0; i < count; i++)
            {
                FreeValue(page, i);
            }
        }

        writer.FreePage(pageNumber);
    }
}
