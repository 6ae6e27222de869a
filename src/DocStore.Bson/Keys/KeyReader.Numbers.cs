namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    /// <summary>Reads an integer component that fits the requested type.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not an integer in that direction, is malformed, or does not fit the type.</exception>
    public sbyte ReadSByte(bool descending = false) => (sbyte)ReadInteger(sbyte.MinValue, sbyte.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public byte ReadByte(bool descending = false) => (byte)ReadInteger(byte.MinValue, byte.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public short ReadInt16(bool descending = false) => (short)ReadInteger(short.MinValue, short.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public ushort ReadUInt16(bool descending = false) => (ushort)ReadInteger(ushort.MinValue, ushort.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public int ReadInt32(bool descending = false) => (int)ReadInteger(int.MinValue, int.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public uint ReadUInt32(bool descending = false) => (uint)ReadInteger(uint.MinValue, uint.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public long ReadInt64(bool descending = false) => (long)ReadInteger(long.MinValue, long.MaxValue, descending);

    /// <inheritdoc cref="ReadSByte"/>
    public ulong ReadUInt64(bool descending = false) => (ulong)ReadInteger(ulong.MinValue, ulong.MaxValue, descending);

    /// <summary>Reads a double; a NaN comes back as <see cref="double.NaN"/> and -0.0 as +0.0.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a double in that direction, or is not canonical.</exception>
    public double ReadDouble(bool descending = false)
    {
        var mask = Begin(KeyType.Double, descending);
        var value = DoubleCodec.Read(Body, mask, BodyOffset);
        Advance(DoubleCodec.BodySize);
        return value;
    }

    /// <summary>Reads a double component written from a float.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a double in that direction, or its value is not exactly a float.</exception>
    public float ReadSingle(bool descending = false)
    {
        var offset = _position;
        var value = ReadDouble(descending);
        var single = (float)value;
        if (single != value && !double.IsNaN(value))
        {
            throw KeyErrors.Invalid(KeyType.Double, $"{value} is not exactly a float", offset);
        }

        return single;
    }

    /// <summary>Reads a decimal, returned with the smallest scale that represents it (1.00m comes back as 1m).</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a decimal in that direction, is not normalized, or is out of range.</exception>
    public decimal ReadDecimal(bool descending = false)
    {
        var mask = Begin(KeyType.Decimal, descending);
        var value = DecimalCodec.Read(Body, mask, BodyOffset, out var bodySize);
        Advance(bodySize);
        return value;
    }

    private Int128 ReadInteger(Int128 min, Int128 max, bool descending)
    {
        var mask = Begin(KeyType.Integer, descending);
        var value = IntegerCodec.Read(Body, mask, BodyOffset, out var bodySize);
        if (value < min || value > max)
        {
            throw KeyErrors.Invalid(KeyType.Integer, $"{value} is outside the range {min}..{max} of the type read", _position);
        }

        Advance(bodySize);
        return value;
    }
}
