using DocStore.Sql.Bound;
using DocStore.Sql.Execution;
using DocStore.Sql.Planning;

namespace DocStore.Linq.Running;

/// <summary>
/// The documents of a LINQ plan straight from its access path, skipping the SQL executor's output rows:
/// a LINQ plan has one source, and when no sort is needed its rows are the documents that pass the
/// recheck and the residual filter, in access order, with Skip and Take applied here. Counts are taken
/// from index or primary keys alone when the access answers the whole predicate exactly.
/// </summary>
internal static class PlanDocuments
{
    /// <summary>True when <paramref name="plan"/> can be read here (one source, no sort, nothing grouped).</summary>
    public static bool Applies(SelectPlan plan) =>
        plan is { Parts.Length: 0, Sources.Length: 1, SortNeeded: false, CountFromKeys: false, Subqueries.Length: 0, Query: { IsAggregate: false, Distinct: false } };

    /// <summary>The row state of one execution: the source's field names and the parameters.</summary>
    public static RowContext Row(SelectPlan plan, ExecState state)
    {
        var row = new RowContext(1, plan.Query.ElementSlots, 0, state.Parameters, state.Sql) { StatementClock = () => state.Clock };
        row.Fields[0] = state.Fields(plan.Sources[0].Source.Collection);
        return row;
    }

    /// <summary>The documents that pass, after <paramref name="offset"/> of them, at most <paramref name="limit"/>.</summary>
    public static IEnumerable<ReadOnlyMemory<byte>> Read(SelectPlan plan, ExecState state, RowContext row, long offset, long? limit)
    {
        if (limit is <= 0)
        {
            yield break;
        }

        var source = plan.Sources[0];
        var recheck = Recheck(source, row);
        var filter = source.Filter;
        var left = limit ?? long.MaxValue;
        foreach (var document in SourceScans.Documents(source, row, state))
        {
            row.Docs[0] = document;
            if ((recheck is not null && !recheck.Accepts(row)) || (filter is not null && !filter.Accepts(row)))
            {
                continue;
            }

            if (offset > 0)
            {
                offset--;
                continue;
            }

            yield return document;
            if (--left == 0)
            {
                yield break;
            }
        }
    }

    /// <summary>
    /// True when the access alone decides which documents match: no residual filter, equalities that seek
    /// exactly, and no multikey index (which may hold several entries for one document).
    /// </summary>
    public static bool CountsFromKeys(SelectPlan plan, RowContext row)
    {
        var source = plan.Sources[0];
        return source.Filter is null
            && source.Access is { Kind: AccessKind.FullScan or AccessKind.KeySeek or AccessKind.KeyOrder or AccessKind.IndexSeek or AccessKind.IndexOrder, Index: null or { Multikey: false } }
            && Recheck(source, row) is null;
    }

    /// <summary>The number of documents that pass, counted from keys when <see cref="CountsFromKeys"/> holds.</summary>
    public static long Count(SelectPlan plan, ExecState state, RowContext row, long offset, long? limit)
    {
        if (!CountsFromKeys(plan, row))
        {
            return Read(plan, state, row, offset, limit).LongCount();
        }

        var all = SourceScans.Count(plan.Sources[0], row, state);
        var after = Math.Max(0, all - offset);
        return limit is { } most ? Math.Min(after, Math.Max(0, most)) : after;
    }

    private static BoundExpr? Recheck(SourcePlan source, RowContext row) =>
        source.Access.Consumed.Count > 0 && !SourceScans.SeeksExactly(source.Access, row) ? Conjuncts.Combine(source.Access.Consumed) : null;
}
