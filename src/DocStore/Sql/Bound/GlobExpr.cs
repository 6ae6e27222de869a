namespace DocStore.Sql.Bound;

/// <summary><c>x [NOT] GLOB pattern</c>: case-sensitive; <c>*</c> any run, <c>?</c> one character, <c>[...]</c> a set; NULL in gives NULL.</summary>
internal sealed class GlobExpr(BoundExpr operand, BoundExpr pattern, bool negated) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public BoundExpr Pattern { get; } = pattern;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Operand, Pattern];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        var pattern = Pattern.Eval(row);
        if (value.IsNull || pattern.IsNull)
        {
            return SqlValue.Null;
        }

        return FromTruth(GlobMatcher.Matches(FunctionArguments.Text(value), FunctionArguments.Text(pattern)) != Negated);
    }
}
