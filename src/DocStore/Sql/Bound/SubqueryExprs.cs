namespace DocStore.Sql.Bound;

/// <summary>
/// <c>EXISTS (SELECT ...)</c>: true when the subquery has a row, false otherwise (never NULL). The subquery
/// stops at its first row; an uncorrelated one runs once per execution, a correlated one once per row.
/// </summary>
internal sealed class ExistsExpr(int slot, bool correlated) : BoundExpr, ICorrelatedExpr
{
    /// <inheritdoc/>
    public int ReadsSource { get; init; } = -1;

    /// <inheritdoc/>
    public ulong ReadsSources { get; init; }

    public int Slot { get; } = slot;

    /// <summary>True when the subquery reads the outer query's row, so its answer cannot be kept.</summary>
    public bool Correlated { get; } = correlated;

    public override SqlValue Eval(RowContext row)
    {
        if (!Correlated && row.Subqueries[Slot] is bool known)
        {
            return FromTruth(known);
        }

        var any = row.SubqueryRows!(Slot, row).Any();
        if (!Correlated)
        {
            row.Subqueries[Slot] = any;
        }

        return FromTruth(any);
    }
}

/// <summary>
/// A value of an enclosing query inside a correlated subquery: <see cref="Inner"/> is bound in that query and
/// evaluated against its current row (<see cref="RowContext.Outer"/>, once per level). It has no children, so
/// the subquery's planner sees a constant, which lets an index seek on it.
/// </summary>
internal sealed class OuterRefExpr(BoundExpr inner) : BoundExpr
{
    public BoundExpr Inner { get; } = inner;

    public override SqlValue Eval(RowContext row) => Inner.Eval(row.Outer!);
}
