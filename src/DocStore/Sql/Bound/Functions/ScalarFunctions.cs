namespace DocStore.Sql.Bound.Functions;

/// <summary>
/// SQLite's core scalar functions that take their arguments evaluated (beyond the ones <see cref="FunctionExpr"/>
/// and the date functions implement), by upper-case name: the fewest and most arguments, and the function.
/// </summary>
internal static class ScalarFunctions
{
    /// <summary>One function: its argument counts and what it computes from the evaluated arguments.</summary>
    /// <param name="Min">The fewest arguments.</param>
    /// <param name="Max">The most arguments (<see cref="int.MaxValue"/> for any number).</param>
    /// <param name="Compute">The result for the arguments.</param>
    internal sealed record Definition(int Min, int Max, Func<SqlValue[], SqlValue> Compute);

    public static readonly Dictionary<string, Definition> All = new(StringComparer.OrdinalIgnoreCase)
    {
        ["NULLIF"] = new(2, 2, a => SqlComparer.Equal(a[0], a[1]) == true ? SqlValue.Null : a[0]),
        ["INSTR"] = new(2, 2, TextFunctions.Instr),
        ["LTRIM"] = new(1, 2, a => TextFunctions.Trim(a, start: true, end: false)),
        ["RTRIM"] = new(1, 2, a => TextFunctions.Trim(a, start: false, end: true)),
        ["TRIM"] = new(1, 2, a => TextFunctions.Trim(a, start: true, end: true)),
        ["REPLACE"] = new(3, 3, TextFunctions.Replace),
        ["TYPEOF"] = new(1, 1, a => SqlValue.FromString(TypeOf(a[0]))),
        ["MIN"] = new(2, int.MaxValue, a => Extreme(a, -1)),
        ["MAX"] = new(2, int.MaxValue, a => Extreme(a, 1)),
        ["RANDOM"] = new(0, 0, _ => SqlValue.FromInt64(Random.Shared.NextInt64(long.MinValue, long.MaxValue))),
        ["HEX"] = new(1, 1, TextFunctions.Hex),
        ["QUOTE"] = new(1, 1, a => SqlValue.FromString(TextFunctions.Quote(a[0]))),
        ["PRINTF"] = new(1, int.MaxValue, PrintfFormatter.Format),
        ["FORMAT"] = new(1, int.MaxValue, PrintfFormatter.Format),
        ["SIGN"] = new(1, 1, a => Sign(a[0])),
        ["CHAR"] = new(0, int.MaxValue, TextFunctions.Char),
        ["UNICODE"] = new(1, 1, TextFunctions.Unicode),
        ["LIKELY"] = new(1, 1, a => a[0]),
        ["UNLIKELY"] = new(1, 1, a => a[0]),
        ["LIKELIHOOD"] = new(2, 2, a => a[0]),
    };

    /// <summary>
    /// The name <c>typeof</c> gives a value: SQLite's five for its own kinds; of DocStore's, a boolean is
    /// 'integer', a decimal 'real', a Guid or ObjectId 'blob', dates and times, documents and arrays 'text'.
    /// </summary>
    public static string TypeOf(in SqlValue value) => value.Kind switch
    {
        SqlKind.Null => "null",
        SqlKind.Integer or SqlKind.Boolean => "integer",
        SqlKind.Double or SqlKind.Decimal => "real",
        SqlKind.Binary or SqlKind.Guid or SqlKind.ObjectId => "blob",
        _ => "text",
    };

    // Scalar min and max: NULL when any argument is NULL, else the least or greatest in the order of comparisons.
    private static SqlValue Extreme(SqlValue[] arguments, int sign)
    {
        var best = arguments[0];
        foreach (var argument in arguments)
        {
            if (argument.IsNull)
            {
                return SqlValue.Null;
            }

            if (SqlComparer.Compare(argument, best) * sign > 0)
            {
                best = argument;
            }
        }

        return best;
    }

    // sign(): -1, 0 or 1 for a number or text that is wholly a number; NULL for anything else.
    private static SqlValue Sign(in SqlValue value)
    {
        double number;
        switch (value.Kind)
        {
            case SqlKind.Integer or SqlKind.Boolean:
                return SqlValue.FromInt64(Math.Sign(value.Integer));
            case SqlKind.Double or SqlKind.Decimal:
                number = value.AsDouble();
                break;
            case SqlKind.Text when NumericText.TryParse(value.AsString(), out var whole):
                number = whole.AsDouble();
                break;
            default:
                return SqlValue.Null;
        }

        return double.IsNaN(number) ? SqlValue.Null : SqlValue.FromInt64(Math.Sign(number));
    }
}
