using System.Globalization;
using System.Text;

namespace DocStore.Sql.Bound.Functions;

/// <summary>
/// printf(format, ...) and format(...): SQLite's conversions <c>%d %i %u %f %F %e %E %g %G %x %X %o %c %s %z
/// %q %Q %w %%</c> with the flags <c>- + space 0 #</c>, a width and a precision (either may be <c>*</c>). A
/// missing argument reads as NULL: 0 for numbers, '' for text. A NULL format gives NULL.
/// </summary>
internal static class PrintfFormatter
{
    public static SqlValue Format(SqlValue[] a)
    {
        if (a[0].IsNull)
        {
            return SqlValue.Null;
        }

        var format = FunctionArguments.Text(a[0]);
        var output = new StringBuilder();
        var next = 1;
        SqlValue Next() => next < a.Length ? a[next++] : SqlValue.Null;

        for (var i = 0; i < format.Length; i++)
        {
            if (format[i] != '%')
            {
                output.Append(format[i]);
                continue;
            }

            var spec = new Spec();
            i++;
            for (; i < format.Length && "-+ 0#!,".Contains(format[i], StringComparison.Ordinal); i++)
            {
                spec.Flags += format[i];
            }

            spec.Width = ReadCount(format, ref i, Next);
            if (spec.Width < 0)
            {
                spec.Flags += '-';
                spec.Width = -spec.Width;
            }

            if (i < format.Length && format[i] == '.')
            {
                i++;
                spec.Precision = Math.Max(0, ReadCount(format, ref i, Next));
            }

            while (i < format.Length && format[i] is 'l' or 'h')
            {
                i++;
            }

            if (i >= format.Length)
            {
                break;
            }

            var conversion = format[i];
            var text = conversion == '%' ? "%" : Convert(conversion, Next(), spec);
            if (text is null)
            {
                // An unknown conversion ends the output, as in SQLite.
                break;
            }

            output.Append(Pad(text, spec, conversion));
        }

        return SqlValue.FromString(output.ToString());
    }

    private static int ReadCount(string format, ref int i, Func<SqlValue> next)
    {
        if (i < format.Length && format[i] == '*')
        {
            i++;
            return (int)Math.Clamp(FunctionArguments.Integer(next()), -100_000, 100_000);
        }

        var count = 0;
        for (; i < format.Length && char.IsAsciiDigit(format[i]); i++)
        {
            count = Math.Min(100_000, (count * 10) + (format[i] - '0'));
        }

        return count;
    }

    private static string? Convert(char conversion, in SqlValue value, Spec spec)
    {
        switch (conversion)
        {
            case 'd' or 'i' or 'u':
                var integer = FunctionArguments.Integer(value);
                var digits = integer == long.MinValue ? "9223372036854775808" : Math.Abs(integer).ToString(CultureInfo.InvariantCulture);
                if (spec.Precision is { } minimum && digits.Length < minimum)
                {
                    digits = new string('0', minimum - digits.Length) + digits;
                }

                return Signed(integer < 0, digits, spec);
            case 'x' or 'X' or 'o':
                var bits = (ulong)FunctionArguments.Integer(value);
                var text = conversion == 'o' ? System.Convert.ToString((long)bits, 8) : bits.ToString(conversion == 'x' ? "x" : "X", CultureInfo.InvariantCulture);
                if (spec.Precision is { } least && text.Length < least)
                {
                    text = new string('0', least - text.Length) + text;
                }

                return spec.Flags.Contains('#', StringComparison.Ordinal) && bits != 0 ? (conversion == 'o' ? "0" : conversion == 'x' ? "0x" : "0X") + text : text;
            case 'f' or 'F' or 'e' or 'E' or 'g' or 'G':
                var real = FunctionArguments.Real(value);
                return Signed(real < 0, Real(Math.Abs(real), conversion, spec.Precision ?? 6, spec.Flags.Contains('#', StringComparison.Ordinal)), spec);
            case 'c':
                var character = value.IsNull ? string.Empty : FunctionArguments.Text(value);
                return character.Length == 0 ? string.Empty : Rune.GetRuneAt(character, 0).ToString();
            case 's' or 'z':
                var s = value.IsNull ? string.Empty : FunctionArguments.Text(value);
                return spec.Precision is { } max ? Prefix(s, max) : s;
            case 'q' or 'Q':
                if (value.IsNull)
                {
                    return conversion == 'Q' ? "NULL" : "(NULL)";
                }

                var quoted = FunctionArguments.Text(value).Replace("'", "''", StringComparison.Ordinal);
                return conversion == 'Q' ? "'" + quoted + "'" : quoted;
            case 'w':
                return value.IsNull ? "(NULL)" : FunctionArguments.Text(value).Replace("\"", "\"\"", StringComparison.Ordinal);
            default:
                return null;
        }
    }

    private static string Signed(bool negative, string digits, Spec spec) =>
        (negative ? "-" : spec.Flags.Contains('+', StringComparison.Ordinal) ? "+" : spec.Flags.Contains(' ', StringComparison.Ordinal) ? " " : string.Empty) + digits;

    private static string Real(double value, char conversion, int precision, bool alternate)
    {
        if (double.IsInfinity(value))
        {
            return "Inf";
        }

        if (double.IsNaN(value))
        {
            return "NaN";
        }

        var upper = char.IsUpper(conversion);
        switch (char.ToLowerInvariant(conversion))
        {
            case 'f':
                return value.ToString("F" + precision.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
            case 'e':
                return Scientific(value, precision, upper);
            default:
                var significant = precision == 0 ? 1 : precision;
                // The exponent after rounding to the significant digits decides between the two forms, as in C.
                var rounded = value.ToString("E" + (significant - 1).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
                var exponent = value == 0 ? 0 : int.Parse(rounded.AsSpan(rounded.IndexOf('E') + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
                var text = exponent < -4 || exponent >= significant
                    ? Scientific(value, significant - 1, upper)
                    : value.ToString("F" + (significant - 1 - exponent).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
                return alternate ? text : TrimZeros(text);
        }
    }

    private static string Scientific(double value, int precision, bool upper)
    {
        var text = value.ToString((upper ? "E" : "e") + precision.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
        var e = text.IndexOfAny(['e', 'E']);
        var exponent = int.Parse(text.AsSpan(e + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        return text[..e] + text[e] + (exponent < 0 ? "-" : "+") + Math.Abs(exponent).ToString("00", CultureInfo.InvariantCulture);
    }

    // %g drops trailing zeros of the fraction (and the point when nothing is left), before any exponent.
    private static string TrimZeros(string text)
    {
        var e = text.IndexOfAny(['e', 'E']);
        var mantissa = e < 0 ? text : text[..e];
        if (mantissa.Contains('.', StringComparison.Ordinal))
        {
            mantissa = mantissa.TrimEnd('0').TrimEnd('.');
        }

        return e < 0 ? mantissa : mantissa + text[e..];
    }

    private static string Prefix(string text, int characters)
    {
        var result = new StringBuilder();
        foreach (var rune in text.EnumerateRunes())
        {
            if (characters-- <= 0)
            {
                break;
            }

            result.Append(rune.ToString());
        }

        return result.ToString();
    }

    // Width counts characters; '-' pads on the right, '0' pads numbers with zeros after the sign.
    private static string Pad(string text, Spec spec, char conversion)
    {
        var length = text.EnumerateRunes().Count();
        if (length >= spec.Width)
        {
            return text;
        }

        var fill = spec.Width - length;
        if (spec.Flags.Contains('-', StringComparison.Ordinal))
        {
            return text + new string(' ', fill);
        }

        if (spec.Flags.Contains('0', StringComparison.Ordinal) && "diufFeEgGxXo".Contains(conversion, StringComparison.Ordinal))
        {
            var signLength = text.Length > 0 && text[0] is '-' or '+' or ' ' ? 1 : 0;
            return text[..signLength] + new string('0', fill) + text[signLength..];
        }

        return new string(' ', fill) + text;
    }

    private sealed class Spec
    {
        public string Flags { get; set; } = string.Empty;

        public int Width { get; set; }

        public int? Precision { get; set; }
    }
}
