using DocStore.Bson.Keys;
using DocStore.BTree;

namespace DocStore.Query;

/// <summary>
/// The ordered walk every scan is built on: it places a tree cursor on the first key of a
/// <see cref="KeyInterval"/> in either direction (optionally strictly after a continuation key) and steps
/// while the keys stay inside. Paging (<see cref="EntryScan"/>) and SQL's interval merge sit on top of it.
/// </summary>
internal static class OrderedWalk
{
    /// <summary>
    /// Positions <paramref name="cursor"/> on the first key of <paramref name="bounds"/> in walk order: the
    /// smallest, or with <paramref name="descending"/> the largest. With <paramref name="after"/>, keys at or
    /// before it in walk order are passed over (a page's continuation).
    /// </summary>
    /// <returns>True when the cursor is on a key inside the bounds; false when there is none.</returns>
    public static bool Start(TreeCursor cursor, in KeyInterval bounds, bool descending, byte[]? after = null)
    {
        bool ok;
        if (!descending)
        {
            var from = bounds.LowExclusive ? KeyRange.ForPrefix(bounds.Low).Upper.Span : bounds.Low;
            if (after is not null && after.AsSpan().SequenceCompareTo(from) > 0)
            {
                from = after;
            }

            ok = from.Length == 0 ? cursor.SeekFirst() : cursor.Seek(from);
            if (ok && after is not null && cursor.Key.SequenceEqual(after))
            {
                ok = cursor.MoveNext();
            }

            return ok && bounds.BelowHigh(cursor.Key);
        }

        // Seek at or before the tightest of the upper bound and the continuation, then back off keys they exclude.
        var to = bounds.High is null ? ReadOnlySpan<byte>.Empty : bounds.HighInclusive ? KeyRange.ForPrefix(bounds.High).Upper.Span : bounds.High;
        if (after is not null && (to.IsEmpty || after.AsSpan().SequenceCompareTo(to) < 0))
        {
            to = after;
        }

        ok = to.IsEmpty ? cursor.SeekLast() : cursor.SeekAtOrBefore(to);
        while (ok && ((after is not null && cursor.Key.SequenceCompareTo(after) >= 0) || !bounds.BelowHigh(cursor.Key)))
        {
            ok = cursor.MovePrevious();
        }

        return ok && bounds.AboveLow(cursor.Key);
    }

    /// <summary>Steps <paramref name="cursor"/> one key in walk order.</summary>
    /// <returns>True when it is on a key inside <paramref name="bounds"/>; false past the last.</returns>
    public static bool Next(TreeCursor cursor, in KeyInterval bounds, bool descending) =>
        descending
            ? cursor.MovePrevious() && bounds.AboveLow(cursor.Key)
            : cursor.MoveNext() && bounds.BelowHigh(cursor.Key);

    /// <summary>Counts the keys inside <paramref name="bounds"/> without reading values.</summary>
    public static long Count(Tree tree, in KeyInterval bounds)
    {
        var cursor = tree.CreateCursor();
        long count = 0;
        for (var ok = Start(cursor, bounds, descending: false); ok; ok = Next(cursor, bounds, descending: false))
        {
            count++;
        }

        return count;
    }
}
