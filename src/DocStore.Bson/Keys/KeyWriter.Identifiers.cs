namespace DocStore.Bson.Keys;

public ref partial struct KeyWriter
{
    /// <summary>
    /// Appends a Guid as its 16 RFC 4122 (big-endian) bytes, so Guids sort as their canonical text
    /// does, and version 7 Guids by creation time.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteGuid(Guid value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + KeyEncoding.GuidSize;
        var room = Begin(KeyType.Guid, Size);
        value.TryWriteBytes(room[1..], bigEndian: true, out _);
        Commit(room, Size, descending);
    }

    /// <summary>Appends an ObjectId as its 12 bytes (creation order).</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteObjectId(ObjectId value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + ObjectId.Size;
        var room = Begin(KeyType.ObjectId, Size);
        value.WriteTo(room[1..]);
        Commit(room, Size, descending);
    }
}
