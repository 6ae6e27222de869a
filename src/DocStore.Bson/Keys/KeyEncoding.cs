namespace DocStore.Bson.Keys;

/// <summary>
/// Sizes and the comparison of encoded index keys. Encoded keys compare with one unsigned
/// lexicographic byte comparison (<see cref="Compare"/>), whose result is the order of the values they
/// encode, component by component. See <c>docs/format.md (section "Index keys")</c>.
/// </summary>
public static class KeyEncoding
{
    /// <summary>The size of a Guid body.</summary>
    internal const int GuidSize = 16;

    /// <summary>The size of the tag that starts every component.</summary>
    public const int TagSize = 1;

    /// <summary>The largest encoded size of any component whose size does not depend on a length (a decimal's).</summary>
    public const int MaxFixedComponentSize = TagSize + DecimalCodec.MaxBodySize;

    /// <summary>The largest number of characters <see cref="GetMaxStringByteCount"/> accepts.</summary>
    public const int MaxStringLength = (int.MaxValue - TagSize - EscapedBytes.TerminatorSize) / 3;

    /// <summary>The largest number of bytes <see cref="GetMaxBinaryByteCount"/> accepts.</summary>
    public const int MaxBinaryLength = (int.MaxValue - TagSize - EscapedBytes.TerminatorSize) / 2;

    /// <summary>Compares two encoded keys; the sign is the order of the keys they encode.</summary>
    /// <param name="left">An encoded key.</param>
    /// <param name="right">An encoded key.</param>
    /// <returns>Negative, zero or positive as <paramref name="left"/> sorts before, with or after <paramref name="right"/>.</returns>
    public static int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) => left.SequenceCompareTo(right);

    /// <summary>The largest encoded size (tag included) of one component of a fixed-size type.</summary>
    /// <param name="type">Any type except <see cref="KeyType.String"/> and <see cref="KeyType.Binary"/>.</param>
    /// <returns>The size in bytes; integers and decimals may take fewer.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The size depends on a length, or the type is undefined.</exception>
    public static int GetMaxByteCount(KeyType type) => TagSize + type switch
    {
        KeyType.MinKey or KeyType.Null or KeyType.MaxKey => 0,
        KeyType.Boolean => 1,
        KeyType.Integer => IntegerCodec.MaxBodySize,
        KeyType.Double => DoubleCodec.BodySize,
        KeyType.Decimal => DecimalCodec.MaxBodySize,
        KeyType.Guid => GuidSize,
        KeyType.ObjectId => ObjectId.Size,
        KeyType.DateTime => TemporalCodec.DateTimeBodySize,
        KeyType.DateTimeOffset => TemporalCodec.DateTimeOffsetBodySize,
        KeyType.DateOnly => TemporalCodec.DateOnlyBodySize,
        KeyType.TimeOnly => TemporalCodec.TimeOnlyBodySize,
        KeyType.TimeSpan => TemporalCodec.TimeSpanBodySize,
        KeyType.String or KeyType.Binary => throw new ArgumentOutOfRangeException(nameof(type), type, "The size of a string or binary component depends on its length: use GetMaxStringByteCount or GetMaxBinaryByteCount."),
        _ => throw new ArgumentOutOfRangeException(nameof(type), type, "Not a key type."),
    };

    /// <summary>The largest encoded size of a string component of <paramref name="length"/> UTF-16 chars (3 bytes a char, tag and terminator).</summary>
    /// <param name="length">The number of chars, 0..<see cref="MaxStringLength"/>.</param>
    /// <returns>The size in bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or above <see cref="MaxStringLength"/>.</exception>
    public static int GetMaxStringByteCount(int length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(length, MaxStringLength);
        return TagSize + (3 * length) + EscapedBytes.TerminatorSize;
    }

    /// <summary>The exact encoded size of <paramref name="value"/> as a string component.</summary>
    /// <param name="value">The text.</param>
    /// <returns>The size in bytes, tag and terminator included.</returns>
    public static int GetStringByteCount(ReadOnlySpan<char> value) =>
        TagSize + Wtf8.GetEscapedByteCount(value) + EscapedBytes.TerminatorSize;

    /// <summary>The largest encoded size of a binary component of <paramref name="length"/> bytes (every byte escaped).</summary>
    /// <param name="length">The number of bytes, 0..<see cref="MaxBinaryLength"/>.</param>
    /// <returns>The size in bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or above <see cref="MaxBinaryLength"/>.</exception>
    public static int GetMaxBinaryByteCount(int length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(length, MaxBinaryLength);
        return TagSize + (2 * length) + EscapedBytes.TerminatorSize;
    }

    /// <summary>The exact encoded size of <paramref name="value"/> as a binary component.</summary>
    /// <param name="value">The bytes.</param>
    /// <returns>The size in bytes, tag and terminator included.</returns>
    public static int GetBinaryByteCount(ReadOnlySpan<byte> value) =>
        TagSize + value.Length + value.Count((byte)0) + EscapedBytes.TerminatorSize;
}
