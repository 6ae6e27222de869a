namespace DocStore.Sql.Bound;

/// <summary>
/// The number of elements of an array value; NULL when the value is missing, null or not an array. A
/// comparison over it is then NULL, which a LINQ predicate reads as false (C# throws on a null array).
/// </summary>
internal sealed class ArrayLengthExpr(BoundExpr operand) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        return value.Kind == SqlKind.Array ? FunctionExpr.Length(value) : SqlValue.Null;
    }
}
