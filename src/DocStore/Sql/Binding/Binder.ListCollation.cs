using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

// Collations of IN, BETWEEN and IN (SELECT ...), as SQLite applies them.
internal sealed partial class Binder
{
    /// <summary>
    /// <c>x IN (a, b)</c> compares under the collation of <c>x</c>; a one-item list is <c>x = a</c>, where
    /// the item's collation counts when <c>x</c> has none (SQLite rewrites it so).
    /// </summary>
    private static (BoundExpr Item, BoundExpr[] Items) WithListCollation(BoundExpr item, BoundExpr[] items)
    {
        var collation = items.Length == 1 ? CollateExpr.ForComparison(item, items[0]) : CollateExpr.For(item);
        return (Keyed(item, collation), [.. items.Select(i => Keyed(i, collation))]);
    }

    /// <summary>
    /// <c>x BETWEEN a AND b</c> is <c>x &gt;= a AND x &lt;= b</c>, each comparison under its own collation;
    /// null when both are BINARY (the plain BETWEEN stands).
    /// </summary>
    private static BoundExpr? CollatedBetween(BoundExpr tested, BoundExpr low, BoundExpr high, bool negated, string text)
    {
        if (CollateExpr.ForComparison(tested, low) == SqlCollation.Binary && CollateExpr.ForComparison(tested, high) == SqlCollation.Binary)
        {
            return null;
        }

        var (aboveLeft, aboveRight) = WithCollation(tested, low);
        var (belowLeft, belowRight) = WithCollation(tested, high);
        var above = new BinaryExpr(BinaryOperator.GreaterOrEqual, aboveLeft, aboveRight) { Text = text };
        var below = new BinaryExpr(BinaryOperator.LessOrEqual, belowLeft, belowRight) { Text = text };
        BoundExpr both = new BinaryExpr(BinaryOperator.And, above, below) { Text = text };
        return negated ? new UnaryExpr(UnaryOperator.Not, both) { Text = text } : both;
    }

    /// <summary><c>x IN (SELECT y ...)</c> compares as <c>x = y</c> would.</summary>
    private static SqlCollation SetCollation(BoundExpr operand, BoundSelect set) =>
        CollateExpr.ForComparison(operand, set.Compound.Length > 0 ? set.Compound[0].Query.Columns[0].Value : set.Columns[0].Value);
}
