using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>Reads of tree node pages through a transaction.</summary>
internal static class NodeReads
{
    /// <summary>A node page with its search heads, when its cached image has them (see <see cref="KeyHeads"/>).</summary>
    public static byte[] ReadNode(this Transaction transaction, uint pageNumber, out KeyHeads heads)
    {
        var page = transaction.ReadPage(pageNumber, out var cached);
        heads = KeyHeads.Of(cached);
        return page;
    }
}
