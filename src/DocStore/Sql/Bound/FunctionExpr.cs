using System.Text;

namespace DocStore.Sql.Bound;

/// <summary>The scalar functions: LOWER, UPPER, LENGTH, SUBSTR, COALESCE, IFNULL, ABS, ROUND. Numeric arguments given as text read as SQLite reads them (<see cref="FunctionArguments.Number"/>).</summary>
internal sealed class FunctionExpr(string name, BoundExpr[] arguments) : BoundExpr
{
    /// <summary>Each scalar function with its fewest and most arguments.</summary>
    public static readonly Dictionary<string, (int Min, int Max)> Arities = new(StringComparer.OrdinalIgnoreCase)
    {
        ["LOWER"] = (1, 1),
        ["UPPER"] = (1, 1),
        ["LENGTH"] = (1, 1),
        ["SUBSTR"] = (2, 3),
        ["COALESCE"] = (2, int.MaxValue),
        ["IFNULL"] = (2, 2),
        ["ABS"] = (1, 1),
        ["ROUND"] = (1, 2),
    };

    /// <summary>The upper-case name.</summary>
    public string Name { get; } = name;

    public BoundExpr[] Arguments { get; } = arguments;

    public override IEnumerable<BoundExpr> Children => Arguments;

    public override SqlValue Eval(RowContext row)
    {
        if (Name is "COALESCE" or "IFNULL")
        {
            foreach (var argument in Arguments)
            {
                var candidate = argument.Eval(row);
                if (!candidate.IsNull)
                {
                    return candidate;
                }
            }

            return SqlValue.Null;
        }

        var value = Arguments[0].Eval(row);
        if (value.IsNull)
        {
            return value;
        }

        switch (Name)
        {
            case "LOWER":
                return value.Kind == SqlKind.Text ? SqlValue.FromString(value.AsString().ToLowerInvariant()) : SqlValue.FromString(Arithmetic.AsText(value));
            case "UPPER":
                return value.Kind == SqlKind.Text ? SqlValue.FromString(value.AsString().ToUpperInvariant()) : SqlValue.FromString(Arithmetic.AsText(value));
            case "LENGTH":
                return Length(value);
            case "SUBSTR":
                return Substring(row, value);
            case "ABS":
                var number = FunctionArguments.Number(value);
                return number.Kind switch
                {
                    SqlKind.Integer => number.Integer == long.MinValue ? throw SqlErrors.Type("ABS overflows on the smallest integer.") : SqlValue.FromInt64(Math.Abs(number.Integer)),
                    SqlKind.Decimal => SqlValue.FromDecimal(Math.Abs(number.Number)),
                    _ => SqlValue.FromDouble(Math.Abs(number.Real)),
                };
            default:
                return Round(row, value);
        }
    }

    /// <summary>LENGTH: code points of text, bytes of binary values, elements of an array.</summary>
    internal static SqlValue Length(in SqlValue value) => value.Kind switch
    {
        SqlKind.Text => SqlValue.FromInt64(CountCodePoints(value.Bytes.Span)),
        SqlKind.Binary or SqlKind.Guid or SqlKind.ObjectId => SqlValue.FromInt64(value.Bytes.Length),
        SqlKind.Array => SqlValue.FromInt64(CountElements(value.Bytes)),
        _ => SqlValue.FromInt64(Arithmetic.AsText(value).Length),
    };

    private static int CountCodePoints(ReadOnlySpan<byte> utf8)
    {
        var count = 0;
        foreach (var b in utf8)
        {
            if ((b & 0xC0) != 0x80)
            {
                count++;
            }
        }

        return count;
    }

    private static int CountElements(ReadOnlyMemory<byte> frame)
    {
        var reader = new Bson.CBsonReader(frame.Span, isArray: true);
        var count = 0;
        while (reader.Read())
        {
            count++;
        }

        return count;
    }

    // SQLite's substr: 1-based; a negative start counts from the end; a negative length takes characters before start.
    private SqlValue Substring(RowContext row, in SqlValue value)
    {
        var startValue = FunctionArguments.Number(Arguments[1].Eval(row));
        var lengthValue = Arguments.Length > 2 ? FunctionArguments.Number(Arguments[2].Eval(row)) : SqlValue.FromInt64(long.MaxValue / 4);
        if (startValue.IsNull || lengthValue.IsNull)
        {
            return SqlValue.Null;
        }

        var runes = Arithmetic.AsText(value).EnumerateRunes().ToArray();
        var count = (long)runes.Length;
        var start = (long)startValue.AsDouble();
        var length = (long)lengthValue.AsDouble();
        if (start < 0)
        {
            start += count + 1;
            if (start < 1)
            {
                length += start - 1;
                start = 1;
            }
        }
        else if (start == 0)
        {
            length--;
            start = 1;
        }

        if (length < 0)
        {
            var end = start;
            start = Math.Max(1, start + length);
            length = end - start;
        }

        var from = (int)Math.Min(count, start - 1);
        var take = (int)Math.Max(0, Math.Min(count - from, length));
        var text = new StringBuilder();
        for (var i = from; i < from + take; i++)
        {
            text.Append(runes[i].ToString());
        }

        return SqlValue.FromString(text.ToString());
    }

    private SqlValue Round(RowContext row, in SqlValue value)
    {
        var digits = 0L;
        if (Arguments.Length > 1)
        {
            var d = Arguments[1].Eval(row);
            if (d.IsNull)
            {
                return SqlValue.Null;
            }

            digits = Math.Clamp((long)FunctionArguments.Number(d).AsDouble(), 0, 15);
        }

        var number = FunctionArguments.Number(value);
        return number.Kind == SqlKind.Decimal
            ? SqlValue.FromDecimal(Math.Round(number.Number, (int)Math.Min(digits, 28), MidpointRounding.AwayFromZero))
            : SqlValue.FromDouble(Math.Round(number.AsDouble(), (int)digits, MidpointRounding.AwayFromZero));
    }
}
