namespace DocStore.Sql.Bound;

/// <summary>
/// <c>x</c> starts with the text <c>prefix</c>, compared ordinally (code point by code point, no case
/// folding and no wildcards), as .NET's <c>string.StartsWith(s, StringComparison.Ordinal)</c>. NULL when
/// either side is NULL; false when <c>x</c> is not text. The planner answers it with an index prefix walk.
/// </summary>
internal sealed class OrdinalPrefixExpr(BoundExpr operand, BoundExpr prefix) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public BoundExpr Prefix { get; } = prefix;

    public override IEnumerable<BoundExpr> Children => [Operand, Prefix];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        var prefix = Prefix.Eval(row);
        if (value.IsNull || prefix.IsNull)
        {
            return SqlValue.Null;
        }

        // For well-formed text a UTF-8 byte prefix is exactly an ordinal UTF-16 prefix.
        return SqlValue.FromBoolean(value.Kind == SqlKind.Text && prefix.Kind == SqlKind.Text && value.Bytes.Span.StartsWith(prefix.Bytes.Span));
    }
}
