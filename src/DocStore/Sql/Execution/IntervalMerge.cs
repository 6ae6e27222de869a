using DocStore.Bson.Keys;
using DocStore.Query;

namespace DocStore.Sql.Execution;

/// <summary>
/// Merges key intervals of one tree that overlap or touch into one, so that a union walks each key once.
/// Each interval is first made half-open, [low, high) in byte order: an exclusive low starts past every
/// key that starts with it, an inclusive high ends past every key that starts with it.
/// </summary>
internal static class IntervalMerge
{
    public static List<KeyInterval> Merge(IEnumerable<KeyInterval> intervals)
    {
        var open = new List<(byte[] Low, byte[]? High)>();
        foreach (var interval in intervals)
        {
            var low = interval.LowExclusive ? PastPrefix(interval.Low) : interval.Low;
            var high = interval.High is null ? null : interval.HighInclusive ? PastPrefix(interval.High) : interval.High;
            if (low is null || (high is not null && low.AsSpan().SequenceCompareTo(high) >= 0))
            {
                // Nothing lies past the low bound, or the interval is empty.
                continue;
            }

            open.Add((low, high));
        }

        open.Sort((a, b) => a.Low.AsSpan().SequenceCompareTo(b.Low));
        var merged = new List<KeyInterval>();
        for (var i = 0; i < open.Count;)
        {
            var (low, high) = open[i++];
            while (i < open.Count && (high is null || open[i].Low.AsSpan().SequenceCompareTo(high) <= 0))
            {
                var next = open[i++].High;
                high = high is null || next is null ? null : next.AsSpan().SequenceCompareTo(high) > 0 ? next : high;
            }

            merged.Add(new KeyInterval(low, false, high, false));
        }

        return merged;
    }

    /// <summary>The first key past every key that starts with <paramref name="prefix"/>; null when there is none.</summary>
    private static byte[]? PastPrefix(byte[] prefix)
    {
        if (prefix.Length > 0 && !prefix.AsSpan().ContainsAnyExcept((byte)0xFF))
        {
            return null;
        }

        return KeyRange.ForPrefix(prefix).Upper.ToArray();
    }
}
