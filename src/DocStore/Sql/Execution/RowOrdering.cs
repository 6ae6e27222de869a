using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>ORDER BY: a stable sort of all rows, or under LIMIT a bounded heap that keeps the first N (top-N).</summary>
internal static class RowOrdering
{
    public static IEnumerable<SqlValue[]> Sort(IEnumerable<SqlValue[]> rows, BoundSelect query, long? keep)
    {
        var width = query.Columns.Length;
        var descending = query.OrderBy.Select(o => o.Descending).ToArray();
        var comparer = Comparer<(SqlValue[] Row, long Sequence)>.Create((a, b) =>
        {
            for (var i = 0; i < descending.Length; i++)
            {
                var c = SqlComparer.Compare(a.Row[width + i], b.Row[width + i]);
                if (c != 0)
                {
                    return descending[i] ? -c : c;
                }
            }

            return a.Sequence.CompareTo(b.Sequence);
        });

        List<(SqlValue[] Row, long Sequence)> sorted;
        if (keep is { } n && n < 100_000)
        {
            // The heap's root is the worst row kept, so each new row is compared once with it.
            var heap = new PriorityQueue<(SqlValue[] Row, long Sequence), (SqlValue[] Row, long Sequence)>(Comparer<(SqlValue[], long)>.Create((a, b) => comparer.Compare(b, a)));
            long sequence = 0;
            foreach (var row in rows)
            {
                var item = (row, sequence++);
                if (heap.Count < n)
                {
                    heap.Enqueue(item, item);
                }
                else if (n > 0 && comparer.Compare(item, heap.Peek()) < 0)
                {
                    heap.DequeueEnqueue(item, item);
                }
            }

            sorted = new List<(SqlValue[], long)>(heap.Count);
            while (heap.Count > 0)
            {
                sorted.Add(heap.Dequeue());
            }

            sorted.Reverse();
        }
        else
        {
            long sequence = 0;
            sorted = [.. rows.Select(r => (r, sequence++))];
            sorted.Sort(comparer);
        }

        return sorted.Select(s => s.Row);
    }
}
