namespace DocStore.Sql.Bound;

/// <summary>
/// <c>x [NOT] OP pattern</c> for the pattern operators (LIKE, GLOB): NULL on either side gives NULL; the
/// operator decides only how text matches its pattern.
/// </summary>
internal abstract class PatternMatchExpr(BoundExpr operand, BoundExpr pattern, bool negated) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public BoundExpr Pattern { get; } = pattern;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Operand, Pattern];

    public sealed override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        var pattern = Pattern.Eval(row);
        if (value.IsNull || pattern.IsNull)
        {
            return SqlValue.Null;
        }

        return FromTruth(Matches(value, pattern, row) != Negated);
    }

    /// <summary>Whether <paramref name="value"/> matches <paramref name="pattern"/>; neither is NULL.</summary>
    protected abstract bool Matches(SqlValue value, SqlValue pattern, RowContext row);
}
