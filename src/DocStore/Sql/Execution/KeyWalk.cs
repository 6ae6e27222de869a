using DocStore.Bson.Keys;
using DocStore.BTree;
using DocStore.Query;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Walks a tree over key intervals, forwards or backwards. When the order matters and there are several
/// intervals (an IN list, or one value's integer, double and decimal keys), their entries are merged by
/// the value of the component the order is on, so the walk delivers SQL order, not tag order. Each
/// interval is walked by <see cref="OrderedWalk"/>.
/// </summary>
internal static class KeyWalk
{
    /// <summary>
    /// The entries of <paramref name="intervals"/> in key order, or merged by the value of key component
    /// <paramref name="orderComponent"/> (-1: interval by interval), a NULL component sorting as
    /// <paramref name="nullsAs"/> when one is given. With <paramref name="instantTies"/> (an ordered index
    /// walk), equal instants that differ in offset or kind come in the order of what follows them
    /// (<see cref="InstantTies"/>).
    /// </summary>
    public static IEnumerable<EntryScan.Entry> Walk(Tree tree, List<KeyInterval> intervals, bool descending, int orderComponent, SqlValue? nullsAs = null, bool instantTies = false)
    {
        if (intervals.Count == 1 || orderComponent < 0)
        {
            var ordered = descending ? Enumerable.Reverse(intervals) : intervals;
            foreach (var interval in ordered)
            {
                var entries = Interval(tree, interval, descending);
                foreach (var entry in instantTies ? InstantTies.Reorder(entries, descending) : entries)
                {
                    yield return entry;
                }
            }

            yield break;
        }

        var heads = new List<(IEnumerator<EntryScan.Entry> Walk, SqlValue Value)>();
        try
        {
            foreach (var interval in intervals)
            {
                var entries = Interval(tree, interval, descending);
                var walk = (instantTies ? InstantTies.Reorder(entries, descending) : entries).GetEnumerator();
                if (walk.MoveNext())
                {
                    heads.Add((walk, OrderValue(walk.Current.Key, orderComponent, nullsAs)));
                }
                else
                {
                    walk.Dispose();
                }
            }

            while (heads.Count > 0)
            {
                var pick = 0;
                for (var i = 1; i < heads.Count; i++)
                {
                    var c = SqlComparer.Compare(heads[i].Value, heads[pick].Value);
                    if (c == 0)
                    {
                        // Ties go by what follows the ordered component (the rest of the key, then the primary key), not by the leading components.
                        // A NULL read as a value ties with that value's keys: past the component, the primary keys decide.
                        var skipped = nullsAs is null ? orderComponent : orderComponent + 1;
                        var mine = Suffix(heads[i].Walk.Current.Key, skipped);
                        var theirs = Suffix(heads[pick].Walk.Current.Key, skipped);
                        c = instantTies ? InstantTies.CompareMasked(mine, theirs) : mine.SequenceCompareTo(theirs);
                    }

                    if (descending ? c > 0 : c < 0)
                    {
                        pick = i;
                    }
                }

                var (walk, _) = heads[pick];
                yield return walk.Current;
                if (walk.MoveNext())
                {
                    heads[pick] = (walk, OrderValue(walk.Current.Key, orderComponent, nullsAs));
                }
                else
                {
                    walk.Dispose();
                    heads.RemoveAt(pick);
                }
            }
        }
        finally
        {
            foreach (var (walk, _) in heads)
            {
                walk.Dispose();
            }
        }
    }

    /// <summary>Counts the keys in the intervals without reading values.</summary>
    public static long Count(Tree tree, List<KeyInterval> intervals)
    {
        long count = 0;
        foreach (var interval in intervals)
        {
            count += OrderedWalk.Count(tree, interval);
        }

        return count;
    }

    private static IEnumerable<EntryScan.Entry> Interval(Tree tree, KeyInterval interval, bool descending)
    {
        var cursor = tree.CreateCursor();
        for (var ok = OrderedWalk.Start(cursor, interval, descending); ok; ok = OrderedWalk.Next(cursor, interval, descending))
        {
            yield return new EntryScan.Entry(cursor.Key.ToArray(), cursor.Value);
        }
    }

    private static ReadOnlySpan<byte> Suffix(byte[] key, int component)
    {
        var reader = new KeyReader(key);
        for (var i = 0; i < component && !reader.IsEnd; i++)
        {
            reader.Skip();
        }

        return reader.Remaining;
    }

    private static SqlValue OrderValue(byte[] key, int component, SqlValue? nullsAs)
    {
        var value = Component(key, component);
        return value.IsNull && nullsAs is { } stand ? stand : value;
    }

    /// <summary>The value of key component <paramref name="index"/>, decoded for comparison.</summary>
    public static SqlValue Component(ReadOnlySpan<byte> key, int index)
    {
        var reader = new KeyReader(key);
        for (var i = 0; i < index && !reader.IsEnd; i++)
        {
            reader.Skip();
        }

        if (reader.IsEnd)
        {
            return SqlValue.Null;
        }

        return reader.PeekType() switch
        {
            KeyType.Integer => SqlValue.FromInt64(reader.ReadInt64()),
            KeyType.Double => SqlValue.FromDouble(reader.ReadDouble()),
            KeyType.Decimal => SqlValue.FromDecimal(reader.ReadDecimal()),
            KeyType.String => SqlValue.FromString(reader.ReadString()),
            KeyType.Boolean => SqlValue.FromBoolean(reader.ReadBoolean()),
            KeyType.DateTime => SqlValue.FromDateTime(reader.ReadDateTime().Ticks, 1),
            KeyType.DateTimeOffset => SqlValue.FromDateTimeOffset(reader.ReadDateTimeOffset()),
            KeyType.DateOnly => SqlValue.FromDateOnly(reader.ReadDateOnly()),
            KeyType.TimeOnly => SqlValue.FromTimeOnly(reader.ReadTimeOnly()),
            KeyType.TimeSpan => SqlValue.FromTimeSpan(reader.ReadTimeSpan()),
            KeyType.Null => SqlValue.Null,
            _ => SqlValue.FromBinary(reader.Remaining.ToArray(), 0),
        };
    }
}
