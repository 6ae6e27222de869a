namespace DocStore.Sql.Bound;

/// <summary>
/// <c>CASE [operand] WHEN ... THEN ... [ELSE ...] END</c> (and <c>iif</c>): the first branch that matches
/// gives the result, later branches are not evaluated; no match gives ELSE or NULL. With an operand a branch
/// matches when its value equals the operand (NULL equals nothing); without one when its condition is true.
/// </summary>
internal sealed class CaseExpr(BoundExpr? operand, BoundExpr[] whens, BoundExpr[] thens, BoundExpr? otherwise) : BoundExpr
{
    public BoundExpr? Operand { get; } = operand;

    public BoundExpr[] Whens { get; } = whens;

    public BoundExpr[] Thens { get; } = thens;

    public BoundExpr? Else { get; } = otherwise;

    public override IEnumerable<BoundExpr> Children =>
        [.. Operand is null ? [] : new[] { Operand }, .. Whens, .. Thens, .. Else is null ? [] : new[] { Else }];

    public override SqlValue Eval(RowContext row)
    {
        var operand = Operand?.Eval(row);
        for (var i = 0; i < Whens.Length; i++)
        {
            var when = Whens[i].Eval(row);
            var matches = operand is { } value ? SqlComparer.Equal(value, when) == true : Truth(when) == true;
            if (matches)
            {
                return Thens[i].Eval(row);
            }
        }

        return Else?.Eval(row) ?? SqlValue.Null;
    }
}
