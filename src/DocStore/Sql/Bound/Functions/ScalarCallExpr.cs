namespace DocStore.Sql.Bound.Functions;

/// <summary>A call of one of the <see cref="ScalarFunctions"/>: the arguments are evaluated, then the function runs.</summary>
internal sealed class ScalarCallExpr(string name, ScalarFunctions.Definition function, BoundExpr[] arguments) : BoundExpr
{
    /// <summary>The upper-case name.</summary>
    public string Name { get; } = name;

    public BoundExpr[] Arguments { get; } = arguments;

    public override IEnumerable<BoundExpr> Children => Arguments;

    public override SqlValue Eval(RowContext row)
    {
        var values = new SqlValue[Arguments.Length];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = Arguments[i].Eval(row);
        }

        return function.Compute(values);
    }
}
