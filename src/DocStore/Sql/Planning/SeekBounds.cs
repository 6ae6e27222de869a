using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// The range or prefix on the component after an index seek's leading equalities (<c>A = x AND B &gt; y</c>
/// on an index of A, B): the seek walks that stretch of each equality prefix instead of the whole prefix.
/// The conditions stay residual filters, as for any range.
/// </summary>
internal static class SeekBounds
{
    /// <summary>The range and prefix conditions on <paramref name="path"/>; null when there are none.</summary>
    public static List<Condition>? On(List<Condition> conditions, string path)
    {
        var ranges = conditions.Where(c => c.Kind != ConditionKind.Equal && c.Path.StoredPath == path).ToList();
        return ranges.Count == 0 ? null : ranges;
    }

    /// <summary><paramref name="seek"/> narrowed by <paramref name="ranges"/> (unchanged when null).</summary>
    public static AccessPath Apply(AccessPath seek, List<Condition>? ranges)
    {
        if (ranges is null)
        {
            return seek;
        }

        var prefix = ranges.FirstOrDefault(c => c.Kind == ConditionKind.Prefix);
        var low = ranges.Select(c => c.Low).FirstOrDefault(v => v is not null);
        var high = ranges.Select(c => c.High).FirstOrDefault(v => v is not null);
        return new AccessPath
        {
            Kind = seek.Kind,
            Index = seek.Index,
            Equalities = seek.Equalities,
            Consumed = seek.Consumed,
            Ordered = seek.Ordered,
            Descending = seek.Descending,
            Low = low,
            High = high,
            LikePrefix = low is null && high is null ? prefix?.Prefix : null,
            PrefixValue = low is null && high is null && prefix is { Prefix: null, Values: [var value] } ? value : null,
            IncludesNull = ranges.All(c => c.IncludesNull) || (low is null && ranges.Any(c => c.IncludesNull)),
            NullGuard = NullInclusiveRanges.Guard(ranges, low),
            Detail = string.Join(" AND ", [seek.Detail, .. ranges.Select(c => c.Conjunct.Text)]),
        };
    }

    /// <summary>True when the access bounds the component after its equalities (or, for a range, its first one).</summary>
    public static bool Bounded(AccessPath access) =>
        access.Low is not null || access.High is not null || access.LikePrefix is not null || access.PrefixValue is not null;
}
