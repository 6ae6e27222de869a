using System.Numerics;

namespace DocStore.Bson.Keys;

/// <summary>
/// The body of an <see cref="KeyType.Integer"/> component: a header byte 0x80 + n for a value &gt;= 0
/// followed by its n minimal big-endian bytes (n = 0 for zero), or 0x80 - n for a negative value followed
/// by the n bytes of the complement of its magnitude. Longer positives have larger headers and longer
/// negatives (larger magnitudes) smaller ones, so byte order is value order across every width from
/// <see cref="long.MinValue"/> to <see cref="ulong.MaxValue"/>; the header makes the code prefix-free.
/// </summary>
internal static class IntegerCodec
{
    /// <summary>The largest body: header plus 8 bytes.</summary>
    public const int MaxBodySize = 9;

    private const int ZeroHeader = 0x80;
    private const ulong MaxNegativeMagnitude = 1UL << 63;

    public static int GetBodySize(long value) => 1 + ByteCount(value >= 0 ? (ulong)value : 0UL - (ulong)value);

    public static int GetBodySize(ulong value) => 1 + ByteCount(value);

    public static int Write(Span<byte> destination, ulong value)
    {
        var count = ByteCount(value);
        destination[0] = (byte)(ZeroHeader + count);
        KeyBytes.WriteBigEndian(destination[1..], value, count);
        return 1 + count;
    }

    public static int Write(Span<byte> destination, long value)
    {
        if (value >= 0)
        {
            return Write(destination, (ulong)value);
        }

        // Two's complement negation is exact for every negative long, long.MinValue included (2^63).
        var magnitude = 0UL - (ulong)value;
        var count = ByteCount(magnitude);
        destination[0] = (byte)(ZeroHeader - count);
        KeyBytes.WriteBigEndian(destination[1..], ~magnitude, count);
        return 1 + count;
    }

    /// <summary>Decodes a body read through <paramref name="mask"/>, rejecting non-minimal forms.</summary>
    public static Int128 Read(ReadOnlySpan<byte> raw, byte mask, long offset, out int consumed)
    {
        if (raw.IsEmpty)
        {
            throw KeyErrors.Truncated(KeyType.Integer, offset);
        }

        var header = raw[0] ^ mask;
        var negative = header < ZeroHeader;
        var count = negative ? ZeroHeader - header : header - ZeroHeader;
        if (count > 8)
        {
            throw KeyErrors.Invalid(KeyType.Integer, $"length header 0x{header:X2} is outside 0x78..0x88", offset);
        }

        if (raw.Length < 1 + count)
        {
            throw KeyErrors.Truncated(KeyType.Integer, offset);
        }

        consumed = 1 + count;
        var bits = KeyBytes.ReadBigEndian(raw[1..], count, mask);
        if (!negative)
        {
            if (count > 0 && (byte)(raw[1] ^ mask) == 0)
            {
                throw KeyErrors.Invalid(KeyType.Integer, "a leading zero byte (not the minimal length)", offset);
            }

            return bits;
        }

        if ((byte)(raw[1] ^ mask) == 0xFF)
        {
            throw KeyErrors.Invalid(KeyType.Integer, "a negative value that is not in its minimal length", offset);
        }

        var magnitude = ~bits & (ulong.MaxValue >> (64 - (8 * count)));
        if (magnitude > MaxNegativeMagnitude)
        {
            throw KeyErrors.Invalid(KeyType.Integer, "a value below Int64.MinValue", offset);
        }

        return -(Int128)magnitude;
    }

    private static int ByteCount(ulong value) => (71 - BitOperations.LeadingZeroCount(value)) >> 3;
}
