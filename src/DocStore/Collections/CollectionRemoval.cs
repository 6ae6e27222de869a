using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// Dropping and renaming a stored collection, inside the caller's write transaction (docs/api.md,
/// "Dropping and renaming collections"). A drop frees the documents' tree and every index tree, so their
/// pages go to the free list; a rename moves the catalog records and keeps the trees where they are.
/// </summary>
internal static class CollectionRemoval
{
    /// <summary>Drops <paramref name="name"/>; false when the catalog has no such collection.</summary>
    public static bool Drop(WriteTransaction write, string name)
    {
        if (CollectionCatalog.FindCollection(write, name) is not { } record)
        {
            return false;
        }

        foreach (var index in CollectionCatalog.LoadIndexes(write, name))
        {
            write.DropTree(index.Tree);
        }

        write.DropTree(record.PrimaryTree);
        CollectionCatalog.DeleteCollection(write, name);
        return true;
    }

    /// <summary>Renames <paramref name="from"/> to <paramref name="to"/>.</summary>
    /// <exception cref="ArgumentException">There is no collection <paramref name="from"/>, or <paramref name="to"/> is taken.</exception>
    public static void Rename(WriteTransaction write, string from, string to)
    {
        if (CollectionCatalog.FindCollection(write, from) is null)
        {
            throw new ArgumentException($"There is no collection '{from}' to rename (collections: {Known(write)}).", nameof(from));
        }

        if (CollectionCatalog.FindCollection(write, to) is not null)
        {
            throw new ArgumentException($"Cannot rename collection '{from}' to '{to}': a collection named '{to}' exists; drop it first or choose another name.", nameof(to));
        }

        CollectionCatalog.RenameCollection(write, from, to);

        // No tree changes, but objects caching the catalog (SQL's, the open index sets) must read it again.
        write.MarkCatalogChanged();
    }

    private static string Known(WriteTransaction write) =>
        CollectionCatalog.CollectionNames(write) is { Count: > 0 } names ? string.Join(", ", names) : "none";
}
