using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>Frees every page of a <see cref="Tree"/> that is dropped: its nodes, its root included, and its values' overflow pages.</summary>
internal static class TreeDrop
{
    public static void FreeAllPages(Tree tree, WriteTransaction writer)
    {
        writer.Version++;
        FreeSubtree(tree, writer, tree.RootPage, 0);
    }

    private static void FreeSubtree(Tree tree, WriteTransaction writer, uint pageNumber, int depth)
    {
        if (depth > TreeLimits.MaxDepth)
        {
            throw tree.Corrupt(pageNumber, $"deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
        }

        var page = tree.ReadNodePage(pageNumber);
        var count = Node.Count(page);
        if (PageLayout.GetType(page) == PageType.Branch)
        {
            for (var i = 0; i <= count; i++)
            {
                FreeSubtree(tree, writer, Node.Child(page, i), depth + 1);
            }
        }
        else
        {
            for (var i = 0; i < count; i++)
            {
                OverflowStore.Free(tree, writer, page, i);
            }
        }

        writer.FreePage(pageNumber);
    }
}
