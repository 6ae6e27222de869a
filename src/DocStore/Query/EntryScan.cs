using DocStore.BTree;

namespace DocStore.Query;

/// <summary>
/// Paged walks over a tree between two encoded bounds, on <see cref="OrderedWalk"/>. The lower bound is inclusive; the upper bound
/// <c>high</c> admits every key that starts with it or sorts before it, which is "up to and including high"
/// for whole components (the encoding is prefix-free, so a trailing primary key never lifts an entry above
/// its index key) and "starting with" for a string prefix. Paging (skip, take, after) works on keys.
/// </summary>
internal static class EntryScan
{
    /// <summary>One entry: a copy of its key, and its value (valid until the transaction next changes).</summary>
    public readonly record struct Entry(byte[] Key, ReadOnlyMemory<byte> Value);

    /// <summary>The entries between the bounds in the order, skip, take and continuation of <paramref name="paging"/>.</summary>
    /// <param name="tree">The tree.</param>
    /// <param name="low">The inclusive lower bound (empty: from the start).</param>
    /// <param name="high">The upper bound (see the class remarks); null: to the end.</param>
    /// <param name="paging">Ordering and paging.</param>
    /// <param name="progress">When given, receives where the walk stopped once enumeration ends.</param>
    /// <param name="accept">When given, entries it refuses are passed over before skip and take count them (multikey de-duplication).</param>
    /// <param name="instantTies">True for an index walk: equal instants that differ in offset or kind come in C#'s order (<see cref="InstantTies"/>).</param>
    /// <returns>The entries.</returns>
    public static IEnumerable<Entry> Walk(Tree tree, byte[] low, byte[]? high, ScanPaging paging, ScanProgress? progress = null, Func<Entry, bool>? accept = null, bool instantTies = false)
    {
        // Bounds compare by instant: walk from the lowest offset or kind of each bound's instants to the highest, and pass over what lies outside.
        var widened = instantTies && (InstantTies.HasInstant(low) || (high is not null && InstantTies.HasInstant(high)));
        var bounds = widened ? Bounds(InstantTies.Widen(low, low: true), high is null ? null : InstantTies.Widen(high, low: false)) : Bounds(low, high);
        var descending = paging.Descending;
        var skip = paging.Skip;
        var take = paging.Take;
        var after = paging.After;
        byte[]? resume = null;
        if (instantTies && after is not null && InstantTies.RunBounds(after, out var runLow, out var runHigh))
        {
            // Keys of the continuation's run may follow it in C#'s order wherever they lie in key order: walk the run again.
            bounds = descending
                ? bounds with { High = bounds.High is null || runHigh.AsSpan().SequenceCompareTo(bounds.High) < 0 || runHigh.AsSpan().StartsWith(bounds.High) ? runHigh : bounds.High }
                : bounds with { Low = runLow.AsSpan().SequenceCompareTo(bounds.Low) > 0 ? runLow : bounds.Low };
            resume = after;
            after = null;
        }

        var entries = Raw(tree, bounds, descending, after);
        if (widened)
        {
            entries = InstantTies.Between(entries, low, high);
        }

        if (instantTies)
        {
            entries = InstantTies.Reorder(entries, descending);
        }

        if (resume is not null)
        {
            entries = InstantTies.After(entries, resume, descending);
        }

        byte[]? last = null;
        foreach (var entry in entries)
        {
            if (accept is not null && !accept(entry))
            {
                // Passed over: neither a result nor counted by skip and take.
            }
            else if (skip > 0)
            {
                skip--;
            }
            else if (take == 0)
            {
                if (progress is not null)
                {
                    progress.ResumeAfter = last;
                }

                yield break;
            }
            else
            {
                take--;
                last = entry.Key;
                yield return entry;
            }
        }

        if (progress is not null)
        {
            progress.ResumeAfter = null;
        }
    }

    private static IEnumerable<Entry> Raw(Tree tree, KeyInterval bounds, bool descending, byte[]? after)
    {
        var cursor = tree.CreateCursor();
        for (var ok = OrderedWalk.Start(cursor, bounds, descending, after); ok; ok = OrderedWalk.Next(cursor, bounds, descending))
        {
            yield return new Entry(cursor.Key.ToArray(), cursor.Value);
        }
    }

    /// <summary>Counts the keys between the bounds without reading values (<paramref name="instantTies"/>: an index, whose temporal bounds compare by instant).</summary>
    public static long Count(Tree tree, byte[] low, byte[]? high, bool instantTies = false) =>
        instantTies && (InstantTies.HasInstant(low) || (high is not null && InstantTies.HasInstant(high)))
            ? Walk(tree, low, high, ScanPaging.All, instantTies: true).LongCount()
            : OrderedWalk.Count(tree, Bounds(low, high));

    // "Up to high" admits the keys that start with it: whole components up to and including it, or a string prefix.
    private static KeyInterval Bounds(byte[] low, byte[]? high) => new(low, false, high, true);
}
