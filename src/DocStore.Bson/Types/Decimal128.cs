using System.Buffers.Binary;

namespace DocStore.Bson;

/// <summary>
/// An IEEE 754-2008 decimal128 value in the binary integer decimal (BID) encoding that BSON uses:
/// 34 significant decimal digits, exponents from -6176 to 6111, infinities and NaN. Conversion from
/// <see cref="decimal"/> is always exact (scale and trailing zeros included); conversion back is exact
/// or throws <see cref="OverflowException"/>, never rounds.
/// </summary>
public readonly partial struct Decimal128 : IEquatable<Decimal128>
{
    /// <summary>The size of a decimal128 in bytes.</summary>
    public const int Size = 16;

    /// <summary>The exponent bias of the BID encoding.</summary>
    internal const int ExponentBias = 6176;

    /// <summary>The smallest exponent.</summary>
    public const int MinExponent = -6176;

    /// <summary>The largest exponent.</summary>
    public const int MaxExponent = 6111;

    /// <summary>The largest coefficient: 10^34 - 1.</summary>
    internal static readonly UInt128 MaxCoefficient = UInt128.Parse("9999999999999999999999999999999999", System.Globalization.CultureInfo.InvariantCulture);

    private const ulong SignBit = 0x8000_0000_0000_0000UL;
    private const ulong InfinityBits = 0x7800_0000_0000_0000UL;
    private const ulong NaNBits = 0x7C00_0000_0000_0000UL;

    /// <summary>Creates a value from the high and low 64 bits of its BID encoding.</summary>
    /// <param name="high">Bits 127..64: sign, combination field, high coefficient bits.</param>
    /// <param name="low">Bits 63..0: low coefficient bits.</param>
    public Decimal128(ulong high, ulong low)
    {
        HighBits = high;
        LowBits = low;
    }

    /// <summary>Bits 127..64 of the BID encoding.</summary>
    public ulong HighBits { get; }

    /// <summary>Bits 63..0 of the BID encoding.</summary>
    public ulong LowBits { get; }

    /// <summary>Positive infinity.</summary>
    public static Decimal128 PositiveInfinity => new(InfinityBits, 0);

    /// <summary>Negative infinity.</summary>
    public static Decimal128 NegativeInfinity => new(InfinityBits | SignBit, 0);

    /// <summary>A quiet NaN.</summary>
    public static Decimal128 NaN => new(NaNBits, 0);

    /// <summary>Whether the sign bit is set (true for -0 and negative NaN too).</summary>
    public bool IsNegative => (HighBits & SignBit) != 0;

    /// <summary>Whether this is a NaN (quiet or signaling).</summary>
    public bool IsNaN => (HighBits & 0x7C00_0000_0000_0000UL) == NaNBits;

    /// <summary>Whether this is positive or negative infinity.</summary>
    public bool IsInfinity => (HighBits & 0x7C00_0000_0000_0000UL) == InfinityBits;

    /// <summary>Whether this is a finite number.</summary>
    public bool IsFinite => (HighBits & InfinityBits) != InfinityBits;

    /// <summary>Reads a value from 16 little-endian bytes, as BSON stores it.</summary>
    /// <param name="source">At least 16 bytes.</param>
    public static Decimal128 ReadFrom(ReadOnlySpan<byte> source) =>
        new(BinaryPrimitives.ReadUInt64LittleEndian(source[8..]), BinaryPrimitives.ReadUInt64LittleEndian(source));

    /// <summary>Writes the value as 16 little-endian bytes, as BSON stores it.</summary>
    /// <param name="destination">At least 16 bytes.</param>
    public void WriteTo(Span<byte> destination)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(destination, LowBits);
        BinaryPrimitives.WriteUInt64LittleEndian(destination[8..], HighBits);
    }

    /// <summary>
    /// Splits a finite value into coefficient and unbiased exponent. Non-canonical encodings (a
    /// coefficient above 10^34 - 1, including the "11" combination form) have the value zero.
    /// </summary>
    /// <param name="coefficient">The coefficient, at most 10^34 - 1.</param>
    /// <param name="exponent">The unbiased exponent.</param>
    /// <exception cref="InvalidOperationException">The value is infinite or NaN.</exception>
    public void Deconstruct(out UInt128 coefficient, out int exponent)
    {
        if (!IsFinite)
        {
            throw new InvalidOperationException("Infinity and NaN have no coefficient or exponent.");
        }

        if ((HighBits & 0x6000_0000_0000_0000UL) == 0x6000_0000_0000_0000UL)
        {
            // "11" form: the implied coefficient is at least 2^113 > 10^34 - 1, so it is non-canonical: zero.
            exponent = (int)((HighBits >> 47) & 0x3FFF) - ExponentBias;
            coefficient = UInt128.Zero;
            return;
        }

        exponent = (int)((HighBits >> 49) & 0x3FFF) - ExponentBias;
        coefficient = new UInt128(HighBits & 0x0001_FFFF_FFFF_FFFFUL, LowBits);
        if (coefficient > MaxCoefficient)
        {
            coefficient = UInt128.Zero;
        }
    }

    /// <summary>Builds a finite value from sign, coefficient and unbiased exponent.</summary>
    /// <param name="negative">The sign.</param>
    /// <param name="coefficient">At most 10^34 - 1.</param>
    /// <param name="exponent">From -6176 to 6111.</param>
    /// <exception cref="ArgumentOutOfRangeException">The coefficient or exponent is out of range.</exception>
    public static Decimal128 FromParts(bool negative, UInt128 coefficient, int exponent)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(coefficient, MaxCoefficient);
        ArgumentOutOfRangeException.ThrowIfLessThan(exponent, MinExponent);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(exponent, MaxExponent);
        var high = (ulong)(coefficient >> 64) | ((ulong)(exponent + ExponentBias) << 49);
        if (negative)
        {
            high |= SignBit;
        }

        return new Decimal128(high, (ulong)coefficient);
    }

    /// <summary>Converts a <see cref="decimal"/> exactly, keeping its scale (1.0m and 1.00m stay distinct).</summary>
    /// <param name="value">The value.</param>
    public static Decimal128 FromDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);

        // A decimal's 96-bit coefficient and scale 0..28 are always in range, so the encoding is
        // assembled directly, without FromParts' 128-bit range checks.
        var scale = (bits[3] >> 16) & 0xFF;
        var high = (uint)bits[2] | ((ulong)(ExponentBias - scale) << 49);
        if (bits[3] < 0)
        {
            high |= SignBit;
        }

        return new Decimal128(high, ((ulong)(uint)bits[1] << 32) | (uint)bits[0]);
    }

    /// <summary>Converts to <see cref="decimal"/> exactly.</summary>
    /// <returns>The same number; trailing zeros are kept where <see cref="decimal"/> can hold them.</returns>
    /// <exception cref="OverflowException">
    /// The value is infinite, NaN, or cannot be held by <see cref="decimal"/> without rounding (more than
    /// 96 bits of coefficient or more than 28 fractional digits that are not trailing zeros).
    /// </exception>
    public decimal ToDecimal()
    {
        if (!TryToDecimal(out var result))
        {
            throw new OverflowException($"The decimal128 value {this} cannot be represented exactly as System.Decimal.");
        }

        return result;
    }

    /// <summary>Tries to convert to <see cref="decimal"/> without rounding.</summary>
    /// <param name="result">The converted value, or 0 on failure.</param>
    /// <returns>Whether the value is finite and exactly representable.</returns>
    public bool TryToDecimal(out decimal result)
    {
        // Fast path for the common case (what FromDecimal writes): the "00/01/10" form, a coefficient of
        // at most 96 bits and an exponent decimal can hold as a scale, with nothing to scale or trim.
        var high = HighBits;
        if ((high & 0x6000_0000_0000_0000UL) != 0x6000_0000_0000_0000UL)
        {
            var coefficientHigh = high & 0x0001_FFFF_FFFF_FFFFUL;
            var biased = (int)((high >> 49) & 0x3FFF);
            if (coefficientHigh <= uint.MaxValue && biased <= ExponentBias && biased >= ExponentBias - 28)
            {
                result = new decimal((int)(uint)LowBits, (int)(uint)(LowBits >> 32), (int)(uint)coefficientHigh, IsNegative, (byte)(ExponentBias - biased));
                return true;
            }
        }

        result = 0m;
        if (!IsFinite)
        {
            return false;
        }

        var (coefficient, exponent) = this;
        var ten = (UInt128)10;
        var max96 = (UInt128.One << 96) - 1;
        if (coefficient == UInt128.Zero)
        {
            // Zero is exact at any exponent; keep as much of the scale as decimal allows.
            var zeroScale = (byte)Math.Clamp(-exponent, 0, 28);
            result = new decimal(0, 0, 0, IsNegative, zeroScale);
            return true;
        }

        while (exponent > 0)
        {
            if (coefficient > max96 / ten)
            {
                return false;
            }

            coefficient *= ten;
            exponent--;
        }

        // Too many fractional digits or too wide a coefficient: drop trailing zeros only, never round, and
        // only while a fractional digit is dropped: an exponent above 0 is no decimal scale (a coefficient
        // too wide at exponent 0 is an integer beyond decimal's range).
        while (exponent < 0 && (-exponent > 28 || coefficient > max96) && coefficient % ten == UInt128.Zero)
        {
            coefficient /= ten;
            exponent++;
        }

        if (-exponent > 28 || coefficient > max96)
        {
            return false;
        }

        var low = (ulong)coefficient;
        result = new decimal((int)(uint)low, (int)(uint)(low >> 32), (int)(uint)(coefficient >> 64), IsNegative, (byte)-exponent);
        return true;
    }

    /// <summary>Converts a <see cref="decimal"/> exactly.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator Decimal128(decimal value) => FromDecimal(value);

    /// <summary>Converts to <see cref="decimal"/> exactly, or throws <see cref="OverflowException"/>.</summary>
    /// <param name="value">The value.</param>
    public static explicit operator decimal(Decimal128 value) => value.ToDecimal();

    /// <summary>Bitwise equality: the same encoding (so 1.0 and 1.00 differ, as they do in BSON).</summary>
    /// <param name="other">The value to compare with.</param>
    public bool Equals(Decimal128 other) => HighBits == other.HighBits && LowBits == other.LowBits;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is Decimal128 other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(HighBits, LowBits);

    /// <summary>Bitwise equality.</summary>
    public static bool operator ==(Decimal128 left, Decimal128 right) => left.Equals(right);

    /// <summary>Bitwise inequality.</summary>
    public static bool operator !=(Decimal128 left, Decimal128 right) => !left.Equals(right);
}
