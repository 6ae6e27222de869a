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
                return new ExistsExpr(_subqueries.Count - 1, query.Correlated) { Text = text, ReadsSource = query.OuterSource };
            case IsExpression isExpression:
                var (left, right) = WithAffinity(BindExpression(isExpression.Left), isExpression.Left, BindExpression(isExpression.Right), isExpression.Right);
                (left, right) = WithCollation(left, right);
                return OverElements(new IsExpr(left, right, isExpression.Negated) { Text = text });
            case GlobExpression glob:
                return OverElements(new GlobExpr(BindExpression(glob.Operand), BindExpression(glob.Pattern), glob.Negated) { Text = text });
            default:
                var collate = (CollateExpression)expression;
                var value = BindExpression(collate.Operand);
                return collate.NoCase ? new NoCaseExpr(value) { Text = text } : value;
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
        _outerSource = Math.Max(_outerSource, inner switch
        {
            PathExpr read => read.Source,
            DocumentExpr document => document.Source,
            _ => -1,
        });
        return new OuterRefExpr(inner) { Text = inner.Text };
    }

    /// <summary>
    /// The operands of a comparison under SQLite's collation rule: the left operand's explicit COLLATE wins,
    /// else the right one's. Under NOCASE both sides compare with ASCII case folded.
    /// </summary>
    private static (BoundExpr Left, BoundExpr Right) WithCollation(BoundExpr left, BoundExpr right)
    {
        var noCase = Collation(left) ?? Collation(right);
        return noCase == true
            ? (new FoldCaseExpr(left) { Text = left.Text }, new FoldCaseExpr(right) { Text = right.Text })
            : (left, right);
    }

    /// <summary>An ORDER BY term under COLLATE NOCASE sorts by its folded text.</summary>
    private static BoundExpr WithSortCollation(BoundExpr key) => Collation(key) == true ? new FoldCaseExpr(key) { Text = key.Text } : key;

    /// <summary>True for an explicit NOCASE, null when the expression has no explicit collation (COLLATE BINARY binds to its operand, so it reads as none).</summary>
    private static bool? Collation(BoundExpr expression) => NoCaseExpr.IsNoCase(expression) ? true : null;
}
