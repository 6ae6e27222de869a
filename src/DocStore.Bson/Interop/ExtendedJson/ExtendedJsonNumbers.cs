using System.Globalization;

namespace DocStore.Bson.Interop;

/// <summary>Number text for Extended JSON: doubles in their shortest round-trip form, always recognisable as doubles.</summary>
internal static class ExtendedJsonNumbers
{
    /// <summary>The canonical quiet NaN (0x7FF8000000000000); .NET's double.NaN has the sign bit set.</summary>
    public static readonly double CanonicalNaN = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0000L);

    /// <summary>
    /// Formats a double as the shortest string that parses back to the same bits, with a decimal point in
    /// the mantissa ("1.0", "-0.0", "1.0E+15", "1.2345678921232E+18") so it never reads as an integer, and
    /// "Infinity", "-Infinity" or "NaN" for the non-finite values.
    /// </summary>
    public static string FormatDouble(double value)
    {
        if (double.IsNaN(value))
        {
            return "NaN";
        }

        if (double.IsInfinity(value))
        {
            return value > 0 ? "Infinity" : "-Infinity";
        }

        var text = value.ToString("R", CultureInfo.InvariantCulture);
        var e = text.IndexOf('E', StringComparison.Ordinal);
        var mantissa = e < 0 ? text : text[..e];
        if (!mantissa.Contains('.', StringComparison.Ordinal))
        {
            mantissa += ".0";
        }

        if (e < 0)
        {
            return mantissa;
        }

        // .NET pads the exponent ("1E-05"); print it without leading zeros and always with its sign.
        var exponent = int.Parse(text.AsSpan(e + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        return string.Create(CultureInfo.InvariantCulture, $"{mantissa}E{(exponent < 0 ? '-' : '+')}{Math.Abs(exponent)}");
    }

    /// <summary>Parses the string of a <c>$numberDouble</c>: a decimal number, "Infinity", "-Infinity" or "NaN".</summary>
    public static bool TryParseDouble(string text, out double value)
    {
        switch (text)
        {
            case "Infinity":
                value = double.PositiveInfinity;
                return true;
            case "-Infinity":
                value = double.NegativeInfinity;
                return true;
            case "NaN":
                value = CanonicalNaN;
                return true;
        }

        return TryParseFinite(text, out value);
    }

    /// <summary>Parses a finite decimal number; text that overflows to infinity, or spells a special value, is rejected.</summary>
    public static bool TryParseFinite(ReadOnlySpan<char> text, out double value)
    {
        const NumberStyles Style = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
        return double.TryParse(text, Style, CultureInfo.InvariantCulture, out value) && double.IsFinite(value);
    }

    /// <summary>Parses a finite decimal number from UTF-8.</summary>
    public static bool TryParseFinite(ReadOnlySpan<byte> utf8, out double value)
    {
        const NumberStyles Style = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
        return double.TryParse(utf8, Style, CultureInfo.InvariantCulture, out value) && double.IsFinite(value);
    }
}
