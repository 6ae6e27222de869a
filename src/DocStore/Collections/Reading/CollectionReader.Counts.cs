using DocStore.Query;

namespace DocStore.Collections;

// Counts of an index between two bounds, for the compiled plans of LINQ queries (a Count over a range or prefix).
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>How many documents have an entry in <paramref name="index"/> between <paramref name="low"/> and <paramref name="high"/> (as <see cref="EntryScan"/> bounds), from the index alone.</summary>
    public long CountBetween(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high)
    {
        ArgumentNullException.ThrowIfNull(low);
        CheckIndex(index);
        return Read(transaction, (Index: index, Low: low, High: high), static (c, tx, _, a) =>
        {
            var binding = c.Bound(tx);
            var position = c.CheckIndex(binding, a.Index);
            var tree = CollectionCore<T, TKey>.IndexTree(tx, binding, position);
            return binding.Definitions[position].Multikey
                ? EntryScan.Walk(tree, a.Low, a.High, ScanPaging.All, accept: FirstPerDocument(binding, position), instantTies: true).LongCount()
                : EntryScan.Count(tree, a.Low, a.High, instantTies: true);
        });
    }
}
