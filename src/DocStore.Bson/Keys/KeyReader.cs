namespace DocStore.Bson.Keys;

/// <summary>
/// Reads the components of an encoded index key back, in order. Each Read method takes the direction
/// the component was written with and checks it against the tag (a descending component has an inverted
/// tag), as it checks the type. Malformed bytes (truncated, an unknown tag, a bad escape, a non-canonical
/// value, a value out of the requested type's range, a wrong type or direction) throw
/// <see cref="BsonFormatException"/> with the offset of the component, and nothing else.
/// </summary>
public ref partial struct KeyReader
{
    private const byte FirstDescendingTag = 0x80;

    private readonly ReadOnlySpan<byte> _key;
    private int _position;
    private int _componentIndex;

    /// <summary>Creates a reader positioned at the first component of <paramref name="key"/>.</summary>
    /// <param name="key">An encoded key.</param>
    public KeyReader(ReadOnlySpan<byte> key)
    {
        _key = key;
    }

    /// <summary>The offset of the next component.</summary>
    public readonly int Position => _position;

    /// <summary>The number of components read or skipped so far.</summary>
    public readonly int ComponentsRead => _componentIndex;

    /// <summary>Whether every byte of the key has been read.</summary>
    public readonly bool IsEnd => _position >= _key.Length;

    /// <summary>The bytes not yet read (for a non-unique index, the primary key that follows the index key).</summary>
    public readonly ReadOnlySpan<byte> Remaining => _key[_position..];

    /// <summary>The type of the next component.</summary>
    /// <returns>The type, whatever the component's direction.</returns>
    /// <exception cref="BsonFormatException">The key has ended or the tag is unknown.</exception>
    public readonly KeyType PeekType() => PeekTag(out _);

    /// <summary>Whether the next component was written descending.</summary>
    /// <returns>True for a descending component.</returns>
    /// <exception cref="BsonFormatException">The key has ended or the tag is unknown.</exception>
    public readonly bool PeekIsDescending()
    {
        PeekTag(out var mask);
        return mask == KeyBytes.Descending;
    }

    /// <summary>Throws unless every byte of the key has been read.</summary>
    /// <exception cref="BsonFormatException">Bytes remain after the last expected component.</exception>
    public readonly void ExpectEnd()
    {
        if (!IsEnd)
        {
            throw new BsonFormatException($"The key has {_key.Length - _position} bytes after its {_componentIndex} expected components", _position);
        }
    }

    private readonly KeyType PeekTag(out byte mask)
    {
        if (IsEnd)
        {
            throw new BsonFormatException($"The key ends where component {_componentIndex} should start", _position);
        }

        var tag = _key[_position];
        mask = tag >= FirstDescendingTag ? KeyBytes.Descending : KeyBytes.Ascending;
        var type = (KeyType)(tag ^ mask);
        if (!KeyBytes.IsDefined(type))
        {
            throw new BsonFormatException($"Key component {_componentIndex} has an unknown tag 0x{tag:X2}", _position);
        }

        return type;
    }

    /// <summary>Checks the next component's type and direction; returns its mask.</summary>
    private readonly byte Begin(KeyType expected, bool descending)
    {
        var type = PeekTag(out var mask);
        var isDescending = mask == KeyBytes.Descending;
        if (type != expected || isDescending != descending)
        {
            throw new BsonFormatException(
                $"Key component {_componentIndex} is {Describe(type, isDescending)} where {Describe(expected, descending)} was expected",
                _position);
        }

        return mask;
    }

    /// <summary>The bytes after the tag of the component being read.</summary>
    private readonly ReadOnlySpan<byte> Body => _key[(_position + KeyEncoding.TagSize)..];

    /// <summary>The offset of <see cref="Body"/>.</summary>
    private readonly int BodyOffset => _position + KeyEncoding.TagSize;

    /// <summary>Moves past the component being read, whose body is <paramref name="bodySize"/> bytes.</summary>
    private void Advance(int bodySize)
    {
        _position += KeyEncoding.TagSize + bodySize;
        _componentIndex++;
    }

    private static string Describe(KeyType type, bool descending) => descending ? $"a descending {type}" : $"an ascending {type}";
}
