using System.Globalization;

namespace DocStore.Sql.Bound;

/// <summary>
/// Text read as a number the way SQLite reads it: a whole text (blanks around allowed) that is an integer
/// or real literal for column affinity and comparisons, and the longest numeric prefix (0 when there is
/// none) for arithmetic and truth: <c>'10' + 1</c> is 11, <c>'12abc' + 1</c> is 13, <c>'abc' + 1</c> is 1.
/// </summary>
internal static class NumericText
{
    /// <summary>True when all of <paramref name="text"/> is a number; an integer that fits 64 bits stays an integer, anything else is a double.</summary>
    public static bool TryParse(string text, out SqlValue value)
    {
        var (start, end, integer) = Scan(text);
        var rest = end;
        while (rest < text.Length && IsBlank(text[rest]))
        {
            rest++;
        }

        if (end == start || rest != text.Length)
        {
            value = default;
            return false;
        }

        value = Read(text.AsSpan(start, end - start), integer);
        return true;
    }

    /// <summary>The number <paramref name="text"/> starts with, as arithmetic reads text; integer 0 when it starts with none.</summary>
    public static SqlValue Prefix(string text)
    {
        var (start, end, integer) = Scan(text);
        return end == start ? SqlValue.FromInt64(0) : Read(text.AsSpan(start, end - start), integer);
    }

    /// <summary>A double that holds an integer exactly, as that integer (SQLite's NUMERIC and INTEGER affinity); else the double.</summary>
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
        var i = 0;
        while (i < text.Length && IsBlank(text[i]))
        {
            i++;
        }

        var start = i;
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
            i++;
            while (i < text.Length && char.IsAsciiDigit(text[i]))
            {
                i++;
                digits++;
            }

            if (digits == 0)
            {
                return (start, start, true);
            }

            integer = false;
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

    private static bool IsBlank(char c) => c is ' ' or '\t' or '\n' or '\r' or '\f' or '\v';
}
