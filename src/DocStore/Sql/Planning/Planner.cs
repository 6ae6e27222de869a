using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>
/// The rule-based planner. For the first source it picks, in order: a primary key seek, a unique index
/// seek, the index with the longest run of leading equalities (IN lists included), a key or index range
/// (BETWEEN, &lt;, &gt;, LIKE 'prefix%'; after leading equalities, on the index's next path too), a union of
/// such seeks and ranges for a disjunction every side of which one serves, an index walk that delivers ORDER BY when there is a LIMIT, and
/// otherwise a full scan. Queries over several sources are ordered and joined by <see cref="JoinPlanner"/>;
/// compound selects are planned select by select.
/// </summary>
internal static partial class Planner
{
    /// <summary>The plan of <paramref name="query"/>; <paramref name="sizes"/> estimates a collection's documents for join ordering.</summary>
    public static SelectPlan Plan(BoundSelect query, Func<SqlCollection, double>? sizes = null)
    {
        if (query.Compound.Length > 0)
        {
            return new SelectPlan
            {
                Query = query,
                Sources = [],
                SortNeeded = query.OrderBy.Length > 0,
                CountFromKeys = false,
                Subqueries = [],
                Parts = [.. query.Compound.Select(member => Plan(member.Query, sizes))],
            };
        }

        if (query.Sources.Length == 0)
        {
            return PlanWithoutSources(query);
        }

        SourcePlan[] sources;
        if (query.Sources.Length == 1)
        {
            var filters = Conjuncts.Split(query.Where);
            var access = ChooseAccess(query, query.Sources[0], filters);
            sources = [new SourcePlan { Source = query.Sources[0], Access = access, Filter = Conjuncts.Combine([.. filters.Where(f => !access.Consumed.Contains(f))]) }];
        }
        else
        {
            sources = JoinPlanner.Order(query, sizes ?? JoinPlanner.UnknownSize);
        }

        var first = sources[0].Access;
        var sortNeeded = query.OrderBy.Length > 0 && (query.IsAggregate || !first.Ordered);
        var countFromKeys = query is { GroupBy.Length: 0, Having: null, Distinct: false, Aggregates: [{ Kind: AggregateKind.CountStar }], Sources.Length: 1 }
            && sources[0].Filter is null
            && first.Kind is not AccessKind.SystemTable
            && first.Index is not { Multikey: true }
            && query.Columns.All(c => c.Value is AggregateRefExpr or LiteralExpr);

        return new SelectPlan
        {
            Query = query,
            Sources = sources,
            SortNeeded = sortNeeded,
            CountFromKeys = countFromKeys,
            Subqueries = [.. query.Subqueries.Select(subquery => Plan(subquery, sizes))],
        };
    }

    /// <summary>The access for <paramref name="source"/> read first (or alone), answering what it can of <paramref name="filters"/> (conjuncts on it alone).</summary>
    internal static AccessPath ChooseAccess(BoundSelect query, BoundSource source, List<BoundExpr> filters)
    {
        if (source.Collection.IsSystem)
        {
            return new AccessPath { Kind = AccessKind.SystemTable };
        }

        var conditions = filters.Select(f => Conjuncts.Recognize(f, source.Index) ?? CollatedConditions.Recognize(f, source.Index)).OfType<Condition>().ToList();
        var keyField = source.Collection.KeyField;
        var order = OrderPaths(query, source.Index);

        // A key seek reads at most one document per value.
        if (conditions.FirstOrDefault(c => c.Kind == ConditionKind.Equal && c.Path.Expand < 0 && c.Path.StoredPath == keyField) is { } key)
        {
            return new AccessPath
            {
                Kind = AccessKind.KeySeek,
                Equalities = [key.Values],
                Consumed = [key.Conjunct],
                Detail = key.Conjunct.Text,
                Ordered = order is null,
            };
        }

        // Indexes by the run of leading equalities they can use; a unique index fully matched wins.
        AccessPath? best = null;
        var bestScore = 0;
        foreach (var index in source.Collection.Indexes)
        {
            var equalities = new List<BoundExpr[]>();
            var consumed = new List<BoundExpr>();
            foreach (var path in index.Paths)
            {
                var condition = conditions.FirstOrDefault(c => c.Kind == ConditionKind.Equal && c.Path.StoredPath == path);
                if (condition is null)
                {
                    break;
                }

                equalities.Add(condition.Values);
                consumed.Add(condition.Conjunct);
            }

            if (equalities.Count == 0)
            {
                continue;
            }

            var full = equalities.Count == index.Paths.Count;
            var next = full ? null : index.Paths[equalities.Count];
            var bounds = next is null || index.Multikey ? null : SeekBounds.On(conditions, next);
            var score = (equalities.Count * 2) + (full && index.Unique ? 100 : 0) + (bounds is null ? 0 : 1);
            if (score <= bestScore)
            {
                continue;
            }

            var ordered = order is null || (!index.Multikey && next is not null && order.Value.NullsAs is null && Delivers(index.Paths.Skip(equalities.Count), keyField, order.Value.Paths));
            best = SeekBounds.Apply(new AccessPath
            {
                Kind = AccessKind.IndexSeek,
                Index = index,
                Equalities = [.. equalities],
                Consumed = consumed,
                Detail = string.Join(" AND ", consumed.Select(c => c.Text)),
                Ordered = ordered,
                Descending = order?.Descending ?? false,
            }, bounds);
            bestScore = score;
        }

        if (best is not null)
        {
            return best;
        }

        // Ranges and prefixes on the key, then on an index's leading path.
        foreach (var (path, index) in new (string, SqlIndex?)[] { (keyField, null) }.Concat(source.Collection.Indexes.Select(ix => (ix.Paths[0], (SqlIndex?)ix))))
        {
            var ranges = conditions.Where(c => c.Kind != ConditionKind.Equal && c.Path.StoredPath == path).ToList();
            if (ranges.Count == 0)
            {
                continue;
            }

            var prefix = ranges.FirstOrDefault(c => c.Kind == ConditionKind.Prefix);
            var low = ranges.Select(c => c.Low).FirstOrDefault(v => v is not null);
            var high = ranges.Select(c => c.High).FirstOrDefault(v => v is not null);
            // A multikey index holds one entry per element: its walk is in no document order (the scan skips repeats).
            var ordered = order is null || (index is not { Multikey: true } && Delivers(index?.Paths ?? [path], keyField, order.Value.Paths));
            return new AccessPath
            {
                Kind = index is null ? AccessKind.KeyRange : prefix is not null && low is null && high is null ? AccessKind.IndexPrefix : AccessKind.IndexRange,
                Index = index,
                Low = low,
                High = high,
                LikePrefix = low is null && high is null ? prefix?.Prefix : null,
                PrefixValue = low is null && high is null && prefix is { Prefix: null, Values: [var value] } ? value : null,
                Detail = string.Join(" AND ", ranges.Select(c => c.Conjunct.Text)),
                Ordered = ordered,
                Descending = order?.Descending ?? false,
                IncludesNull = ranges.All(c => c.IncludesNull) || (low is null && ranges.Any(c => c.IncludesNull)),
                NullGuard = NullInclusiveRanges.Guard(ranges, low),
                NullsAs = ordered ? order?.NullsAs : null,
            };
        }

        // A disjunction whose every side the key or an index serves: walk each side's keys, each document once.
        if (IndexUnions.Choose(query, source, filters, order is null) is { } union)
        {
            return union;
        }

        // ORDER BY ... LIMIT over the key or an index: walk it in order and stop early.
        if (order is { Paths: [var orderPath, ..] } wanted && wanted.Paths.Length <= 2 && (wanted.Paths.Length == 1 || wanted.Paths[1] == keyField) && query.Limit is not null && !query.IsAggregate)
        {
            if (orderPath == keyField)
            {
                return new AccessPath { Kind = AccessKind.KeyOrder, Ordered = true, Descending = wanted.Descending, Detail = $"ORDER BY {orderPath}" };
            }

            if (source.Collection.Indexes.FirstOrDefault(ix => !ix.Multikey && ix.Paths[0] == orderPath && (wanted.Paths.Length == 1 || ix.Paths.Count == 1)) is { } index)
            {
                return new AccessPath { Kind = AccessKind.IndexOrder, Index = index, Ordered = true, Descending = wanted.Descending, NullsAs = wanted.NullsAs, Detail = $"ORDER BY {orderPath}" };
            }
        }

        return AccessPath.FullScan;
    }

    /// <summary>
    /// True when walking keys of <paramref name="componentPaths"/> (then the primary key, which ends every
    /// entry) yields the order of <paramref name="orderPaths"/>: they are a leading run of the components,
    /// or all of them followed by the key field.
    /// </summary>
    private static bool Delivers(IEnumerable<string> componentPaths, string keyField, string[] orderPaths)
    {
        var components = componentPaths.ToList();
        if (orderPaths.Length <= components.Count)
        {
            return orderPaths.SequenceEqual(components.Take(orderPaths.Length));
        }

        return orderPaths.Length == components.Count + 1 && orderPaths[^1] == keyField && orderPaths.Take(components.Count).SequenceEqual(components);
    }

    /// <summary>The stored paths of the first source that ORDER BY sorts on, in one direction; a path no index has ("\0") when the terms are anything else.</summary>
    private static (string[] Paths, bool Descending, SqlValue? NullsAs)? OrderPaths(BoundSelect query, int source)
    {
        if (query.OrderBy.Length == 0)
        {
            return null;
        }

        var paths = new List<string>();
        SqlValue? firstNullsAs = null;
        foreach (var term in query.OrderBy)
        {
            var value = DefaultedOrder.Unwrap(term.Value is ColumnRefExpr column ? query.Columns[column.Index].Value : term.Value, out var nullsAs);
            if (value is not PathExpr { Expand: < 0 } path || path.Source != source || term.Descending != query.OrderBy[0].Descending
                || (nullsAs is not null && paths.Count > 0))
            {
                return (["\0"], false, null);
            }

            firstNullsAs ??= nullsAs;
            paths.Add(path.StoredPath);
        }

        return ([.. paths], query.OrderBy[0].Descending, firstNullsAs);
    }
}
