using System.Globalization;

namespace DocStore.Sql.Bound;

/// <summary>
/// Doubles printed as SQLite prints them (CAST to text, <c>||</c>, <c>quote()</c>): 15 significant digits when
/// they read back exactly, else 17 (<c>0.1</c>, <c>0.30000000000000004</c>); trailing zeros dropped but a
/// decimal point kept (<c>1.0</c>); the exponent form below 1e-4 and for exponents
/// beyond 16 (<c>1.0e+17</c>, <c>1.0e-05</c>). SQLite's 17th digit can differ from the exact one, which is used here.
/// </summary>
internal static class SqliteReal
{
    public static string Format(double value)
    {
        var text = Format(value, 15);
        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var back) && back == value ? text : Format(value, 17);
    }

    private static string Format(double value, int precision)
    {
        if (double.IsNaN(value) || double.IsInfinity(value))
        {
            return double.IsNaN(value) ? "NaN" : value > 0 ? "Inf" : "-Inf";
        }

        if (value == 0)
        {
            return "0.0";
        }

        var sign = value < 0 ? "-" : string.Empty;
        var (digits, exponent) = Digits(Math.Abs(value), precision);
        if (exponent < -4 || exponent > 16)
        {
            return sign + digits[0] + "." + (digits.Length > 1 ? digits[1..] : "0") + Exponent(exponent);
        }

        string text;
        if (exponent < 0)
        {
            text = "0." + new string('0', -exponent - 1) + digits;
        }
        else if (digits.Length > exponent + 1)
        {
            text = digits[..(exponent + 1)] + "." + digits[(exponent + 1)..];
        }
        else
        {
            text = digits + new string('0', exponent + 1 - digits.Length) + ".0";
        }

        return sign + text;
    }

    // The significant digits (no trailing zeros) and the decimal exponent of the first one.
    private static (string Digits, int Exponent) Digits(double magnitude, int precision)
    {
        var scientific = magnitude.ToString("E" + (precision - 1).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
        var e = scientific.IndexOf('E');
        var digits = scientific[..e].Replace(".", string.Empty, StringComparison.Ordinal).TrimEnd('0');
        return (digits.Length == 0 ? "0" : digits, int.Parse(scientific.AsSpan(e + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture));
    }

    private static string Exponent(int exponent) =>
        "e" + (exponent < 0 ? "-" : "+") + Math.Abs(exponent).ToString("00", CultureInfo.InvariantCulture);
}
