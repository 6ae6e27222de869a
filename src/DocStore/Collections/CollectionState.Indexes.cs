using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

// The index set follows the catalog: SQL's CREATE INDEX and DROP INDEX change the catalog only, and every
// object over the collection picks the change up here (docs/decisions.md, "SQL index statements and the
// objects already open").
internal sealed partial class CollectionState
{
    private readonly Lock _indexLock = new();
    private IndexSet _indexes;
    private int _modelOwned;

    /// <summary>The index set last confirmed against the committed catalog (or built at open).</summary>
    public IndexSet IndexSet => Volatile.Read(ref _indexes);

    public IReadOnlyList<IndexDefinition> Indexes => IndexSet.Definitions;

    /// <summary>The index trees, by index position in <see cref="Indexes"/>.</summary>
    public string[] IndexTrees => IndexSet.Trees;

    /// <summary>True once a typed model has opened the collection in this process: its declarations then own the index set.</summary>
    public bool ModelOwned => Volatile.Read(ref _modelOwned) != 0;

    public void MarkModelOwned() => Volatile.Write(ref _modelOwned, 1);

    /// <summary>
    /// Makes <paramref name="declared"/>, a typed model's indexes in its declared order (which the committed
    /// catalog holds), the shared set, and hands the set to the model: objects already open rebind at their
    /// next operation (the set object changed), so an untyped view keeps working over the model's order.
    /// </summary>
    public void Adopt(IndexSet declared)
    {
        lock (_indexLock)
        {
            Volatile.Write(ref _indexes, declared);
            MarkModelOwned();
        }
    }

    /// <summary>
    /// The index set <paramref name="transaction"/> sees. Trees are created or dropped only by commits that
    /// start a new root-cache generation, so while the set's generation is current (one volatile read) it
    /// is still the catalog's; otherwise the catalog is read again in the transaction.
    /// </summary>
    /// <exception cref="InvalidOperationException">The catalog no longer has an index the open typed model declares, or the collection was dropped or renamed.</exception>
    public IndexSet Current(Transaction transaction, TreeRootCache rootCache)
    {
        ThrowIfDropped();
        var set = IndexSet;
        var generation = rootCache.GenerationStart;
        if (set.Generation == generation && transaction.SnapshotLsn >= generation)
        {
            return set;
        }

        return Reload(transaction, rootCache, generation);
    }

    /// <summary>The index set a bare snapshot at <paramref name="snapshotLsn"/> sees, when that needs no catalog read; else null.</summary>
    public IndexSet? CurrentAt(long snapshotLsn, TreeRootCache rootCache)
    {
        var set = IndexSet;
        var generation = rootCache.GenerationStart;
        return set.Generation == generation && snapshotLsn >= generation && !Dropped ? set : null;
    }

    private IndexSet Reload(Transaction transaction, TreeRootCache rootCache, long generation)
    {
        if (CollectionCatalog.FindCollection(transaction, Name) is null)
        {
            // Not in this snapshot (created later, or by a transaction still open): nothing to compare with.
            return IndexSet;
        }

        var stored = CollectionCatalog.LoadIndexes(transaction, Name);
        lock (_indexLock)
        {
            var set = _indexes;
            var next = Merge(set, stored, transaction);

            // Only a view of the newest commit may become the shared set: an older snapshot keeps its own,
            // and so does a transaction that changed the catalog and may still roll back.
            var latest = transaction.SnapshotLsn >= generation && transaction is not WriteTransaction { CatalogChanged: true }
                && rootCache.GenerationStart == generation && set.Generation <= generation;
            if (latest)
            {
                next = next.ConfirmedAt(generation);
                Volatile.Write(ref _indexes, next);
            }

            return next;
        }
    }

    /// <summary><paramref name="set"/> when the catalog holds the same indexes; else the catalog's set, keeping the order of the indexes both have.</summary>
    private IndexSet Merge(IndexSet set, IReadOnlyList<IndexRecord> stored, Transaction transaction)
    {
        // The root too: a tree dropped and created again under the same name has a new one.
        bool Holds(IndexRecord r, int i) => r.Tree == set.Trees[i] && set.Definitions[i].SameAs(r.Definition) && transaction.OpenTree(r.Tree)?.RootPage == set.Roots[i];
        var kept = Enumerable.Range(0, set.Trees.Length).Where(i => stored.Any(r => Holds(r, i))).ToList();
        // A typed model's set is the declared one; a read-only open may leave undeclared indexes stored. A
        // writable open dropped them at open, so one stored now was added by another process, and writes
        // that left it out would leave it without their entries.
        var extraAllowed = ModelOwned && transaction.OnReadOnlyDatabase;
        if (kept.Count == set.Trees.Length && (extraAllowed || stored.Count == kept.Count))
        {
            return set;
        }

        if (ModelOwned)
        {
            throw new InvalidOperationException($"The indexes of collection '{Name}' changed in the catalog while a typed model that declares them is open; declare indexes with [Index] on the model.");
        }

        var definitions = kept.Select(i => set.Definitions[i]).ToList();
        var trees = kept.Select(i => set.Trees[i]).ToList();
        var roots = kept.Select(i => set.Roots[i]).ToList();
        foreach (var record in stored)
        {
            if (!trees.Contains(record.Tree))
            {
                var tree = transaction.OpenTree(record.Tree)
                    ?? throw new DatabaseCorruptException(string.Empty, -1, $"the catalog names tree '{record.Tree}' for index '{record.Definition.Name}' of collection '{Name}', but there is no such tree");
                definitions.Add(record.Definition);
                trees.Add(record.Tree);
                roots.Add(tree.RootPage);
            }
        }

        return new IndexSet(definitions, [.. trees], [.. roots], -1);
    }
}
