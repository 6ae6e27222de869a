namespace DocStore.Bson.Keys;

/// <summary>
/// A half-open range [<see cref="Lower"/>, <see cref="Upper"/>) of encoded keys, for range scans. Built
/// with <see cref="ForPrefix"/> from an encoded prefix: whole components (all keys whose first components
/// equal given values) optionally ended by <see cref="KeyWriter.WriteStringPrefix"/> or
/// <see cref="KeyWriter.WriteBinaryPrefix"/> (all keys whose next string or binary starts with given text or
/// bytes), in either direction.
/// </summary>
/// <remarks>
/// Every component encoding is prefix-free, so "the key's components start with these values" is exactly
/// "the key's bytes start with these bytes"; and the keys that start with bytes P are exactly those in
/// [P, successor(P)), where successor(P) drops P's trailing 0xFF bytes and adds one to the last byte left.
/// No key starts with 0xFF (no tag is 0xFF), so for an empty prefix the upper bound is the single byte
/// 0xFF, above every key.
/// </remarks>
public readonly struct KeyRange
{
    private const byte AboveEveryTag = 0xFF;

    /// <summary>Creates a range from its bounds.</summary>
    /// <param name="lower">The inclusive lower bound.</param>
    /// <param name="upper">The exclusive upper bound.</param>
    public KeyRange(ReadOnlyMemory<byte> lower, ReadOnlyMemory<byte> upper)
    {
        Lower = lower;
        Upper = upper;
    }

    /// <summary>The inclusive lower bound.</summary>
    public ReadOnlyMemory<byte> Lower { get; }

    /// <summary>The exclusive upper bound.</summary>
    public ReadOnlyMemory<byte> Upper { get; }

    /// <summary>The range of every key that starts with the bytes <paramref name="prefix"/>.</summary>
    /// <param name="prefix">An encoded key prefix, as <see cref="KeyWriter.WrittenSpan"/> gives it.</param>
    /// <returns>The range; its bounds are new arrays.</returns>
    public static KeyRange ForPrefix(ReadOnlySpan<byte> prefix)
    {
        var upper = new byte[Math.Max(prefix.Length, 1)];
        var length = WritePrefixUpperBound(prefix, upper);
        return new KeyRange(prefix.ToArray(), upper.AsMemory(0, length));
    }

    /// <summary>The range of every single-string key that starts with <paramref name="prefix"/>.</summary>
    /// <param name="prefix">The text.</param>
    /// <param name="descending">The direction of the string component.</param>
    /// <returns>The range; its bounds are new arrays.</returns>
    /// <exception cref="ArgumentException"><paramref name="prefix"/> ends with a high surrogate.</exception>
    public static KeyRange ForStringPrefix(ReadOnlySpan<char> prefix, bool descending = false)
    {
        var buffer = new byte[KeyEncoding.GetStringByteCount(prefix)];
        var writer = new KeyWriter(buffer);
        writer.WriteStringPrefix(prefix, descending);
        return ForPrefix(writer.WrittenSpan);
    }

    /// <summary>
    /// Writes the exclusive upper bound of the keys that start with <paramref name="prefix"/>; allocates nothing.
    /// </summary>
    /// <param name="prefix">An encoded key prefix.</param>
    /// <param name="destination">At least max(1, prefix length) bytes.</param>
    /// <returns>The length of the bound.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too small.</exception>
    public static int WritePrefixUpperBound(ReadOnlySpan<byte> prefix, Span<byte> destination)
    {
        var last = prefix.LastIndexOfAnyExcept(AboveEveryTag);
        if (last < 0)
        {
            // The empty prefix matches every key, and every key starts below 0xFF; a non-empty prefix of
            // 0xFF bytes alone matches no key and has no upper bound.
            if (destination.IsEmpty)
            {
                throw new ArgumentException("The destination must hold at least 1 byte.", nameof(destination));
            }

            if (!prefix.IsEmpty)
            {
                throw new ArgumentException("A key prefix cannot start with 0xFF: no key tag has that value.", nameof(prefix));
            }

            destination[0] = AboveEveryTag;
            return 1;
        }

        if (destination.Length < last + 1)
        {
            throw new ArgumentException($"The destination must hold at least {last + 1} bytes.", nameof(destination));
        }

        prefix[..last].CopyTo(destination);
        destination[last] = (byte)(prefix[last] + 1);
        return last + 1;
    }

    /// <summary>Whether <paramref name="key"/> lies in the range.</summary>
    /// <param name="key">An encoded key.</param>
    /// <returns>True when Lower &lt;= key &lt; Upper in byte order.</returns>
    public bool Contains(ReadOnlySpan<byte> key) =>
        key.SequenceCompareTo(Lower.Span) >= 0 && key.SequenceCompareTo(Upper.Span) < 0;
}
