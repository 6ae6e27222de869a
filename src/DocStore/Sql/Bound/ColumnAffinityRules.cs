using DocStore.Catalog;

namespace DocStore.Sql.Bound;

/// <summary>
/// SQLite's column affinity applied to one value (https://www.sqlite.org/datatype3.html, section 3): what a
/// declared column stores, and what a comparison converts an operand to. INTEGER and NUMERIC read
/// numeric text as a number and keep a real that holds an integer as that integer; REAL makes numbers and
/// numeric text doubles; TEXT writes numbers as SQLite prints them; BLOB changes nothing. Booleans count as
/// 0 and 1 in a numeric or text column; text that is no number stays text.
/// </summary>
internal static class ColumnAffinityRules
{
    public static SqlValue Apply(ColumnAffinity affinity, in SqlValue value) => affinity switch
    {
        ColumnAffinity.Integer or ColumnAffinity.Numeric => ToNumeric(value),
        ColumnAffinity.Real => ToReal(value),
        ColumnAffinity.Text => ToText(value),
        _ => value,
    };

    /// <summary>NUMERIC (and INTEGER) affinity: numeric text becomes a number, an integral real an integer.</summary>
    public static SqlValue ToNumeric(in SqlValue value) => value.Kind switch
    {
        SqlKind.Text => NumericText.TryParse(value.AsString(), out var number) ? Integral(number) : value,
        SqlKind.Double => NumericText.IntegerIfExact(value.Real),
        SqlKind.Decimal when decimal.Truncate(value.Number) == value.Number && value.Number >= long.MinValue && value.Number <= long.MaxValue => SqlValue.FromInt64((long)value.Number),
        SqlKind.Boolean => SqlValue.FromInt64(value.Integer),
        _ => value,
    };

    private static SqlValue ToReal(in SqlValue value) => value.Kind switch
    {
        SqlKind.Text => NumericText.TryParse(value.AsString(), out var number) ? SqlValue.FromDouble(number.AsDouble()) : value,
        SqlKind.Integer or SqlKind.Decimal or SqlKind.Boolean => SqlValue.FromDouble(value.Kind == SqlKind.Decimal ? (double)value.Number : value.Integer),
        _ => value,
    };

    /// <summary>TEXT affinity: numbers (and booleans, as 0 and 1) become their text; anything else is kept.</summary>
    public static SqlValue ToText(in SqlValue value) =>
        value.IsNumber || value.Kind == SqlKind.Boolean ? SqlValue.FromString(Arithmetic.AsText(value)) : value;

    private static SqlValue Integral(in SqlValue number) => number.Kind == SqlKind.Double ? NumericText.IntegerIfExact(number.Real) : number;
}
