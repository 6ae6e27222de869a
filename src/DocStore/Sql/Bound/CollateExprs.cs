namespace DocStore.Sql.Bound;

/// <summary>
/// <c>x COLLATE NOCASE</c>: the value of <c>x</c>, marked so that the comparison or ORDER BY term it is in
/// compares text ignoring ASCII case (<see cref="FoldCaseExpr"/>). <c>COLLATE BINARY</c> binds to its operand alone.
/// </summary>
internal sealed class NoCaseExpr(BoundExpr operand) : BoundExpr
{
    /// <summary>The value as the expression's collation compares it: folded when it is marked NOCASE.</summary>
    public static SqlValue Collated(BoundExpr? expression, SqlValue value) => expression is not null && IsNoCase(expression) ? FoldCaseExpr.Fold(value) : value;

    /// <summary>
    /// True when the expression compares under NOCASE: it, or the first operand that has an explicit
    /// collation (left to right, through operators and function arguments, as SQLite propagates it), is
    /// marked NOCASE. Subqueries are not looked into.
    /// </summary>
    public static bool IsNoCase(BoundExpr expression)
    {
        if (expression is NoCaseExpr)
        {
            return true;
        }

        foreach (var child in expression.Children)
        {
            if (IsNoCase(child))
            {
                return true;
            }
        }

        return false;
    }

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

    public override SqlValue Eval(RowContext row) => Fold(Operand.Eval(row));

    /// <summary>The value as NOCASE compares it: text with ASCII capitals lowered, anything else unchanged.</summary>
    public static SqlValue Fold(SqlValue value)
    {
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
