using DocStore.BTree;
using DocStore.Transactions;

namespace DocStore.Catalog;

// Dropping and renaming a collection's catalog entries (docs/catalog.md): the collection record, its field
// dictionary and its index records move or go together, in the caller's write transaction.
internal static partial class CollectionCatalog
{
    /// <summary>Removes every catalog record of <paramref name="collection"/> (its trees are the caller's to drop); false when it had none.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <returns>True when a collection record was removed.</returns>
    public static bool DeleteCollection(WriteTransaction transaction, string collection)
    {
        ArgumentNullException.ThrowIfNull(collection);
        var tree = Tree(transaction);
        foreach (var key in KeysWithPrefix(tree, CatalogKeys.FieldPrefix(collection)).Concat(KeysWithPrefix(tree, CatalogKeys.IndexPrefix(collection))))
        {
            tree.Delete(key);
        }

        return tree.Delete(CatalogKeys.Collection(collection));
    }

    /// <summary>
    /// Moves every catalog record of <paramref name="from"/> to <paramref name="to"/>. The records keep naming
    /// the same trees: tree names are chosen free when a tree is created and never read as collection names.
    /// </summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="from">A collection the catalog records.</param>
    /// <param name="to">A name the catalog does not record.</param>
    public static void RenameCollection(WriteTransaction transaction, string from, string to)
    {
        var record = FindCollection(transaction, from) ?? throw new InvalidOperationException($"The catalog has no collection '{from}'.");
        var fields = LoadFields(transaction, from);
        var indexes = LoadIndexes(transaction, from);
        DeleteCollection(transaction, from);
        PutCollection(transaction, record with { Name = to });
        foreach (var field in fields)
        {
            PutField(transaction, to, field);
        }

        foreach (var index in indexes)
        {
            PutIndex(transaction, to, index);
        }
    }

    // Collected before any is deleted: a cursor does not survive changes to its tree.
    private static List<byte[]> KeysWithPrefix(Tree tree, byte[] prefix)
    {
        var keys = new List<byte[]>();
        var cursor = tree.CreateCursor();
        for (var ok = cursor.Seek(prefix); ok && cursor.Key.StartsWith(prefix); ok = cursor.MoveNext())
        {
            keys.Add(cursor.Key.ToArray());
        }

        return keys;
    }
}
