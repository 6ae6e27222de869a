using System.Numerics;

namespace DocStore.Bson.Keys;

/// <summary>
/// Byte-level helpers shared by the key codecs: the descending inversion, big-endian reads of n bytes
/// through a direction mask, and tag classification.
/// </summary>
/// <remarks>
/// Every component is read through a mask: 0x00 for an ascending component, 0xFF for a descending one
/// (whose bytes were all inverted when written). XOR-ing each byte with the mask gives back the
/// ascending encoding, so every codec decodes one layout only.
/// </remarks>
internal static class KeyBytes
{
    /// <summary>The mask of an ascending component.</summary>
    public const byte Ascending = 0x00;

    /// <summary>The mask of a descending component.</summary>
    public const byte Descending = 0xFF;

    /// <summary>Inverts every byte in place, turning an ascending encoding into a descending one.</summary>
    public static void Invert(Span<byte> bytes)
    {
        var i = 0;
        if (Vector.IsHardwareAccelerated && bytes.Length >= Vector<byte>.Count)
        {
            for (; i <= bytes.Length - Vector<byte>.Count; i += Vector<byte>.Count)
            {
                var slice = bytes.Slice(i, Vector<byte>.Count);
                Vector.OnesComplement(new Vector<byte>(slice)).CopyTo(slice);
            }
        }

        for (; i < bytes.Length; i++)
        {
            bytes[i] = (byte)~bytes[i];
        }
    }

    /// <summary>Copies <paramref name="source"/> to <paramref name="destination"/>, XOR-ing each byte with <paramref name="mask"/>.</summary>
    public static void CopyMasked(ReadOnlySpan<byte> source, Span<byte> destination, byte mask)
    {
        source.CopyTo(destination);
        if (mask != Ascending)
        {
            Invert(destination[..source.Length]);
        }
    }

    /// <summary>Reads <paramref name="count"/> (0..8) big-endian bytes through <paramref name="mask"/>.</summary>
    public static ulong ReadBigEndian(ReadOnlySpan<byte> source, int count, byte mask)
    {
        ulong value = 0;
        for (var i = 0; i < count; i++)
        {
            value = (value << 8) | (byte)(source[i] ^ mask);
        }

        return value;
    }

    /// <summary>Writes the low <paramref name="count"/> (0..8) bytes of <paramref name="value"/> big-endian.</summary>
    public static void WriteBigEndian(Span<byte> destination, ulong value, int count)
    {
        for (var i = count - 1; i >= 0; i--)
        {
            destination[i] = (byte)value;
            value >>= 8;
        }
    }

    /// <summary>Whether <paramref name="type"/> is one of the defined tags.</summary>
    public static bool IsDefined(KeyType type) => type switch
    {
        KeyType.MinKey or KeyType.Null or KeyType.Integer or KeyType.Double or KeyType.Decimal
            or KeyType.String or KeyType.Binary or KeyType.Guid or KeyType.ObjectId or KeyType.Boolean
            or KeyType.DateTime or KeyType.DateTimeOffset or KeyType.DateOnly or KeyType.TimeOnly
            or KeyType.TimeSpan or KeyType.MaxKey => true,
        _ => false,
    };
}
