using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// Runs a compound select: each select's rows combined left to right (UNION ALL appends; UNION, EXCEPT and
/// INTERSECT compare rows as DISTINCT and GROUP BY do and return each distinct row once), then the
/// compound's ORDER BY, OFFSET and LIMIT.
/// </summary>
internal static class CompoundRows
{
    /// <summary>The rows of the compound <paramref name="plan"/>; <paramref name="outer"/> is the enclosing query's row when it is a correlated subquery.</summary>
    public static IEnumerable<SqlValue[]> Run(SelectPlan plan, ExecState state, RowContext? outer)
    {
        var query = plan.Query;
        var width = query.Columns.Length;
        // Rows compare under the first select's column collations.
        var comparer = CollatedRowComparer.For([.. plan.Parts[0].Query.Columns.Select(c => c.Value)]);
        IEnumerable<SqlValue[]> rows = SelectExecutor.Run(plan.Parts[0], state, outer);
        for (var i = 1; i < plan.Parts.Length; i++)
        {
            var part = plan.Parts[i];
            rows = query.Compound[i].Operator switch
            {
                CompoundOperator.UnionAll => rows.Concat(Deferred(part, state, outer)),
                CompoundOperator.Union => rows.Concat(Deferred(part, state, outer)).Distinct(comparer),
                CompoundOperator.Except => Except(rows, part, state, outer, comparer),
                _ => Intersect(rows, part, state, outer, comparer),
            };
        }

        var row = new RowContext(0, 0, 0, state.Parameters, state.Sql) { StatementClock = () => state.Clock, Outer = outer };
        var (offset, limit) = (SelectExecutor.Count(query.Offset, row, "OFFSET"), SelectExecutor.Count(query.Limit, row, "LIMIT"));
        if (query.OrderBy.Length > 0)
        {
            var keys = query.OrderBy.Select(k => ((ColumnRefExpr)k.Value).Index).ToArray();
            var keyed = rows.Select(r => (SqlValue[])[.. r, .. keys.Select(k => r[k])]);
            rows = RowOrdering.Sort(keyed, query, limit is { } l ? l + (offset ?? 0) : null).Select(r => r[..width]);
        }

        if (offset is > 0)
        {
            rows = rows.Skip((int)Math.Min(offset.Value, int.MaxValue));
        }

        return limit is { } take ? rows.Take((int)Math.Min(take, int.MaxValue)) : rows;
    }

    /// <summary>A select's rows, run only when enumerated (after the rows before it).</summary>
    private static IEnumerable<SqlValue[]> Deferred(SelectPlan part, ExecState state, RowContext? outer)
    {
        foreach (var row in SelectExecutor.Run(part, state, outer))
        {
            yield return row;
        }
    }

    private static IEnumerable<SqlValue[]> Except(IEnumerable<SqlValue[]> rows, SelectPlan part, ExecState state, RowContext? outer, IEqualityComparer<SqlValue[]> comparer)
    {
        var removed = new HashSet<SqlValue[]>(SelectExecutor.Run(part, state, outer), comparer);
        foreach (var row in rows)
        {
            if (removed.Add(row))
            {
                yield return row;
            }
        }
    }

    private static IEnumerable<SqlValue[]> Intersect(IEnumerable<SqlValue[]> rows, SelectPlan part, ExecState state, RowContext? outer, IEqualityComparer<SqlValue[]> comparer)
    {
        var kept = new HashSet<SqlValue[]>(SelectExecutor.Run(part, state, outer), comparer);
        var seen = new HashSet<SqlValue[]>(comparer);
        foreach (var row in rows)
        {
            if (kept.Contains(row) && seen.Add(row))
            {
                yield return row;
            }
        }
    }
}
