namespace DocStore.Bson.Keys;

public ref partial struct KeyWriter
{
    /// <summary>Appends an integer; every integer width shares one encoding, so equal values give equal keys.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteSByte(sbyte value, bool descending = false) => WriteInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteByte(byte value, bool descending = false) => WriteUInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteInt16(short value, bool descending = false) => WriteInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteUInt16(ushort value, bool descending = false) => WriteUInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteInt32(int value, bool descending = false) => WriteInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteUInt32(uint value, bool descending = false) => WriteUInt64(value, descending);

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteInt64(long value, bool descending = false)
    {
        var size = KeyEncoding.TagSize + IntegerCodec.GetBodySize(value);
        var room = Begin(KeyType.Integer, size);
        IntegerCodec.Write(room[1..], value);
        Commit(room, size, descending);
    }

    /// <inheritdoc cref="WriteSByte"/>
    public void WriteUInt64(ulong value, bool descending = false)
    {
        var size = KeyEncoding.TagSize + IntegerCodec.GetBodySize(value);
        var room = Begin(KeyType.Integer, size);
        IntegerCodec.Write(room[1..], value);
        Commit(room, size, descending);
    }

    /// <summary>
    /// Appends a double in numeric order. -0.0 is written as +0.0 (they are equal); every NaN is written
    /// as one canonical NaN that sorts below negative infinity, as <see cref="double.CompareTo(double)"/> does.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteDouble(double value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + DoubleCodec.BodySize;
        var room = Begin(KeyType.Double, Size);
        DoubleCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }

    /// <summary>Appends a float as the double it widens to exactly (so 0.5f and 0.5 are the same key).</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteSingle(float value, bool descending = false) => WriteDouble(value, descending);

    /// <summary>
    /// Appends a decimal in numeric order. Equal values give equal keys whatever their scale (1.0m and
    /// 1.00m), and -0m is zero; reading back returns the value with the smallest scale.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteDecimal(decimal value, bool descending = false)
    {
        Span<byte> body = stackalloc byte[DecimalCodec.MaxBodySize];
        var bodySize = DecimalCodec.Write(body, value);
        var room = Begin(KeyType.Decimal, KeyEncoding.TagSize + bodySize);
        body[..bodySize].CopyTo(room[1..]);
        Commit(room, KeyEncoding.TagSize + bodySize, descending);
    }
}
