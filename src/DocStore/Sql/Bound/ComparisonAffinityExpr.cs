namespace DocStore.Sql.Bound;

/// <summary>
/// An operand of a comparison read with the other side's affinity (SQLite's rule for comparisons): as a
/// number when it is numeric text, or as text when it is a number. Literals are converted when bound instead.
/// </summary>
internal sealed class ComparisonAffinityExpr(BoundExpr operand, bool numeric) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    /// <summary>True for NUMERIC affinity, false for TEXT.</summary>
    public bool Numeric { get; } = numeric;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        return Numeric ? ColumnAffinityRules.ToNumeric(value) : ColumnAffinityRules.ToText(value);
    }
}
