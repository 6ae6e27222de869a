using System.Diagnostics.CodeAnalysis;

namespace DocStore.Bson;

/// <summary>
/// Text conversion as the BSON decimal128 specification defines it. Parsing accepts an optional sign,
/// digits with at most one decimal point, an optional exponent ("e" or "E", optional sign, digits), and
/// the case-insensitive names "Infinity", "Inf" and "NaN"; no white space. A value is stored exactly:
/// trailing zeros beyond 34 digits are dropped and exponents are clamped into range when that loses
/// nothing, and any value that would need rounding, overflow or underflow is rejected rather than rounded.
/// Formatting follows the specification's to-string algorithm (IEEE 754 to-scientific-string).
/// </summary>
public readonly partial struct Decimal128 : ISpanFormattable, ISpanParsable<Decimal128>
{
    private const int MaxDigits = 34;

    // The longest output: sign, "0.", five zeros and 34 digits (plain), or 34 digits, point and "E+6144".
    private const int MaxFormattedLength = 48;

    private enum ParseError
    {
        None,
        Syntax,
        Inexact,
        Overflow,
        Underflow,
    }

    /// <summary>Parses a decimal128 string exactly.</summary>
    /// <param name="s">The text, for example "1.05E+3", "-0.0", "Infinity" or "NaN".</param>
    /// <exception cref="BsonFormatException">
    /// The text is not a decimal128 string, or its value cannot be stored without rounding, overflow or underflow.
    /// </exception>
    public static Decimal128 Parse(string s)
    {
        ArgumentNullException.ThrowIfNull(s);
        return Parse(s.AsSpan(), null);
    }

    /// <inheritdoc cref="Parse(string)"/>
    /// <param name="s">The text.</param>
    /// <param name="provider">Ignored: the format does not depend on culture.</param>
    public static Decimal128 Parse(string s, IFormatProvider? provider)
    {
        ArgumentNullException.ThrowIfNull(s);
        return Parse(s.AsSpan(), provider);
    }

    /// <inheritdoc cref="Parse(string)"/>
    /// <param name="s">The text.</param>
    /// <param name="provider">Ignored: the format does not depend on culture.</param>
    public static Decimal128 Parse(ReadOnlySpan<char> s, IFormatProvider? provider)
    {
        var error = TryParseCore(s, out var result, out var offset);
        return error switch
        {
            ParseError.None => result,
            ParseError.Inexact => throw new BsonFormatException($"The decimal128 string '{s}' has more than {MaxDigits} significant digits; storing it would round.", offset),
            ParseError.Overflow => throw new BsonFormatException($"The decimal128 string '{s}' is too large: its exponent exceeds {MaxExponent} even with 34 digits.", offset),
            ParseError.Underflow => throw new BsonFormatException($"The decimal128 string '{s}' is too small: its exponent is below {MinExponent} and storing it would round.", offset),
            _ => throw new BsonFormatException($"'{s}' is not a decimal128 string (expected digits with an optional point and exponent, Infinity or NaN).", offset),
        };
    }

    /// <summary>Tries to parse a decimal128 string exactly.</summary>
    /// <param name="s">The text.</param>
    /// <param name="provider">Ignored: the format does not depend on culture.</param>
    /// <param name="result">The value, or default on failure.</param>
    /// <returns>Whether the text is valid and exactly representable.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider? provider, out Decimal128 result) =>
        TryParseCore(s, out result, out _) == ParseError.None;

    /// <inheritdoc cref="TryParse(ReadOnlySpan{char}, IFormatProvider?, out Decimal128)"/>
    public static bool TryParse([NotNullWhen(true)] string? s, IFormatProvider? provider, out Decimal128 result)
    {
        if (s is null)
        {
            result = default;
            return false;
        }

        return TryParse(s.AsSpan(), provider, out result);
    }

    /// <summary>Formats the value as the BSON decimal128 specification requires, e.g. "1.05E+3", "-0.0", "NaN".</summary>
    public override string ToString()
    {
        Span<char> buffer = stackalloc char[MaxFormattedLength];
        TryFormat(buffer, out var written, default, null);
        return new string(buffer[..written]);
    }

    /// <inheritdoc cref="ToString()"/>
    /// <param name="format">Ignored: there is one format.</param>
    /// <param name="formatProvider">Ignored: the format does not depend on culture.</param>
    public string ToString(string? format, IFormatProvider? formatProvider) => ToString();

    /// <summary>Formats the value into <paramref name="destination"/>.</summary>
    /// <param name="destination">The buffer; 48 characters always suffice.</param>
    /// <param name="charsWritten">How many characters were written.</param>
    /// <param name="format">Ignored: there is one format.</param>
    /// <param name="provider">Ignored: the format does not depend on culture.</param>
    /// <returns>Whether the buffer was large enough.</returns>
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        Span<char> text = stackalloc char[MaxFormattedLength];
        var length = FormatCore(text);
        charsWritten = 0;
        if (length > destination.Length)
        {
            return false;
        }

        text[..length].CopyTo(destination);
        charsWritten = length;
        return true;
    }

    private int FormatCore(Span<char> text)
    {
        if (IsNaN)
        {
            "NaN".CopyTo(text);
            return 3;
        }

        var pos = 0;
        if (IsNegative)
        {
            text[pos++] = '-';
        }

        if (IsInfinity)
        {
            "Infinity".CopyTo(text[pos..]);
            return pos + 8;
        }

        var (coefficient, exponent) = this;
        Span<char> digits = stackalloc char[MaxDigits + 1];
        coefficient.TryFormat(digits, out var digitCount, default, System.Globalization.CultureInfo.InvariantCulture);
        var adjusted = exponent + (digitCount - 1);

        if (exponent <= 0 && adjusted >= -6)
        {
            if (exponent == 0)
            {
                digits[..digitCount].CopyTo(text[pos..]);
                return pos + digitCount;
            }

            // Plain notation with a decimal point: -exponent digits go after the point.
            var integerDigits = digitCount + exponent;
            if (integerDigits > 0)
            {
                digits[..integerDigits].CopyTo(text[pos..]);
                pos += integerDigits;
                text[pos++] = '.';
                digits[integerDigits..digitCount].CopyTo(text[pos..]);
                return pos + (digitCount - integerDigits);
            }

            text[pos++] = '0';
            text[pos++] = '.';
            text.Slice(pos, -integerDigits).Fill('0');
            pos += -integerDigits;
            digits[..digitCount].CopyTo(text[pos..]);
            return pos + digitCount;
        }

        // Scientific notation: one digit, the rest after a point, then the adjusted exponent with its sign.
        text[pos++] = digits[0];
        if (digitCount > 1)
        {
            text[pos++] = '.';
            digits[1..digitCount].CopyTo(text[pos..]);
            pos += digitCount - 1;
        }

        text[pos++] = 'E';
        text[pos++] = adjusted < 0 ? '-' : '+';
        Math.Abs(adjusted).TryFormat(text[pos..], out var expChars, default, System.Globalization.CultureInfo.InvariantCulture);
        return pos + expChars;
    }

    private static ParseError TryParseCore(ReadOnlySpan<char> s, out Decimal128 result, out int offset)
    {
        result = default;
        offset = 0;
        var pos = 0;
        var negative = false;
        if (pos < s.Length && (s[pos] == '+' || s[pos] == '-'))
        {
            negative = s[pos] == '-';
            pos++;
        }

        var rest = s[pos..];
        if (rest.Equals("Infinity", StringComparison.OrdinalIgnoreCase) || rest.Equals("Inf", StringComparison.OrdinalIgnoreCase))
        {
            result = negative ? NegativeInfinity : PositiveInfinity;
            return ParseError.None;
        }

        if (rest.Equals("NaN", StringComparison.OrdinalIgnoreCase))
        {
            result = negative ? new Decimal128(NaNBits | SignBit, 0) : NaN;
            return ParseError.None;
        }

        // Digits: keep the first 34 significant ones; any further significant digit must be a zero.
        var coefficient = UInt128.Zero;
        var significantDigits = 0;
        long droppedZeros = 0;
        long fractionDigits = 0;
        var anyDigit = false;
        var sawPoint = false;
        for (; pos < s.Length; pos++)
        {
            var c = s[pos];
            if (c == '.')
            {
                if (sawPoint)
                {
                    offset = pos;
                    return ParseError.Syntax;
                }

                sawPoint = true;
                continue;
            }

            if (!char.IsAsciiDigit(c))
            {
                break;
            }

            anyDigit = true;
            if (sawPoint)
            {
                fractionDigits++;
            }

            var digit = c - '0';
            if (significantDigits == 0 && digit == 0)
            {
                continue;
            }

            if (significantDigits < MaxDigits)
            {
                coefficient = (coefficient * 10) + (uint)digit;
                significantDigits++;
            }
            else if (digit == 0)
            {
                droppedZeros++;
            }
            else
            {
                offset = pos;
                return ParseError.Inexact;
            }
        }

        if (!anyDigit)
        {
            offset = pos;
            return ParseError.Syntax;
        }

        long exponent = 0;
        if (pos < s.Length && (s[pos] == 'e' || s[pos] == 'E'))
        {
            pos++;
            var exponentNegative = false;
            if (pos < s.Length && (s[pos] == '+' || s[pos] == '-'))
            {
                exponentNegative = s[pos] == '-';
                pos++;
            }

            var exponentStart = pos;
            for (; pos < s.Length && char.IsAsciiDigit(s[pos]); pos++)
            {
                // Saturate: any exponent this large is out of range whatever the digits are.
                exponent = Math.Min((exponent * 10) + (s[pos] - '0'), 1_000_000_000L);
            }

            if (pos == exponentStart)
            {
                offset = pos;
                return ParseError.Syntax;
            }

            exponent = exponentNegative ? -exponent : exponent;
        }

        if (pos != s.Length)
        {
            offset = pos;
            return ParseError.Syntax;
        }

        exponent = exponent - fractionDigits + droppedZeros;
        if (coefficient == UInt128.Zero)
        {
            result = FromParts(negative, UInt128.Zero, (int)Math.Clamp(exponent, MinExponent, MaxExponent));
            return ParseError.None;
        }

        // Clamp exactly: a large exponent borrows zeros into the coefficient while it has room, a small
        // one gives trailing zeros back. Each loop runs at most 34 times.
        while (exponent > MaxExponent && significantDigits < MaxDigits)
        {
            coefficient *= 10;
            significantDigits++;
            exponent--;
        }

        if (exponent > MaxExponent)
        {
            offset = s.Length;
            return ParseError.Overflow;
        }

        while (exponent < MinExponent && coefficient % 10 == UInt128.Zero)
        {
            coefficient /= 10;
            exponent++;
        }

        if (exponent < MinExponent)
        {
            offset = s.Length;
            return ParseError.Underflow;
        }

        result = FromParts(negative, coefficient, (int)exponent);
        return ParseError.None;
    }
}
