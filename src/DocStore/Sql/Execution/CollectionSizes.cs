using DocStore.BTree;
using DocStore.Sql.Binding;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>
/// Collection sizes for join ordering, read when a join is planned: the documents of the primary tree,
/// counted up to <see cref="CountedUpTo"/>; a larger collection counts as large (a million documents, what
/// SQLite assumes of a table without statistics). Counting stops early, so planning stays cheap on any size.
/// </summary>
internal sealed class CollectionSizes(Transaction transaction)
{
    /// <summary>Collections with more documents than this are not counted further.</summary>
    public const int CountedUpTo = 4096;

    private readonly Dictionary<string, double> _sizes = new(StringComparer.Ordinal);

    public double Of(SqlCollection collection)
    {
        if (collection.IsSystem)
        {
            return 10;
        }

        if (!_sizes.TryGetValue(collection.Name, out var size))
        {
            size = Count(collection);
            _sizes[collection.Name] = size;
        }

        return size;
    }

    private double Count(SqlCollection collection)
    {
        if (transaction.OpenTree(collection.PrimaryTree) is not { } tree)
        {
            return 1;
        }

        var cursor = tree.CreateCursor();
        var count = 0;
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            if (++count > CountedUpTo)
            {
                return 1_000_000;
            }
        }

        return Math.Max(count, 1);
    }
}
