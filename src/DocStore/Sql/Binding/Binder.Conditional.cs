using DocStore.Catalog;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

// CASE, CAST, EXISTS, IS, GLOB and COLLATE, and references from a subquery to the queries around it.
internal sealed partial class Binder
{
    private BoundExpr BindConditional(SqlExpression expression, string text)
    {
        switch (expression)
        {
            case CaseExpression conditional:
                var operand = conditional.Operand is null ? null : BindExpression(conditional.Operand);
                return new CaseExpr(
                    operand,
                    [.. conditional.Branches.Select(b => operand is null ? BindExpression(b.When) : WithAffinity(BindExpression(b.When), b.When, operand))],
                    [.. conditional.Branches.Select(b => BindExpression(b.Then))],
                    conditional.Else is null ? null : BindExpression(conditional.Else))
                { Text = text };
            case CastExpression cast:
                return new CastExpr(BindExpression(cast.Operand), TableColumn.AffinityOf(cast.TypeName)) { Text = text };
            case ExistsExpression exists:
                var query = BindSubquery(exists.Query);
                return new ExistsExpr(_subqueries.Count - 1, query.Correlated) { Text = text, ReadsSource = query.OuterSource, ReadsSources = query.OuterSources };
            case IsExpression isExpression:
                var (left, right) = WithAffinity(BindExpression(isExpression.Left), isExpression.Left, BindExpression(isExpression.Right), isExpression.Right);
                (left, right) = WithCollation(left, right);
                return OverElements(new IsExpr(left, right, isExpression.Negated) { Text = text });
            case GlobExpression glob:
                return OverElements(new GlobExpr(BindExpression(glob.Operand), BindExpression(glob.Pattern), glob.Negated) { Text = text });
            default:
                var collate = (CollateExpression)expression;
                var value = BindExpression(collate.Operand);
                var collation = collate.RTrim ? SqlCollation.RTrim : collate.NoCase ? SqlCollation.NoCase : SqlCollation.Binary;
                return new CollateExpr(value, collation, isExplicit: true) { Text = text };
        }
    }

    /// <summary>
    /// A path that names a source of an enclosing query: bound there (or further out) and read from that
    /// query's current row. This query is then correlated: it runs again for each outer row.
    /// </summary>
    private OuterRefExpr BindOuter(PathExpression path)
    {
        _correlated = true;
        var inner = _outer!.BindExpression(path);
        var source = inner switch
        {
            PathExpr read => read.Source,
            DocumentExpr document => document.Source,
            _ => -1,
        };
        _outerSource = Math.Max(_outerSource, source);
        _outerSources |= source < 0 ? 0 : 1UL << Math.Min(source, 63);
        return new OuterRefExpr(inner) { Text = inner.Text };
    }

    /// <summary>
    /// The operands of a comparison under SQLite's collation rule (<see cref="CollateExpr.ForComparison"/>):
    /// under NOCASE or RTRIM both sides compare as their collation keys.
    /// </summary>
    private static (BoundExpr Left, BoundExpr Right) WithCollation(BoundExpr left, BoundExpr right)
    {
        var collation = CollateExpr.ForComparison(left, right);
        return collation == SqlCollation.Binary ? (left, right) : (Keyed(left, collation), Keyed(right, collation));
    }

    /// <summary>An ORDER BY or GROUP BY term under NOCASE or RTRIM sorts and groups by its collation key.</summary>
    private static BoundExpr WithSortCollation(BoundExpr key) => Keyed(key, CollateExpr.For(key));

    private static BoundExpr Keyed(BoundExpr expression, SqlCollation collation) =>
        collation == SqlCollation.Binary ? expression : new CollationKeyExpr(expression, collation) { Text = expression.Text };
}
