using System.Text;

namespace DocStore.Sql.Bound;

/// <summary>
/// Values as SQLite's built-in functions read their arguments: a number from text is its numeric prefix
/// (<see cref="NumericText"/>), text from a number is the number as SQLite prints it, a blob's bytes are
/// UTF-8 text. Booleans count as 0 and 1, as in arithmetic.
/// </summary>
internal static class FunctionArguments
{
    /// <summary>The value as text (NULL is not expected: callers return NULL first).</summary>
    public static string Text(in SqlValue value) => value.Kind == SqlKind.Binary
        ? Encoding.UTF8.GetString(value.Bytes.Span)
        : Arithmetic.AsText(value);

    /// <summary>The value as a double (sqlite3_value_double).</summary>
    public static double Real(in SqlValue value) => value.Kind switch
    {
        SqlKind.Integer or SqlKind.Boolean => value.Integer,
        SqlKind.Double => value.Real,
        SqlKind.Decimal => (double)value.Number,
        SqlKind.Null => 0,
        _ => NumericText.RealPrefix(Text(value)),
    };

    /// <summary>The value as a long (sqlite3_value_int64): reals truncate toward zero and clamp.</summary>
    public static long Integer(in SqlValue value) => value.Kind switch
    {
        SqlKind.Integer or SqlKind.Boolean => value.Integer,
        SqlKind.Double => Truncate(value.Real),
        SqlKind.Decimal => Truncate((double)value.Number),
        SqlKind.Null => 0,
        _ => NumericText.IntegerPrefix(Text(value)),
    };

    /// <summary>
    /// A number for the numeric functions (abs, round, sign): numbers as they are, booleans as integers, and
    /// anything else as the real its text begins with, as SQLite's functions take text.
    /// </summary>
    public static SqlValue Number(in SqlValue value) => value.Kind switch
    {
        SqlKind.Integer or SqlKind.Double or SqlKind.Decimal or SqlKind.Null => value,
        SqlKind.Boolean => SqlValue.FromInt64(value.Integer),
        _ => SqlValue.FromDouble(NumericText.RealPrefix(Text(value))),
    };

    /// <summary>A double as a long the way SQLite converts: toward zero, clamped at the ends of the range; NaN is 0.</summary>
    public static long Truncate(double value) =>
        double.IsNaN(value) ? 0 : value <= -9.2233720368547758e18 ? long.MinValue : value >= 9.2233720368547758e18 ? long.MaxValue : (long)value;
}
