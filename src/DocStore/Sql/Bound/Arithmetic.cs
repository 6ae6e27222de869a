using System.Globalization;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Bound;

/// <summary>
/// Arithmetic as SQLite does it: integers stay integers (an overflow becomes a double), integer division
/// truncates, division or remainder by zero is NULL, NULL in gives NULL out. Decimals stay decimal with
/// integers and become doubles with doubles. Booleans count as 0 and 1; text and blobs count as the number
/// they start with (<see cref="NumericText.Prefix"/>). Any other kind is a type error naming the operand.
/// </summary>
internal static class Arithmetic
{
    public static SqlValue Apply(BinaryOperator op, in SqlValue left, in SqlValue right, BinaryExpr node)
    {
        if (left.IsNull || right.IsNull)
        {
            return SqlValue.Null;
        }

        var a = RequireNumber(left, Symbol(op), node.Left);
        var b = RequireNumber(right, Symbol(op), node.Right);
        if (a.Kind == SqlKind.Integer && b.Kind == SqlKind.Integer)
        {
            return Integers(op, a.Integer, b.Integer);
        }

        if (a.Kind != SqlKind.Double && b.Kind != SqlKind.Double)
        {
            var x = a.Kind == SqlKind.Decimal ? a.Number : a.Integer;
            var y = b.Kind == SqlKind.Decimal ? b.Number : b.Integer;
            try
            {
                return op switch
                {
                    BinaryOperator.Add => SqlValue.FromDecimal(x + y),
                    BinaryOperator.Subtract => SqlValue.FromDecimal(x - y),
                    BinaryOperator.Multiply => SqlValue.FromDecimal(x * y),
                    BinaryOperator.Divide => y == 0 ? SqlValue.Null : SqlValue.FromDecimal(x / y),
                    _ => y == 0 ? SqlValue.Null : SqlValue.FromDecimal(x % y),
                };
            }
            catch (OverflowException)
            {
                return Doubles(op, (double)x, (double)y);
            }
        }

        return Doubles(op, a.AsDouble(), b.AsDouble());
    }

    public static SqlValue Negate(in SqlValue value, BoundExpr operand)
    {
        if (value.IsNull)
        {
            return value;
        }

        var number = RequireNumber(value, "-", operand);
        return number.Kind switch
        {
            SqlKind.Integer => number.Integer == long.MinValue ? SqlValue.FromDouble(-(double)long.MinValue) : SqlValue.FromInt64(-number.Integer),
            SqlKind.Decimal => SqlValue.FromDecimal(-number.Number),
            _ => SqlValue.FromDouble(-number.Real),
        };
    }

    /// <summary>The value as a number (a boolean as 0 or 1, text or a blob by its numeric prefix, as SQLite reads it); a type error naming <paramref name="operand"/> for anything else.</summary>
    public static SqlValue RequireNumber(in SqlValue value, string op, BoundExpr operand)
    {
        if (value.IsNumber || value.IsNull)
        {
            return value;
        }

        if (value.Kind == SqlKind.Boolean)
        {
            return SqlValue.FromInt64(value.Integer);
        }

        if (value.Kind is SqlKind.Text or SqlKind.Binary)
        {
            return NumericText.Prefix(value.Kind == SqlKind.Text ? value.AsString() : System.Text.Encoding.UTF8.GetString(value.Bytes.Span));
        }

        throw SqlErrors.Type($"The operator '{op}' needs numbers, but its operand {operand.Text} is {Describe(value)}.");
    }

    /// <summary>Text for <c>||</c> and LIKE: numbers as SQLite prints them.</summary>
    public static string AsText(in SqlValue value) => value.Kind switch
    {
        SqlKind.Text => value.AsString(),
        SqlKind.Integer => value.Integer.ToString(CultureInfo.InvariantCulture),
        SqlKind.Double => FormatReal(value.Real),
        SqlKind.Decimal => value.Number.ToString(CultureInfo.InvariantCulture),
        SqlKind.Boolean => value.Integer != 0 ? "1" : "0",
        SqlKind.DateTime or SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan => TemporalValues.ToText(value),
        _ => BsonValues.ToBson(value).ToString(),
    };

    /// <summary>A double as SQLite prints one: up to 15 significant digits, always with a decimal point.</summary>
    public static string FormatReal(double value) => SqliteReal.Format(value);

    public static string Describe(in SqlValue value) => value.Kind switch
    {
        SqlKind.Text => "text",
        SqlKind.Binary => "a blob",
        SqlKind.Document => "a document",
        SqlKind.Array => "an array",
        SqlKind.Boolean => "a boolean",
        SqlKind.DateTime => "a date",
        SqlKind.DateTimeOffset => "a DateTimeOffset",
        SqlKind.DateOnly => "a DateOnly",
        SqlKind.TimeOnly => "a TimeOnly",
        SqlKind.TimeSpan => "a TimeSpan",
        SqlKind.Guid => "a Guid",
        SqlKind.ObjectId => "an ObjectId",
        SqlKind.Null => "NULL",
        _ => "a " + value.Kind.ToString().ToLowerInvariant(),
    };

    private static SqlValue Integers(BinaryOperator op, long x, long y)
    {
        switch (op)
        {
            case BinaryOperator.Add:
                var sum = x + y;
                return ((x ^ sum) & (y ^ sum)) < 0 ? SqlValue.FromDouble((double)x + y) : SqlValue.FromInt64(sum);
            case BinaryOperator.Subtract:
                var difference = x - y;
                return ((x ^ y) & (x ^ difference)) < 0 ? SqlValue.FromDouble((double)x - y) : SqlValue.FromInt64(difference);
            case BinaryOperator.Multiply:
                var product = Math.BigMul(x, y, out var low);
                return (product == 0 && low >= 0) || (product == -1 && low < 0) ? SqlValue.FromInt64(low) : SqlValue.FromDouble((double)x * y);
            case BinaryOperator.Divide:
                return y == 0 ? SqlValue.Null : x == long.MinValue && y == -1 ? SqlValue.FromDouble(-(double)x) : SqlValue.FromInt64(x / y);
            default:
                return y == 0 ? SqlValue.Null : y == -1 ? SqlValue.FromInt64(0) : SqlValue.FromInt64(x % y);
        }
    }

    private static SqlValue Doubles(BinaryOperator op, double x, double y) => op switch
    {
        BinaryOperator.Add => SqlValue.FromDouble(x + y),
        BinaryOperator.Subtract => SqlValue.FromDouble(x - y),
        BinaryOperator.Multiply => SqlValue.FromDouble(x * y),
        BinaryOperator.Divide => y == 0 ? SqlValue.Null : SqlValue.FromDouble(x / y),
        _ => (long)y == 0 ? SqlValue.Null : SqlValue.FromDouble((long)x % (long)y),
    };

    private static string Symbol(BinaryOperator op) => op switch
    {
        BinaryOperator.Add => "+",
        BinaryOperator.Subtract => "-",
        BinaryOperator.Multiply => "*",
        BinaryOperator.Divide => "/",
        _ => "%",
    };
}
