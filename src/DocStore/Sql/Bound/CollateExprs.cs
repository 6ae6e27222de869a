namespace DocStore.Sql.Bound;

/// <summary>
/// <c>x COLLATE NOCASE</c>: the value of <c>x</c>, marked so that the comparison or ORDER BY term it is in
/// compares text ignoring ASCII case (<see cref="FoldCaseExpr"/>). <c>COLLATE BINARY</c> binds to its operand alone.
/// </summary>
internal sealed class NoCaseExpr(BoundExpr operand) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row) => Operand.Eval(row);
}

/// <summary>
/// A side of a NOCASE comparison: text with ASCII capitals lowered, as SQLite's NOCASE collation compares
/// (other characters, and values that are not text, unchanged).
/// </summary>
internal sealed class FoldCaseExpr(BoundExpr operand) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        if (value.Kind != SqlKind.Text)
        {
            return value;
        }

        var span = value.Bytes.Span;
        if (!span.ContainsAnyInRange((byte)'A', (byte)'Z'))
        {
            return value;
        }

        var folded = span.ToArray();
        for (var i = 0; i < folded.Length; i++)
        {
            if (folded[i] is >= (byte)'A' and <= (byte)'Z')
            {
                folded[i] += 'a' - 'A';
            }
        }

        return SqlValue.FromUtf8(folded);
    }
}
