namespace DocStore.Sql.Bound;

/// <summary><c>x [NOT] GLOB pattern</c>: case-sensitive; <c>*</c> any run, <c>?</c> one character, <c>[...]</c> a set; NULL in gives NULL.</summary>
internal sealed class GlobExpr(BoundExpr operand, BoundExpr pattern, bool negated) : PatternMatchExpr(operand, pattern, negated)
{
    protected override bool Matches(SqlValue value, SqlValue pattern, RowContext row) =>
        GlobMatcher.Matches(FunctionArguments.Text(value), FunctionArguments.Text(pattern));
}
