namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    /// <summary>Reads a Guid.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a Guid in that direction, or is truncated.</exception>
    public Guid ReadGuid(bool descending = false)
    {
        var mask = Begin(KeyType.Guid, descending);
        Span<byte> bytes = stackalloc byte[KeyEncoding.GuidSize];
        CopyFixedBody(KeyType.Guid, bytes, mask);
        Advance(KeyEncoding.GuidSize);
        return new Guid(bytes, bigEndian: true);
    }

    /// <summary>Reads an ObjectId.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not an ObjectId in that direction, or is truncated.</exception>
    public ObjectId ReadObjectId(bool descending = false)
    {
        var mask = Begin(KeyType.ObjectId, descending);
        Span<byte> bytes = stackalloc byte[ObjectId.Size];
        CopyFixedBody(KeyType.ObjectId, bytes, mask);
        Advance(ObjectId.Size);
        return new ObjectId(bytes);
    }

    private readonly void CopyFixedBody(KeyType type, Span<byte> destination, byte mask)
    {
        var body = Body;
        if (body.Length < destination.Length)
        {
            throw KeyErrors.Truncated(type, BodyOffset);
        }

        KeyBytes.CopyMasked(body[..destination.Length], destination, mask);
    }
}
