using System.Globalization;

namespace DocStore.Bson.Interop;

/// <summary>Number text for Extended JSON: doubles in their shortest round-trip form, always recognisable as doubles.</summary>
internal static class ExtendedJsonNumbers
{
    /// <summary>The canonical quiet NaN (0x7FF8000000000000); .NET's double.NaN has the sign bit set.</summary>
    public static readonly double CanonicalNaN = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0000L);

    /// <summary>
    /// Formats a double with the fewest digits that parse back to the same bits, always with a decimal
    /// point in the mantissa so it never reads as an integer: plain notation when the decimal exponent is
    /// from -4 to 15 ("1.0", "-0.0", "0.0001", "1000000000000000.0"), scientific otherwise ("1.0E-5",
    /// "1.2345678921232E+18"); "Infinity", "-Infinity" and "NaN" for the non-finite values.
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

        // "R" gives the shortest round-trip digits; only its layout is redone here.
        var text = value.ToString("R", CultureInfo.InvariantCulture).AsSpan();
        var negative = text[0] == '-';
        if (negative)
        {
            text = text[1..];
        }

        var e = text.IndexOf('E');
        var exponent = e < 0 ? 0 : int.Parse(text[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        var mantissa = e < 0 ? text : text[..e];
        var point = mantissa.IndexOf('.');
        var integerDigits = point < 0 ? mantissa.Length : point;
        Span<char> digits = stackalloc char[mantissa.Length];
        var count = 0;
        foreach (var c in mantissa)
        {
            if (c != '.')
            {
                digits[count++] = c;
            }
        }

        // Position of the decimal point relative to the first significant digit.
        var pointAt = integerDigits + exponent;
        var first = 0;
        while (first < count - 1 && digits[first] == '0')
        {
            first++;
            pointAt--;
        }

        var last = count;
        while (last > first + 1 && digits[last - 1] == '0')
        {
            last--;
        }

        var significant = digits[first..last];
        var builder = new System.Text.StringBuilder(32);
        if (negative)
        {
            builder.Append('-');
        }

        var scientificExponent = pointAt - 1;
        if (significant is "0")
        {
            builder.Append("0.0");
        }
        else if (scientificExponent is < -4 or >= 16)
        {
            builder.Append(significant[0]).Append('.');
            builder.Append(significant.Length > 1 ? significant[1..] : "0");
            builder.Append('E').Append(scientificExponent < 0 ? '-' : '+').Append(Math.Abs(scientificExponent));
        }
        else if (pointAt <= 0)
        {
            builder.Append("0.").Append('0', -pointAt).Append(significant);
        }
        else if (pointAt >= significant.Length)
        {
            builder.Append(significant).Append('0', pointAt - significant.Length).Append(".0");
        }
        else
        {
            builder.Append(significant[..pointAt]).Append('.').Append(significant[pointAt..]);
        }

        return builder.ToString();
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
