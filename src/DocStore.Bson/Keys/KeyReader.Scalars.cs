namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    /// <summary>Reads a <see cref="KeyType.MinKey"/>.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <exception cref="BsonFormatException">The next component is not an ascending (or descending) MinKey.</exception>
    public void ReadMinKey(bool descending = false) => ReadTagOnly(KeyType.MinKey, descending);

    /// <summary>Reads a <see cref="KeyType.MaxKey"/>.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <exception cref="BsonFormatException">The next component is not a MaxKey in that direction.</exception>
    public void ReadMaxKey(bool descending = false) => ReadTagOnly(KeyType.MaxKey, descending);

    /// <summary>Reads a null.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <exception cref="BsonFormatException">The next component is not a null in that direction.</exception>
    public void ReadNull(bool descending = false) => ReadTagOnly(KeyType.Null, descending);

    /// <summary>Reads a null if the next component is one (for a nullable member); otherwise reads nothing.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>Whether a null was read.</returns>
    /// <exception cref="BsonFormatException">The key has ended, the tag is unknown, or it is a null in the other direction.</exception>
    public bool TryReadNull(bool descending = false)
    {
        if (PeekType() != KeyType.Null)
        {
            return false;
        }

        ReadNull(descending);
        return true;
    }

    /// <summary>Reads a boolean.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a boolean in that direction, or its byte is not 0 or 1.</exception>
    public bool ReadBoolean(bool descending = false)
    {
        var mask = Begin(KeyType.Boolean, descending);
        var body = Body;
        if (body.IsEmpty)
        {
            throw KeyErrors.Truncated(KeyType.Boolean, BodyOffset);
        }

        var value = (byte)(body[0] ^ mask);
        if (value > 1)
        {
            throw KeyErrors.Invalid(KeyType.Boolean, $"byte 0x{value:X2} is neither 0x00 nor 0x01", BodyOffset);
        }

        Advance(1);
        return value == 1;
    }

    private void ReadTagOnly(KeyType type, bool descending)
    {
        Begin(type, descending);
        Advance(0);
    }
}
