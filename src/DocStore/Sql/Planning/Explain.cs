using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>
/// EXPLAIN's rows: one per source, in the join order the planner chose, then one per subquery's source
/// (for a compound select, the rows of each select in turn). Columns:
/// <c>source</c> (alias), <c>collection</c>, <c>access</c> (full scan, key seek, key range, key order,
/// index seek, index range, index prefix, index order, index union, system table), <c>index</c> (its name;
/// for an index union the names it walks, the key field for the key; or NULL),
/// <c>condition</c> (what the access seeks), <c>filter</c> (the residual conditions checked per row),
/// <c>join</c> (index nested loop, hash join, nested loop; NULL for the first source) and <c>sort</c>
/// (none, index order, sort, top-n; the same on every row of one query).
/// </summary>
internal static class Explain
{
    public static readonly string[] Columns = ["source", "collection", "access", "index", "condition", "filter", "join", "sort"];

    public static IEnumerable<SqlValue[]> Rows(SelectPlan plan)
    {
        // A compound select shows each of its selects in turn.
        foreach (var part in plan.Parts)
        {
            foreach (var row in Rows(part))
            {
                yield return row;
            }
        }

        var sort = plan.SortNeeded ? (plan.Query.Limit is not null ? "top-n" : "sort")
            : plan.Query.OrderBy.Length > 0 ? "index order" : "none";
        foreach (var source in plan.Sources)
        {
            var access = source.Access;
            var condition = access.Detail;
            if (plan.CountFromKeys)
            {
                condition = condition.Length == 0 ? "count from keys" : condition + "; count from keys";
            }

            var filter = source.BuildFilter is null ? source.Filter?.Text
                : source.Filter is null ? source.BuildFilter.Text : $"{source.BuildFilter.Text} AND {source.Filter.Text}";
            var on = source.On?.Text;
            yield return
            [
                Text(source.Source.Alias),
                Text(source.Source.Collection.Name),
                Text(source.Source.Collection.DerivedSlot >= 0 ? "subquery" : Describe(access.Kind)),
                access.Kind == AccessKind.IndexUnion ? Text(IndexUnions.Names(access, source.Source.Collection.KeyField))
                    : access.Index is null ? SqlValue.Null : Text(access.Index.Name),
                condition.Length == 0 ? SqlValue.Null : Text(condition),
                filter is null && on is null ? SqlValue.Null : Text(on is null ? filter! : filter is null ? $"ON {on}" : $"ON {on}; {filter}"),
                source.Join == JoinMethod.None ? SqlValue.Null : Text(Describe(source.Join)),
                Text(sort),
            ];
        }

        foreach (var subquery in plan.Subqueries)
        {
            foreach (var row in Rows(subquery))
            {
                yield return row;
            }
        }
    }

    public static string Describe(AccessKind kind) => kind switch
    {
        AccessKind.FullScan => "full scan",
        AccessKind.KeySeek => "key seek",
        AccessKind.KeyRange => "key range",
        AccessKind.KeyOrder => "key order",
        AccessKind.IndexSeek => "index seek",
        AccessKind.IndexRange => "index range",
        AccessKind.IndexPrefix => "index prefix",
        AccessKind.IndexOrder => "index order",
        AccessKind.IndexUnion => "index union",
        _ => "system table",
    };

    public static string Describe(JoinMethod method) => method switch
    {
        JoinMethod.IndexNestedLoop => "index nested loop",
        JoinMethod.HashJoin => "hash join",
        _ => "nested loop",
    };

    private static SqlValue Text(string text) => SqlValue.FromString(text);
}
