using System.Buffers.Text;
using System.Globalization;

namespace DocStore.Metadata;

/// <summary>
/// The text relaxed Extended JSON gives a finite double, written as UTF-8 without allocating: the shortest
/// digits that parse back to the same bits, always with a decimal point in the mantissa so it reads back as a
/// double; plain when the decimal exponent is from -4 to 15 (<c>1.0</c>, <c>-0.0</c>, <c>0.0001</c>),
/// scientific otherwise (<c>1.0E-5</c>, <c>1.2345678921232E+18</c>). The same layout as DocStore.Bson's converter.
/// </summary>
internal static class JsonDoubleText
{
    /// <summary>Enough room for any finite double's text.</summary>
    public const int MaxLength = 64;

    public static int Format(double value, Span<byte> destination)
    {
        // "R" gives the shortest round-trip digits; only their layout is redone here.
        Span<byte> round = stackalloc byte[32];
        value.TryFormat(round, out var length, "R", CultureInfo.InvariantCulture);
        ReadOnlySpan<byte> text = round[..length];
        var negative = text[0] == '-';
        if (negative)
        {
            text = text[1..];
        }

        var e = text.IndexOf((byte)'E');
        var exponent = 0;
        if (e >= 0)
        {
            var exponentText = text[(e + 1)..];
            var exponentNegative = exponentText[0] == '-';
            if (exponentText[0] is (byte)'-' or (byte)'+')
            {
                exponentText = exponentText[1..];
            }

            if (Utf8Parser.TryParse(exponentText, out exponent, out _) && exponentNegative)
            {
                exponent = -exponent;
            }
        }

        var mantissa = e < 0 ? text : text[..e];
        var point = mantissa.IndexOf((byte)'.');
        var integerDigits = point < 0 ? mantissa.Length : point;
        Span<byte> digits = stackalloc byte[mantissa.Length];
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

        ReadOnlySpan<byte> significant = digits[first..last];
        var w = 0;
        if (negative)
        {
            destination[w++] = (byte)'-';
        }

        var scientificExponent = pointAt - 1;
        if (significant is [(byte)'0'])
        {
            w += Append(destination[w..], "0.0"u8);
        }
        else if (scientificExponent is < -4 or >= 16)
        {
            destination[w++] = significant[0];
            destination[w++] = (byte)'.';
            w += Append(destination[w..], significant.Length > 1 ? significant[1..] : "0"u8);
            destination[w++] = (byte)'E';
            destination[w++] = scientificExponent < 0 ? (byte)'-' : (byte)'+';
            Math.Abs(scientificExponent).TryFormat(destination[w..], out var written, default, CultureInfo.InvariantCulture);
            w += written;
        }
        else if (pointAt <= 0)
        {
            w += Append(destination[w..], "0."u8);
            destination.Slice(w, -pointAt).Fill((byte)'0');
            w += -pointAt;
            w += Append(destination[w..], significant);
        }
        else if (pointAt >= significant.Length)
        {
            w += Append(destination[w..], significant);
            destination.Slice(w, pointAt - significant.Length).Fill((byte)'0');
            w += pointAt - significant.Length;
            w += Append(destination[w..], ".0"u8);
        }
        else
        {
            w += Append(destination[w..], significant[..pointAt]);
            destination[w++] = (byte)'.';
            w += Append(destination[w..], significant[pointAt..]);
        }

        return w;
    }

    private static int Append(Span<byte> destination, ReadOnlySpan<byte> text)
    {
        text.CopyTo(destination);
        return text.Length;
    }
}
