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
    /// <paramref name="nullsAs"/> when one is given.
    /// </summary>
    public static IEnumerable<EntryScan.Entry> Walk(Tree tree, List<KeyInterval> intervals, bool descending, int orderComponent, SqlValue? nullsAs = null)
    {
        if (intervals.Count == 1 || orderComponent < 0)
        {
            var ordered = descending ? Enumerable.Reverse(intervals) : intervals;
            foreach (var interval in ordered)
            {
                var cursor = tree.CreateCursor();
                for (var ok = OrderedWalk.Start(cursor, interval, descending); ok; ok = OrderedWalk.Next(cursor, interval, descending))
                {
                    yield return new EntryScan.Entry(cursor.Key.ToArray(), cursor.Value);
                }
            }

            yield break;
        }

        var heads = new List<(TreeCursor Cursor, KeyInterval Interval, byte[] Key, SqlValue Value)>();
        foreach (var interval in intervals)
        {
            var cursor = tree.CreateCursor();
            if (OrderedWalk.Start(cursor, interval, descending))
            {
                var key = cursor.Key.ToArray();
                heads.Add((cursor, interval, key, OrderValue(key, orderComponent, nullsAs)));
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
                    c = Suffix(heads[i].Key, skipped).SequenceCompareTo(Suffix(heads[pick].Key, skipped));
                }

                if (descending ? c > 0 : c < 0)
                {
                    pick = i;
                }
            }

            var (cursor, interval, key, _) = heads[pick];
            yield return new EntryScan.Entry(key, cursor.Value);
            if (OrderedWalk.Next(cursor, interval, descending))
            {
                var next = cursor.Key.ToArray();
                heads[pick] = (cursor, interval, next, OrderValue(next, orderComponent, nullsAs));
            }
            else
            {
                heads.RemoveAt(pick);
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
