using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>One source added to a partial join order: how it is read and joined, what that costs, and how many rows leave it.</summary>
internal sealed record JoinStep(SourcePlan Plan, double Cost, double Rows);

/// <summary>
/// Plans and prices one source joined after the sources of a mask. The first source takes the best access
/// its own conditions allow. A later one is looked up through its key or an index whose leading path an
/// equality with the joined sources names (index nested loop), or read once, filtered by its own
/// conditions, and probed through a hash table on an equality (hash join) or scanned per row (nested loop).
/// Costs count documents read and probes; sizes come from the caller, selectivities from the conditions:
/// a key or unique equality matches one document, any other equality ten, a range a quarter, anything else half.
/// </summary>
internal static class JoinStepPlanner
{
    private const double EqualityMatches = 10;

    public static JoinStep Plan(BoundSelect query, JoinGraph graph, ulong joined, int index, double rowsBefore, double size)
    {
        var source = query.Sources[index];
        var bit = 1UL << index;
        var available = joined | bit;
        var first = joined == 0;
        var left = source.Join is JoinKind.Left;

        // Pool conjuncts are checked at the first step where every source they read is there.
        var placed = graph.Pool.Where(c => (c.Mask & ~available) == 0 && (first || (c.Mask & ~joined) != 0)).ToList();
        var on = graph.On[index];
        size = Math.Max(1, size);
        bool Free(BoundExpr value) => (Conjuncts.SourceMask(value) & ~joined) == 0;

        if (first)
        {
            var filters = placed.Select(c => c.Expr).ToList();
            var access = Planner.ChooseAccess(query, source, filters);
            var read = Read(access, size);
            var plan = new SourcePlan { Source = source, Access = access, Filter = Conjuncts.Combine([.. filters.Where(f => !access.Consumed.Contains(f))]) };
            return new JoinStep(plan, read, size * Selectivity(placed, source, size, Free));
        }

        // What may drive the access: a LEFT JOIN's ON only (WHERE applies after NULL filling), an inner join's placed conjuncts.
        var drivers = left ? on : placed;
        var matches = size * Selectivity(drivers, source, size, Free);
        var rowsAfter = left ? rowsBefore * Math.Max(1, matches) * Selectivity(placed, source, size, Free) : rowsBefore * matches;
        if (!source.Collection.IsSystem && Lookup(source, drivers, index, Free) is { } lookup)
        {
            var perRow = Math.Log2(size + 1) + lookup.Fetched;
            var plan = new SourcePlan
            {
                Source = source,
                Access = lookup.Access,
                Join = JoinMethod.IndexNestedLoop,
                On = left ? Conjuncts.Combine([.. on.Select(c => c.Expr)]) : null,
                Filter = Conjuncts.Combine([.. placed.Select(c => c.Expr)]),
            };
            return new JoinStep(plan, rowsBefore * perRow, rowsAfter);
        }

        // Read once: the conditions on this source alone filter it while it is read.
        var local = drivers.Where(c => (c.Mask & ~bit) == 0).ToList();
        var localFilters = local.Select(c => c.Expr).ToList();
        var once = source.Collection.IsSystem ? new AccessPath { Kind = AccessKind.SystemTable } : Planner.ChooseAccess(query, source, localFilters);
        var build = Read(once, size);
        var kept = size * Selectivity(local, source, size, Free);
        var rest = drivers.Where(c => !local.Contains(c)).Select(c => c.Expr).ToList();
        var hashable = drivers.Select(c => Conjuncts.Recognize(c.Expr, index, Free))
            .FirstOrDefault(c => c is { Kind: ConditionKind.Equal, Values.Length: 1, Path.Expand: < 0 } && Conjuncts.SourceMask(c.Values[0]) != 0);
        var method = hashable is null ? JoinMethod.NestedLoop : JoinMethod.HashJoin;
        var probe = hashable is null ? kept : Math.Min(kept, EqualityMatches) + 1;
        var joinedPlan = new SourcePlan
        {
            Source = source,
            Access = once,
            Join = method,
            InnerKey = hashable?.Path,
            OuterKey = hashable?.Values[0],
            BuildFilter = Conjuncts.Combine(localFilters),
            On = left ? Conjuncts.Combine(rest) : null,
            Filter = Conjuncts.Combine(left ? [.. placed.Select(c => c.Expr)] : rest),
        };
        return new JoinStep(joinedPlan, build + (rowsBefore * probe), rowsAfter);
    }

    /// <summary>The cheapest key or index lookup an equality with the joined sources allows, or null.</summary>
    private static (AccessPath Access, double Fetched)? Lookup(BoundSource source, List<JoinConjunct> drivers, int index, Func<BoundExpr, bool> free)
    {
        (AccessPath Access, double Fetched)? best = null;
        foreach (var conjunct in drivers)
        {
            if (Conjuncts.Recognize(conjunct.Expr, index, free) is not { Kind: ConditionKind.Equal, Values.Length: 1 } condition
                || Conjuncts.SourceMask(condition.Values[0]) == 0)
            {
                continue;
            }

            var path = condition.Path.StoredPath;
            var detail = $"{path} = {condition.Values[0].Text}";
            if (condition.Path.Expand < 0 && path == source.Collection.KeyField)
            {
                return (new AccessPath { Kind = AccessKind.KeySeek, Equalities = [condition.Values], Detail = detail }, 1);
            }

            if (source.Collection.Indexes.FirstOrDefault(ix => ix.Paths[0] == path && (ix.Multikey == condition.Path.Expand >= 0)) is { } found)
            {
                var fetched = found.Unique && found.Paths.Count == 1 ? 1 : EqualityMatches;
                if (best is null || fetched < best.Value.Fetched)
                {
                    best = (new AccessPath { Kind = AccessKind.IndexSeek, Index = found, Equalities = [condition.Values], Detail = detail }, fetched);
                }
            }
        }

        return best;
    }

    /// <summary>The documents an access reads.</summary>
    private static double Read(AccessPath access, double size) => access.Kind switch
    {
        AccessKind.KeySeek => access.Equalities.Aggregate(1.0, (n, values) => n * values.Length),
        AccessKind.IndexSeek when access.Index is { Unique: true } index && access.Equalities.Length == index.Paths.Count =>
            access.Equalities.Aggregate(1.0, (n, values) => n * values.Length),
        AccessKind.IndexSeek => Math.Min(size, EqualityMatches * access.Equalities.Aggregate(1.0, (n, values) => n * values.Length)),
        AccessKind.KeyRange or AccessKind.IndexRange => size / 4,
        AccessKind.IndexPrefix => size / 10,
        AccessKind.IndexUnion => Math.Min(size, access.Branches.Sum(branch => Read(branch, size))),
        _ => size,
    };

    /// <summary>The share of documents of <paramref name="source"/> that pass the conjuncts.</summary>
    private static double Selectivity(List<JoinConjunct> conjuncts, BoundSource source, double size, Func<BoundExpr, bool> free)
    {
        var share = 1.0;
        foreach (var conjunct in conjuncts)
        {
            share *= Conjuncts.Recognize(conjunct.Expr, source.Index, free) switch
            {
                { Kind: ConditionKind.Equal } c when Unique(source, c) => 1 / size,
                { Kind: ConditionKind.Equal } => Math.Min(1, EqualityMatches / size),
                { Kind: ConditionKind.Range } => 0.25,
                { Kind: ConditionKind.Prefix } => 0.1,
                _ => 0.5,
            };
        }

        return share;
    }

    /// <summary>True when an equality on the condition's path matches at most one document (the key, or a unique index of that path alone).</summary>
    private static bool Unique(BoundSource source, Condition condition) =>
        condition.Path.Expand < 0 && (condition.Path.StoredPath == source.Collection.KeyField
            || source.Collection.Indexes.Any(ix => ix.Unique && ix.Paths.Count == 1 && ix.Paths[0] == condition.Path.StoredPath));
}
