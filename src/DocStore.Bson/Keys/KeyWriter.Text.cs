namespace DocStore.Bson.Keys;

public ref partial struct KeyWriter
{
    /// <summary>
    /// Appends a string in ordinal code point order (the order of its UTF-8 bytes; note that this differs
    /// from <see cref="string.CompareOrdinal(string, string)"/>, which compares UTF-16 code units, only
    /// between U+E000..U+FFFF and supplementary characters). A string sorts before every longer string it
    /// is a prefix of. Any UTF-16 string is accepted, lone surrogates included.
    /// </summary>
    /// <param name="value">The text.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteString(ReadOnlySpan<char> value, bool descending = false)
    {
        var room = BeginText(KeyType.String, value);
        var size = KeyEncoding.TagSize + Wtf8.WriteEscaped(value, room[1..]);
        size += EscapedBytes.WriteTerminator(room[size..]);
        Commit(room, size, descending);
    }

    /// <summary>Appends a string, or a null when <paramref name="value"/> is null.</summary>
    /// <param name="value">The text, or null.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteString(string? value, bool descending = false)
    {
        if (value is null)
        {
            WriteNull(descending);
        }
        else
        {
            WriteString(value.AsSpan(), descending);
        }
    }

    /// <summary>
    /// Appends the start of a string component without its terminator, for a range bound: the keys that
    /// begin with the bytes written so far are exactly those whose string starts with
    /// <paramref name="prefix"/> (see <see cref="KeyRange.ForPrefix"/>). Nothing can be written after it.
    /// </summary>
    /// <param name="prefix">The text every matching string starts with.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    /// <exception cref="ArgumentException"><paramref name="prefix"/> ends with a high surrogate: the strings that
    /// continue it with a low surrogate encode the pair as one 4-byte sequence elsewhere in the order.</exception>
    public void WriteStringPrefix(ReadOnlySpan<char> prefix, bool descending = false)
    {
        if (!prefix.IsEmpty && char.IsHighSurrogate(prefix[^1]))
        {
            throw new ArgumentException("A string prefix cannot end with a high surrogate: the strings that complete the surrogate pair do not share its bytes.", nameof(prefix));
        }

        var room = BeginText(KeyType.String, prefix);
        var size = KeyEncoding.TagSize + Wtf8.WriteEscaped(prefix, room[1..]);
        Commit(room, size, descending);
        _endedWithPrefix = true;
    }

    /// <summary>Appends a byte array in lexicographic order (a prefix sorts first).</summary>
    /// <param name="value">The bytes.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteBinary(ReadOnlySpan<byte> value, bool descending = false)
    {
        var size = KeyEncoding.GetBinaryByteCount(value);
        var room = Begin(KeyType.Binary, size);
        var written = KeyEncoding.TagSize + EscapedBytes.WriteEscaped(value, room[1..]);
        EscapedBytes.WriteTerminator(room[written..]);
        Commit(room, size, descending);
    }

    /// <summary>Appends a byte array, or a null when <paramref name="value"/> is null.</summary>
    /// <param name="value">The bytes, or null.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteBinary(byte[]? value, bool descending = false)
    {
        if (value is null)
        {
            WriteNull(descending);
        }
        else
        {
            WriteBinary(value.AsSpan(), descending);
        }
    }

    /// <summary>
    /// Appends the start of a binary component without its terminator, for a range bound over the byte
    /// arrays that start with <paramref name="prefix"/>. Nothing can be written after it.
    /// </summary>
    /// <param name="prefix">The bytes every matching array starts with.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteBinaryPrefix(ReadOnlySpan<byte> prefix, bool descending = false)
    {
        var size = KeyEncoding.GetBinaryByteCount(prefix) - EscapedBytes.TerminatorSize;
        var room = Begin(KeyType.Binary, size);
        EscapedBytes.WriteEscaped(prefix, room[1..]);
        Commit(room, size, descending);
        _endedWithPrefix = true;
    }

    /// <summary>Returns room for a string component: the worst case if it fits, else the exact size.</summary>
    private readonly Span<byte> BeginText(KeyType type, ReadOnlySpan<char> text)
    {
        // The exact count is a second pass over the text; skip it whenever 3 bytes a char fit anyway.
        var worstCaseFits = text.Length <= KeyEncoding.MaxStringLength
            && (_output is not null || _destination.Length - _bytesWritten >= KeyEncoding.GetMaxStringByteCount(text.Length));
        var size = worstCaseFits ? KeyEncoding.GetMaxStringByteCount(text.Length) : KeyEncoding.GetStringByteCount(text);
        return Begin(type, size);
    }
}
