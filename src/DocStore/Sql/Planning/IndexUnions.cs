using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// A disjunction (<c>a = 1 OR a BETWEEN 10 AND 20 OR b = 'x'</c>) answered as a union: one key or index
/// seek, range or prefix per side, chosen as the planner would for that side alone. It is chosen only
/// when every side has one; the disjunction stays a residual filter, so each candidate is checked whole,
/// and the walk returns each document once (see <c>UnionScans</c>).
/// </summary>
internal static class IndexUnions
{
    /// <summary>The union for the first disjunctive conjunct of <paramref name="filters"/> (on <paramref name="source"/> of <paramref name="query"/>) that has one; null when none. With <paramref name="unordered"/> (no order asked) the rows count as ordered.</summary>
    public static AccessPath? Choose(BoundSelect query, BoundSource source, List<BoundExpr> filters, bool unordered)
    {
        foreach (var filter in filters)
        {
            // An OR the planner reads as one range is no union (and would lead straight back here).
            if (filter is not BinaryExpr { Operator: BinaryOperator.Or } || Conjuncts.Recognize(filter, source.Index) is not null)
            {
                continue;
            }

            var sides = new List<BoundExpr>();
            Flatten(filter, source.Index, sides);
            var branches = new List<AccessPath>();
            foreach (var side in sides)
            {
                var branch = Planner.ChooseAccess(query, source, Conjuncts.Split(side));
                if (branch.Kind is not (AccessKind.KeySeek or AccessKind.KeyRange or AccessKind.IndexSeek or AccessKind.IndexRange or AccessKind.IndexPrefix or AccessKind.IndexUnion))
                {
                    branches.Clear();
                    break;
                }

                branches.AddRange(branch.Kind == AccessKind.IndexUnion ? branch.Branches : [branch]);
            }

            if (branches.Count == 0)
            {
                continue;
            }

            return new AccessPath
            {
                Kind = AccessKind.IndexUnion,
                Branches = branches,
                Ordered = unordered,
                Detail = $"{filter.Text} ({Ranges(branches)} ranges)",
            };
        }

        return null;
    }

    /// <summary>The index names (the key field for a key branch) the union walks, each once, for EXPLAIN.</summary>
    public static string Names(AccessPath union, string keyField) =>
        string.Join(", ", union.Branches.Select(b => b.Index?.Name ?? keyField).Distinct(StringComparer.Ordinal));

    /// <summary>The stretches walked: one per value combination of a seek, one per range or prefix.</summary>
    private static int Ranges(List<AccessPath> branches) =>
        branches.Sum(b => b.Kind is AccessKind.KeySeek or AccessKind.IndexSeek ? b.Equalities.Aggregate(1, (n, values) => n * values.Length) : 1);

    /// <summary>The sides of nested ORs; an OR the planner reads as one range (<c>m &lt; v OR m IS NULL</c>) is one side.</summary>
    private static void Flatten(BoundExpr expression, int source, List<BoundExpr> into)
    {
        if (expression is BinaryExpr { Operator: BinaryOperator.Or } or && Conjuncts.Recognize(expression, source) is null)
        {
            Flatten(or.Left, source, into);
            Flatten(or.Right, source, into);
        }
        else
        {
            into.Add(expression);
        }
    }
}
