namespace DocStore.Sql.Bound;

/// <summary><c>x IS y</c> and <c>x IS NOT y</c>: equality in which NULL equals NULL and differs from everything else; never NULL.</summary>
internal sealed class IsExpr(BoundExpr left, BoundExpr right, bool negated) : BoundExpr
{
    public BoundExpr Left { get; } = left;

    public BoundExpr Right { get; } = right;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Left, Right];

    public override SqlValue Eval(RowContext row)
    {
        var left = Left.Eval(row);
        var right = Right.Eval(row);
        var same = left.IsNull || right.IsNull ? left.IsNull && right.IsNull : SqlComparer.AreEqual(left, right);
        return FromTruth(same != Negated);
    }
}
