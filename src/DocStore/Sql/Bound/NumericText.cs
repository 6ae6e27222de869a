using System.Globalization;

namespace DocStore.Sql.Bound;

/// <summary>
/// Text read as a number the way SQLite reads it, for every path that does: blanks before the number are
/// skipped, then a sign, digits, a fraction and an exponent. Column affinity and comparisons take text
/// only when all of it is a number (<see cref="TryParse"/>); arithmetic, truth and the built-in functions
/// take the longest numeric prefix, 0 when there is none: <c>'12abc' + 1</c> is 13,
/// <c>CAST('12abc' AS INTEGER)</c> 12, <c>CAST('1e3' AS REAL)</c> 1000.0, <c>abs('x')</c> 0.0.
/// </summary>
internal static class NumericText
{
    /// <summary>True when all of <paramref name="text"/> (blanks around allowed) is a number; an integer that fits 64 bits stays an integer, anything else is a double.</summary>
    public static bool TryParse(string text, out SqlValue value)
    {
        var (start, end, integer) = Scan(text);
        if (end == start || SkipBlanks(text, end) != text.Length)
        {
            value = default;
            return false;
        }

        value = Read(text.AsSpan(start, end - start), integer);
        return true;
    }

    /// <summary>The number <paramref name="text"/> starts with, as arithmetic reads text: an integer when written as one that fits, else a double; integer 0 when it starts with none.</summary>
    public static SqlValue Prefix(string text)
    {
        var (start, end, integer) = Scan(text);
        return end == start ? SqlValue.FromInt64(0) : Read(text.AsSpan(start, end - start), integer);
    }

    /// <summary>The integer prefix of <paramref name="text"/> (sign and digits only), clamped to the range of a long: CAST to INTEGER.</summary>
    public static long IntegerPrefix(string text)
    {
        var (start, end, _) = Scan(text);
        var i = start;
        var negative = false;
        if (i < end && text[i] is '+' or '-')
        {
            negative = text[i] == '-';
            i++;
        }

        decimal value = 0;
        for (; i < end && char.IsAsciiDigit(text[i]); i++)
        {
            // A decimal holds 28 digits: past the range of a long the clamp below decides anyway.
            if (value < 1e20m)
            {
                value = (value * 10) + (text[i] - '0');
            }
        }

        value = negative ? -value : value;
        return value > long.MaxValue ? long.MaxValue : value < long.MinValue ? long.MinValue : (long)value;
    }

    /// <summary>The real prefix of <paramref name="text"/>: sign, digits, fraction, exponent; 0 when there is none (sqlite3_value_double).</summary>
    public static double RealPrefix(string text)
    {
        var (start, end, _) = Scan(text);
        return end == start ? 0 : double.Parse(text.AsSpan(start, end - start), NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// CAST of text to NUMERIC: the prefix as an integer when it is written as one and fits, else as a real,
    /// which becomes an integer only when it is one exactly and small enough that a double holds every
    /// integer near it (below 2^51, SQLite's bound here): <c>'3.0'</c> is 3, <c>'1e18'</c> stays 1.0e+18.
    /// </summary>
    public static SqlValue Numeric(string text)
    {
        var number = Prefix(text);
        return number.Kind == SqlKind.Double && Math.Floor(number.Real) == number.Real && Math.Abs(number.Real) < 2251799813685248.0
            ? SqlValue.FromInt64((long)number.Real)
            : number;
    }

    /// <summary>A double that holds an integer exactly, as that integer (INTEGER and NUMERIC column affinity); else the double.</summary>
    public static SqlValue IntegerIfExact(double real) =>
        Math.Floor(real) == real && real > -9.2233720368547758E18 && real < 9.2233720368547758E18
            ? SqlValue.FromInt64((long)real)
            : SqlValue.FromDouble(real);

    private static SqlValue Read(ReadOnlySpan<char> number, bool integer)
    {
        if (integer && long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var whole))
        {
            return SqlValue.FromInt64(whole);
        }

        return SqlValue.FromDouble(double.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture));
    }

    /// <summary>Where the number starts and ends after leading blanks (start == end: none), and whether it has neither point nor exponent.</summary>
    private static (int Start, int End, bool Integer) Scan(string text)
    {
        var start = SkipBlanks(text, 0);
        var i = start;
        if (i < text.Length && text[i] is '+' or '-')
        {
            i++;
        }

        var digits = 0;
        while (i < text.Length && char.IsAsciiDigit(text[i]))
        {
            i++;
            digits++;
        }

        var integer = true;
        if (i < text.Length && text[i] == '.')
        {
            var fraction = i + 1;
            while (fraction < text.Length && char.IsAsciiDigit(text[fraction]))
            {
                fraction++;
                digits++;
            }

            if (digits > 0)
            {
                i = fraction;
                integer = false;
            }
        }

        if (digits == 0)
        {
            return (start, start, true);
        }

        if (i < text.Length && text[i] is 'e' or 'E')
        {
            var exponent = i + 1;
            if (exponent < text.Length && text[exponent] is '+' or '-')
            {
                exponent++;
            }

            if (exponent < text.Length && char.IsAsciiDigit(text[exponent]))
            {
                i = exponent;
                while (i < text.Length && char.IsAsciiDigit(text[i]))
                {
                    i++;
                }

                integer = false;
            }
        }

        return (start, i, integer);
    }

    private static int SkipBlanks(string text, int i)
    {
        while (i < text.Length && text[i] is ' ' or '\t' or '\n' or '\r' or '\f' or '\v')
        {
            i++;
        }

        return i;
    }
}
