using System.Buffers.Binary;

namespace DocStore.Bson.Keys;

/// <summary>
/// The body of a <see cref="KeyType.Double"/> component: 8 big-endian bytes of the IEEE bits with the
/// sign trick (positives get their sign bit set, negatives have every bit inverted), so that unsigned
/// byte order is numeric order. Two normalizations keep equal values equal: -0.0 is written as +0.0
/// (they compare equal), and every NaN is written as eight 0x00 bytes, below negative infinity, which is
/// where <see cref="double.CompareTo(double)"/> puts NaN.
/// </summary>
internal static class DoubleCodec
{
    public const int BodySize = 8;

    private const ulong SignBit = 0x8000_0000_0000_0000UL;
    private const ulong NaNEncoding = 0;
    private const ulong NegativeZeroEncoding = ~SignBit;

    public static void Write(Span<byte> destination, double value)
    {
        ulong encoded;
        if (double.IsNaN(value))
        {
            encoded = NaNEncoding;
        }
        else
        {
            var bits = value == 0 ? 0UL : BitConverter.DoubleToUInt64Bits(value);
            encoded = (bits & SignBit) != 0 ? ~bits : bits | SignBit;
        }

        BinaryPrimitives.WriteUInt64BigEndian(destination, encoded);
    }

    public static double Read(ReadOnlySpan<byte> raw, byte mask, long offset)
    {
        if (raw.Length < BodySize)
        {
            throw KeyErrors.Truncated(KeyType.Double, offset);
        }

        var encoded = KeyBytes.ReadBigEndian(raw, BodySize, mask);
        if (encoded == NaNEncoding)
        {
            return double.NaN;
        }

        if (encoded == NegativeZeroEncoding)
        {
            throw KeyErrors.Invalid(KeyType.Double, "-0.0, which keys store as +0.0", offset);
        }

        var bits = (encoded & SignBit) != 0 ? encoded & ~SignBit : ~encoded;
        var value = BitConverter.UInt64BitsToDouble(bits);
        if (double.IsNaN(value))
        {
            throw KeyErrors.Invalid(KeyType.Double, "a NaN other than the canonical eight 0x00 bytes", offset);
        }

        return value;
    }
}
