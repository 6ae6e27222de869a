using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Engine;
using DocStore.Engine.Statistics;
using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.Context.Statistics;

/// <summary>
/// Builds <see cref="DatabaseStatistics"/> from one read snapshot: every tree of the tree directory is
/// walked once and attributed to the collection or index the catalog names it for.
/// </summary>
internal static class StatisticsCollector
{
    public static DatabaseStatistics Collect(StorageEngine engine, string path, CancellationToken cancellationToken)
    {
        using var tx = engine.BeginRead();
        var header = tx.ReadPage(0);
        var trees = new Dictionary<string, TreeStatistics>(StringComparer.Ordinal);
        var halvesPages = new HashSet<uint>();
        foreach (var (name, root) in tx.TreeRoots())
        {
            trees[name] = TreeSpaceWalker.Walk(tx, root, halvesPages, cancellationToken);
        }

        var catalogPages = TreeSpaceWalker.Walk(tx, HeaderPage.GetCatalogRoot(header), halvesPages, cancellationToken).TotalPages;
        if (trees.Remove(CollectionCatalog.TreeName, out var collectionCatalog))
        {
            catalogPages += collectionCatalog.TotalPages;
        }

        var collections = new List<CollectionStatistics>();
        foreach (var name in CollectionCatalog.CollectionNames(tx))
        {
            collections.Add(Collection(tx, name, trees));
        }

        var otherPages = trees.Values.Sum(t => t.TotalPages);
        var files = engine.Sizes.Files();
        return new DatabaseStatistics(path, tx.PageSize, HeaderPage.GetPageCount(header), HeaderPage.GetFreeCount(header), files, catalogPages, otherPages, halvesPages.Count, collections);
    }

    // Takes the collection's trees out of the map, so that what remains belongs to no collection.
    private static CollectionStatistics Collection(Transaction tx, string name, Dictionary<string, TreeStatistics> trees)
    {
        var record = CollectionCatalog.FindCollection(tx, name)
            ?? throw new DatabaseCorruptException(tx.DatabaseName, -1, $"the collection catalog lists '{name}' but has no record of it");
        var documents = Take(tx, trees, record.PrimaryTree);
        var indexes = new List<IndexStatistics>();
        foreach (var index in CollectionCatalog.LoadIndexes(tx, name))
        {
            indexes.Add(new IndexStatistics(index.Definition.Name, index.Definition.Paths, index.Definition.Unique || index.Definition.UniqueNonNull, index.Definition.Multikey, Take(tx, trees, index.Tree)));
        }

        return new CollectionStatistics(name, documents, indexes);
    }

    private static TreeStatistics Take(Transaction tx, Dictionary<string, TreeStatistics> trees, string tree) =>
        trees.Remove(tree, out var statistics)
            ? statistics
            : throw new DatabaseCorruptException(tx.DatabaseName, -1, $"the collection catalog names tree '{tree}', but there is no such tree");
}
