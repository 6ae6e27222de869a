using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// Recognizes <c>(m &lt; v OR m IS NULL)</c> (and <c>&lt;=</c>, or <c>v &gt; m</c>) as a range on <c>m</c>
/// whose lower end includes NULL: a missing or null member is indexed under the NULL tag, which sorts
/// before every value, so one walk from the start of the index up to <c>v</c> reaches every match. An
/// equality or a lower bound with <c>OR m IS NULL</c> (what LINQ writes for a member whose missing field
/// reads as an initializer) walks the NULL entries, then the range. The conjunct stays a residual filter,
/// as for any range.
/// </summary>
internal static class NullInclusiveRanges
{
    public static Condition? Recognize(BoundExpr conjunct, BinaryExpr or, Func<BoundExpr, bool> free)
    {
        var (comparison, test) = or.Right is IsNullExpr ? (or.Left, or.Right) : (or.Right, or.Left);
        if (test is not IsNullExpr { Negated: false, Operand: PathExpr nullPath } || comparison is not BinaryExpr compare)
        {
            return null;
        }

        var (path, low, high) = compare switch
        {
            { Operator: BinaryOperator.Less or BinaryOperator.LessOrEqual, Left: PathExpr p, Right: var v } => (p, null, v),
            { Operator: BinaryOperator.Greater or BinaryOperator.GreaterOrEqual, Left: var v, Right: PathExpr p } => (p, null, v),
            { Operator: BinaryOperator.Greater or BinaryOperator.GreaterOrEqual, Left: PathExpr p, Right: var v } => (p, v, null),
            { Operator: BinaryOperator.Less or BinaryOperator.LessOrEqual, Left: var v, Right: PathExpr p } => (p, v, null),
            { Operator: BinaryOperator.Equal, Left: PathExpr p, Right: var v } => (p, v, v),
            _ => default((PathExpr?, BoundExpr?, BoundExpr?)),
        };

        var value = low ?? high;
        if (path is null || value is null || !free(value) || !SamePath(path, nullPath))
        {
            return null;
        }

        return new Condition(conjunct, path, ConditionKind.Range, [], low, high, null) { IncludesNull = true };
    }

    private static bool SamePath(PathExpr a, PathExpr b) =>
        a.Source == b.Source && a.Expand < 0 && b.Expand < 0 && a.Ids.AsSpan().SequenceEqual(b.Ids) && a.StoredPath == b.StoredPath;
}
