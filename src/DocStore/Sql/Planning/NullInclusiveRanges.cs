using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// Recognizes <c>(m &lt; v OR m IS NULL)</c> (and <c>&lt;=</c>, or <c>v &gt; m</c>) as a range on <c>m</c>
/// whose lower end includes NULL: a missing or null member is indexed under the NULL tag, which sorts
/// before every value, so one walk from the start of the index up to <c>v</c> reaches every match. An
/// equality or a lower bound with <c>OR m IS NULL</c> (what LINQ writes for a member whose missing field
/// reads as an initializer) walks the NULL entries, then the range; so does an ordinal starts-with with
/// <c>OR m IS NULL</c>, the NULL entries then the prefix. LINQ writes <c>OR (m IS NULL AND g)</c> when only
/// some values let a missing member match (<c>g</c> tests the initializer against them): the NULL entries
/// are walked only when <c>g</c> holds for the statement's values. The conjunct stays a residual filter,
/// as for any range.
/// </summary>
internal static class NullInclusiveRanges
{
    public static Condition? Recognize(BoundExpr conjunct, BinaryExpr or, Func<BoundExpr, bool> free)
    {
        var (comparison, test) = IsNullTest(or.Right) ? (or.Left, or.Right) : (or.Right, or.Left);
        var (nullTest, guard) = test is BinaryExpr { Operator: BinaryOperator.And, Left: var left, Right: var right } ? (left, right) : (test, null);
        if (nullTest is not IsNullExpr { Negated: false, Operand: PathExpr nullPath } || (guard is not null && !free(guard)))
        {
            return null;
        }

        if (comparison is OrdinalPrefixExpr { Operand: PathExpr prefixed, Prefix: var prefix })
        {
            return free(prefix) && SamePath(prefixed, nullPath)
                ? new Condition(conjunct, prefixed, ConditionKind.Prefix, [prefix], null, null, null) { IncludesNull = true, NullGuard = guard }
                : null;
        }

        if (comparison is not BinaryExpr compare)
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

        return new Condition(conjunct, path, ConditionKind.Range, [], low, high, null) { IncludesNull = true, NullGuard = guard };
    }

    /// <summary>
    /// The guard of an access over <paramref name="ranges"/> that visits NULL entries because each of them
    /// matches NULL: every guard must hold. Null (always visit) when a range without a lower end reaches
    /// NULL anyway.
    /// </summary>
    public static BoundExpr? Guard(List<Condition> ranges, BoundExpr? low)
    {
        if (!ranges.All(c => c.IncludesNull) || (low is null && ranges.Any(c => c.IncludesNull && c.NullGuard is null)))
        {
            return null;
        }

        BoundExpr? guard = null;
        foreach (var condition in ranges)
        {
            if (condition.NullGuard is { } next)
            {
                guard = guard is null ? next : new BinaryExpr(BinaryOperator.And, guard, next) { Text = $"{guard.Text} AND {next.Text}" };
            }
        }

        return guard;
    }

    /// <summary>True when the NULL entries are to be walked for this execution's values.</summary>
    public static bool Visit(AccessPath access, RowContext row) =>
        access.IncludesNull && (access.NullGuard is null || access.NullGuard.Accepts(row));

    private static bool IsNullTest(BoundExpr expr) =>
        expr is IsNullExpr or BinaryExpr { Operator: BinaryOperator.And, Left: IsNullExpr };

    private static bool SamePath(PathExpr a, PathExpr b) =>
        a.Source == b.Source && a.Expand < 0 && b.Expand < 0 && a.Ids.AsSpan().SequenceEqual(b.Ids) && a.StoredPath == b.StoredPath;
}
