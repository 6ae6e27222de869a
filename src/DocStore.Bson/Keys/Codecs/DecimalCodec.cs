namespace DocStore.Bson.Keys;

/// <summary>
/// The body of a <see cref="KeyType.Decimal"/> component. A decimal is first normalized to
/// ±d1.d2...dn × 10^a with d1 and dn non-zero (so 1.0m and 1.00m are the same key). The body is a
/// class byte (0x01 negative, 0x02 zero, 0x03 positive); zero ends there. Otherwise follow the exponent
/// byte 0x80 + a (a in -28..28), the digits in pairs as bytes 1 + (10·d(2k-1) + d(2k)) (an odd last
/// digit padded with 0), and a 0x00 terminator. For a negative value every byte after the class byte is
/// inverted, which reverses its order. Among positives the exponent decides first and then the digit
/// string lexicographically (a shorter digit string that is a prefix is smaller, as its missing digits
/// are zeros), which is numeric order.
/// </summary>
internal static class DecimalCodec
{
    /// <summary>Class byte, exponent byte, 15 digit pairs (29 digits padded to 30), terminator.</summary>
    public const int MaxBodySize = 18;

    private const byte NegativeClass = 0x01;
    private const byte ZeroClass = 0x02;
    private const byte PositiveClass = 0x03;
    private const int ExponentBias = 0x80;
    private const int MaxDigits = 29;
    private const int MaxScale = 28;
    private const ulong TenPow19 = 10_000_000_000_000_000_000UL;

    private static readonly UInt128 MaxCoefficient = (UInt128.One << 96) - 1;

    public static int Write(Span<byte> destination, decimal value)
    {
        Span<int> parts = stackalloc int[4];
        decimal.GetBits(value, parts);
        var coefficient = new UInt128((uint)parts[2], ((ulong)(uint)parts[1] << 32) | (uint)parts[0]);
        if (coefficient == UInt128.Zero)
        {
            destination[0] = ZeroClass;
            return 1;
        }

        var scale = (parts[3] >> 16) & 0xFF;
        var negative = parts[3] < 0;

        Span<byte> digits = stackalloc byte[MaxDigits];
        var count = FormatDigits(coefficient, digits);
        var exponent = -scale;
        while (digits[count - 1] == 0)
        {
            count--;
            exponent++;
        }

        destination[0] = negative ? NegativeClass : PositiveClass;
        destination[1] = (byte)(ExponentBias + exponent + count - 1);
        var position = 2;
        for (var i = 0; i < count; i += 2)
        {
            var low = i + 1 < count ? digits[i + 1] : 0;
            destination[position++] = (byte)(1 + (digits[i] * 10) + low);
        }

        destination[position++] = 0x00;
        if (negative)
        {
            KeyBytes.Invert(destination[1..position]);
        }

        return position;
    }

    public static decimal Read(ReadOnlySpan<byte> raw, byte mask, long offset, out int consumed)
    {
        if (raw.IsEmpty)
        {
            throw KeyErrors.Truncated(KeyType.Decimal, offset);
        }

        var valueClass = (byte)(raw[0] ^ mask);
        if (valueClass == ZeroClass)
        {
            consumed = 1;
            return 0m;
        }

        if (valueClass is not (NegativeClass or PositiveClass))
        {
            throw KeyErrors.Invalid(KeyType.Decimal, $"sign class 0x{valueClass:X2} is not 0x01, 0x02 or 0x03", offset);
        }

        var negative = valueClass == NegativeClass;
        var bodyMask = negative ? (byte)~mask : mask;
        if (raw.Length < 2)
        {
            throw KeyErrors.Truncated(KeyType.Decimal, offset);
        }

        var adjustedExponent = (raw[1] ^ bodyMask) - ExponentBias;
        if (adjustedExponent is < -MaxScale or > MaxScale)
        {
            throw KeyErrors.Invalid(KeyType.Decimal, $"exponent {adjustedExponent} is outside the decimal range -28..28", offset);
        }

        var coefficient = ReadDigits(raw, bodyMask, offset, out var digitCount, out consumed);
        var exponent = adjustedExponent - digitCount + 1;
        int scale;
        if (exponent >= 0)
        {
            var factor = Pow10(exponent);
            if (coefficient > MaxCoefficient / factor)
            {
                throw KeyErrors.Invalid(KeyType.Decimal, "a magnitude beyond the decimal range", offset);
            }

            coefficient *= factor;
            scale = 0;
        }
        else
        {
            scale = -exponent;
            if (scale > MaxScale || coefficient > MaxCoefficient)
            {
                throw KeyErrors.Invalid(KeyType.Decimal, "more significant digits than a decimal holds", offset);
            }
        }

        return new decimal((int)(uint)coefficient, (int)(uint)(coefficient >> 32), (int)(uint)(coefficient >> 64), negative, (byte)scale);
    }

    private static UInt128 ReadDigits(ReadOnlySpan<byte> raw, byte bodyMask, long offset, out int digitCount, out int consumed)
    {
        UInt128 coefficient = 0;
        digitCount = 0;
        var lastPair = 0;
        var position = 2;
        while (true)
        {
            if (position >= raw.Length)
            {
                throw KeyErrors.Truncated(KeyType.Decimal, offset);
            }

            var digitByte = raw[position++] ^ bodyMask;
            if (digitByte == 0)
            {
                break;
            }

            if (digitByte > 100)
            {
                throw KeyErrors.Invalid(KeyType.Decimal, $"digit byte 0x{digitByte:X2} is above 0x64", offset + position - 1);
            }

            if (digitCount > MaxDigits)
            {
                throw KeyErrors.Invalid(KeyType.Decimal, "more than 29 digits", offset + position - 1);
            }

            lastPair = digitByte - 1;
            if (digitCount == 0 && lastPair < 10)
            {
                throw KeyErrors.Invalid(KeyType.Decimal, "a leading zero digit (not normalized)", offset + position - 1);
            }

            coefficient = (coefficient * 100) + (uint)lastPair;
            digitCount += 2;
        }

        consumed = position;
        if (digitCount == 0 || lastPair == 0)
        {
            throw KeyErrors.Invalid(KeyType.Decimal, "no digits, or trailing zero digits (not normalized)", offset);
        }

        if (lastPair % 10 == 0)
        {
            // The last pair's second digit is the padding of an odd digit count.
            coefficient /= 10;
            digitCount--;
        }

        return coefficient;
    }

    private static int FormatDigits(UInt128 coefficient, Span<byte> digits)
    {
        if (coefficient <= ulong.MaxValue)
        {
            return FormatDigits((ulong)coefficient, digits, 0);
        }

        // A 96-bit coefficient has at most 29 digits: the low 19 come from the remainder, zero-padded.
        var high = (ulong)(coefficient / TenPow19);
        var low = (ulong)(coefficient % TenPow19);
        var count = FormatDigits(high, digits, 0);
        return FormatDigits(low, digits[count..], 19) + count;
    }

    private static int FormatDigits(ulong value, Span<byte> digits, int minimumCount)
    {
        var count = 1;
        for (var rest = value; rest >= 10; rest /= 10)
        {
            count++;
        }

        count = Math.Max(count, minimumCount);
        for (var i = count - 1; i >= 0; i--)
        {
            digits[i] = (byte)(value % 10);
            value /= 10;
        }

        return count;
    }

    private static UInt128 Pow10(int exponent)
    {
        UInt128 result = 1;
        for (var i = 0; i < exponent; i++)
        {
            result *= 10;
        }

        return result;
    }
}
