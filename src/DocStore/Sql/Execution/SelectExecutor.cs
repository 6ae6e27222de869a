using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// Runs a <see cref="SelectPlan"/> as a pull pipeline: source rows (access, joins, filters), then
/// grouping, projection, DISTINCT, ordering (a full sort, or a top-N heap under LIMIT) and
/// OFFSET/LIMIT. Nothing is materialized unless grouping or sorting needs it, so LIMIT stops the scan.
/// </summary>
internal static class SelectExecutor
{
    /// <summary>The rows of <paramref name="plan"/>; <paramref name="outer"/> is the enclosing query's row for a correlated subquery.</summary>
    public static IEnumerable<SqlValue[]> Run(SelectPlan plan, ExecState state, RowContext? outer = null)
    {
        if (plan.Parts.Length > 0)
        {
            return CompoundRows.Run(plan, state, outer);
        }

        var query = plan.Query;
        var row = new RowContext(query.Sources.Length, query.ElementSlots, query.Subqueries.Length, state.Parameters, state.Sql) { StatementClock = () => state.Clock, Outer = outer, CaseSensitiveLike = state.Session?.CaseSensitiveLike == true };
        row.RunSubquery = (slot, current) => [.. Run(plan.Subqueries[slot], state, current)];
        row.SubqueryRows = (slot, current) => Run(plan.Subqueries[slot], state, current);
        for (var i = 0; i < query.Sources.Length; i++)
        {
            row.Fields[i] = state.Fields(query.Sources[i].Collection);
        }

        var (offset, limit) = (Count(query.Offset, row, "OFFSET"), Count(query.Limit, row, "LIMIT"));
        IEnumerable<SqlValue[]> rows;
        if (plan.CountFromKeys)
        {
            row.Aggregates = [SqlValue.FromInt64(SourceScans.Count(plan.Sources[0], row, state))];
            rows = [Project(query, row, plan.SortNeeded)];
        }
        else
        {
            // SELECT without FROM has one row, kept when WHERE accepts it.
            var sourceRows = plan.Sources.Length == 0 ? SingleRow(query, row) : SourceRows(plan, row, state, plan.Sources.Length - 1);
            rows = query.IsAggregate
                ? Grouping.Groups(plan, row, sourceRows, r => Project(query, r, plan.SortNeeded))
                : sourceRows.Select(_ => Project(query, row, plan.SortNeeded));
        }

        if (query.Distinct)
        {
            rows = Distinct(rows, CollatedRowComparer.For([.. query.Columns.Select(c => c.Value)]));
        }

        if (plan.SortNeeded)
        {
            // LIMIT + OFFSET rows are kept; a sum past long's range (LIMIT 9223372036854775807 OFFSET 5) keeps all.
            rows = RowOrdering.Sort(rows, query, limit is { } l && l <= long.MaxValue - Math.Max(offset ?? 0, 0) ? l + (offset ?? 0) : null);
        }

        if (offset is > 0)
        {
            rows = rows.Skip((int)Math.Min(offset.Value, int.MaxValue));
        }

        if (limit is { } take)
        {
            rows = rows.Take((int)Math.Min(take, int.MaxValue));
        }

        return plan.SortNeeded ? rows.Select(r => r.Length == query.Columns.Length ? r : r[..query.Columns.Length]) : rows;
    }

    private static IEnumerable<bool> SingleRow(BoundSelect query, RowContext row)
    {
        if (query.Where is null || query.Where.Accepts(row))
        {
            yield return true;
        }
    }

    /// <summary>Yields once per joined row through <paramref name="level"/>, with <see cref="RowContext.Docs"/> set.</summary>
    private static IEnumerable<bool> SourceRows(SelectPlan plan, RowContext row, ExecState state, int level)
    {
        var source = plan.Sources[level];
        if (level == 0)
        {
            var recheck = source.Access.Consumed.Count > 0 && !SourceScans.SeeksExactly(source.Access, row)
                ? Conjuncts.Combine(source.Access.Consumed)
                : null;
            var slot = source.Source.Index;
            foreach (var document in SourceScans.Documents(source, row, state))
            {
                row.Docs[slot] = document;
                if ((recheck is null || recheck.Accepts(row)) && (source.Filter is null || source.Filter.Accepts(row)))
                {
                    yield return true;
                }
            }

            yield break;
        }

        var index = source.Source.Index;
        var on = source.On;
        var build = source.BuildFilter;
        var left = source.Source.Join == Ast.JoinKind.Left;
        Dictionary<SqlValue, List<ReadOnlyMemory<byte>>>? hash = null;
        List<ReadOnlyMemory<byte>>? inner = null;
        var keyLookup = KeyJoinLookup.For(source, state);
        foreach (var _ in SourceRows(plan, row, state, level - 1))
        {
            var matched = false;
            IEnumerable<ReadOnlyMemory<byte>> candidates;
            switch (source.Join)
            {
                case JoinMethod.IndexNestedLoop:
                    candidates = keyLookup?.Candidates(row) ?? (build is null ? SourceScans.Documents(source, row, state) : Filtered(source, row, state));
                    break;
                case JoinMethod.HashJoin:
                    hash ??= BuildHash(source, row, state);
                    var key = source.OuterKey!.Eval(row);
                    candidates = !key.IsNull && hash.TryGetValue(key, out var bucket) ? bucket : [];
                    break;
                default:
                    inner ??= [.. Filtered(source, row, state)];
                    candidates = inner;
                    break;
            }

            foreach (var document in candidates)
            {
                row.Docs[index] = document;
                if (on is null || on.Accepts(row))
                {
                    matched = true;
                    if (source.Filter is null || source.Filter.Accepts(row))
                    {
                        yield return true;
                    }
                }
            }

            if (!matched && left)
            {
                row.Docs[index] = ReadOnlyMemory<byte>.Empty;
                if (source.Filter is null || source.Filter.Accepts(row))
                {
                    yield return true;
                }
            }
        }
    }

    private static Dictionary<SqlValue, List<ReadOnlyMemory<byte>>> BuildHash(SourcePlan source, RowContext row, ExecState state)
    {
        var hash = new Dictionary<SqlValue, List<ReadOnlyMemory<byte>>>(SqlComparer.Instance);
        var index = source.Source.Index;
        var saved = row.Docs[index];
        foreach (var document in Filtered(source, row, state))
        {
            row.Docs[index] = document;
            var key = source.InnerKey!.Eval(row);
            if (key.IsNull)
            {
                continue;
            }

            if (!hash.TryGetValue(key, out var bucket))
            {
                bucket = [];
                hash[key] = bucket;
            }

            bucket.Add(document);
        }

        row.Docs[index] = saved;
        return hash;
    }

    /// <summary>The source's documents that pass its <see cref="SourcePlan.BuildFilter"/>; the source's slot is left as it was.</summary>
    private static IEnumerable<ReadOnlyMemory<byte>> Filtered(SourcePlan source, RowContext row, ExecState state)
    {
        var index = source.Source.Index;
        var saved = row.Docs[index];
        foreach (var document in SourceScans.Documents(source, row, state))
        {
            row.Docs[index] = document;
            if (source.BuildFilter is null || source.BuildFilter.Accepts(row))
            {
                row.Docs[index] = saved;
                yield return document;
            }
        }

        row.Docs[index] = saved;
    }

    /// <summary>The output row: the columns, then (when a sort follows) the ORDER BY keys.</summary>
    private static SqlValue[] Project(BoundSelect query, RowContext row, bool withSortKeys)
    {
        var columns = query.Columns;
        var width = columns.Length + (withSortKeys ? query.OrderBy.Length : 0);
        var output = new SqlValue[width];
        for (var i = 0; i < columns.Length; i++)
        {
            output[i] = columns[i].Value.Eval(row);
        }

        if (withSortKeys)
        {
            row.Columns = output;
            for (var i = 0; i < query.OrderBy.Length; i++)
            {
                output[columns.Length + i] = query.OrderBy[i].Value.Eval(row);
            }

            row.Columns = null;
        }

        return output;
    }

    private static IEnumerable<SqlValue[]> Distinct(IEnumerable<SqlValue[]> rows, IEqualityComparer<SqlValue[]> comparer)
    {
        var seen = new HashSet<SqlValue[]>(comparer);
        foreach (var row in rows)
        {
            if (seen.Add(row))
            {
                yield return row;
            }
        }
    }

    internal static long? Count(BoundExpr? expression, RowContext row, string clause)
    {
        if (expression is null)
        {
            return null;
        }

        var value = expression.Eval(row);
        if (value.Kind != SqlKind.Integer && !(value.Kind == SqlKind.Double && Math.Floor(value.Real) == value.Real))
        {
            throw SqlErrors.Type($"{clause} needs an integer, but {expression.Text} is {Arithmetic.Describe(value)}.");
        }

        var count = (long)value.AsDouble();
        return count < 0 ? (clause == "LIMIT" ? null : 0) : count;
    }
}

/// <summary>Compares the first <c>width</c> values of rows (DISTINCT, GROUP BY keys).</summary>
internal sealed class RowComparer(int width) : IEqualityComparer<SqlValue[]>
{
    public bool Equals(SqlValue[]? x, SqlValue[]? y)
    {
        for (var i = 0; i < width; i++)
        {
            if (!SqlComparer.AreEqual(x![i], y![i]))
            {
                return false;
            }
        }

        return true;
    }

    public int GetHashCode(SqlValue[] obj)
    {
        var hash = new HashCode();
        for (var i = 0; i < width; i++)
        {
            hash.Add(SqlComparer.Hash(obj[i]));
        }

        return hash.ToHashCode();
    }
}
