using System.Globalization;

namespace DocStore.Sql.Bound;

/// <summary>
/// Text read as a number the way SQLite's conversions read it: leading spaces skipped, then the longest
/// prefix that is a number; no number at all reads as 0. <c>CAST('12abc' AS INTEGER)</c> is 12,
/// <c>CAST('1e3' AS REAL)</c> 1000.0, <c>abs('x')</c> 0.0.
/// </summary>
internal static class NumericText
{
    /// <summary>The integer prefix of <paramref name="text"/> (sign and digits), clamped to the range of a long.</summary>
    public static long IntegerPrefix(string text)
    {
        var i = SkipSpaces(text, 0);
        var negative = false;
        if (i < text.Length && (text[i] == '+' || text[i] == '-'))
        {
            negative = text[i] == '-';
            i++;
        }

        decimal value = 0;
        for (; i < text.Length && char.IsAsciiDigit(text[i]); i++)
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

    /// <summary>The real prefix of <paramref name="text"/>: sign, digits, fraction, exponent; 0 when there is none.</summary>
    public static double RealPrefix(string text)
    {
        var start = SkipSpaces(text, 0);
        var end = NumberEnd(text, start, out _);
        return end == start ? 0 : double.Parse(text.AsSpan(start, end - start), NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// The value of NUMERIC affinity: the prefix as an integer when it is written as one and fits, else as a
    /// real, which becomes an integer when it is one exactly (<c>'3.0'</c> is 3).
    /// </summary>
    public static SqlValue Numeric(string text)
    {
        var start = SkipSpaces(text, 0);
        var end = NumberEnd(text, start, out var integral);
        if (end == start)
        {
            return SqlValue.FromInt64(0);
        }

        var number = text.AsSpan(start, end - start);
        if (integral && long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var whole))
        {
            return SqlValue.FromInt64(whole);
        }

        return RealAsNumeric(double.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture));
    }

    /// <summary>A real under NUMERIC affinity: an integer when it is a whole number a long holds exactly, else the real.</summary>
    public static SqlValue RealAsNumeric(double value) =>
        Math.Floor(value) == value && value >= -9.2233720368547748e18 && value < 9.2233720368547748e18
            ? SqlValue.FromInt64((long)value)
            : SqlValue.FromDouble(value);

    /// <summary>True when all of <paramref name="text"/> (spaces around allowed) is a number: what <c>sign()</c> accepts.</summary>
    public static bool IsWholeNumber(string text)
    {
        var start = SkipSpaces(text, 0);
        var end = NumberEnd(text, start, out _);
        return end > start && SkipSpaces(text, end) == text.Length;
    }

    private static int SkipSpaces(string text, int i)
    {
        while (i < text.Length && text[i] is ' ' or '\t' or '\n' or '\r' or '\f' or '\v')
        {
            i++;
        }

        return i;
    }

    // The end of the number that starts at 'start', or 'start' when none does; 'integral' when it has no '.' or exponent.
    private static int NumberEnd(string text, int start, out bool integral)
    {
        integral = true;
        var i = start;
        if (i < text.Length && (text[i] == '+' || text[i] == '-'))
        {
            i++;
        }

        var digits = i;
        while (i < text.Length && char.IsAsciiDigit(text[i]))
        {
            i++;
        }

        var mantissa = i - digits;
        if (i < text.Length && text[i] == '.')
        {
            var fraction = i + 1;
            while (fraction < text.Length && char.IsAsciiDigit(text[fraction]))
            {
                fraction++;
            }

            if (mantissa > 0 || fraction > i + 1)
            {
                mantissa += fraction - i - 1;
                integral = false;
                i = fraction;
            }
        }

        if (mantissa == 0)
        {
            integral = true;
            return start;
        }

        if (i < text.Length && (text[i] == 'e' || text[i] == 'E'))
        {
            var exponent = i + 1;
            if (exponent < text.Length && (text[exponent] == '+' || text[exponent] == '-'))
            {
                exponent++;
            }

            var exponentDigits = exponent;
            while (exponent < text.Length && char.IsAsciiDigit(text[exponent]))
            {
                exponent++;
            }

            if (exponent > exponentDigits)
            {
                integral = false;
                i = exponent;
            }
        }

        return i;
    }
}
