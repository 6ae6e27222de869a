namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    /// <summary>Reads a DateTime, with its kind.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a DateTime in that direction, or is out of range.</exception>
    public DateTime ReadDateTime(bool descending = false)
    {
        var mask = Begin(KeyType.DateTime, descending);
        var value = TemporalCodec.ReadDateTime(Body, mask, BodyOffset);
        Advance(TemporalCodec.DateTimeBodySize);
        return value;
    }

    /// <summary>Reads a DateTimeOffset, with its offset.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a DateTimeOffset in that direction, or is out of range.</exception>
    public DateTimeOffset ReadDateTimeOffset(bool descending = false)
    {
        var mask = Begin(KeyType.DateTimeOffset, descending);
        var value = TemporalCodec.ReadDateTimeOffset(Body, mask, BodyOffset);
        Advance(TemporalCodec.DateTimeOffsetBodySize);
        return value;
    }

    /// <summary>Reads a DateOnly.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a DateOnly in that direction, or is out of range.</exception>
    public DateOnly ReadDateOnly(bool descending = false)
    {
        var mask = Begin(KeyType.DateOnly, descending);
        var value = TemporalCodec.ReadDateOnly(Body, mask, BodyOffset);
        Advance(TemporalCodec.DateOnlyBodySize);
        return value;
    }

    /// <summary>Reads a TimeOnly.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a TimeOnly in that direction, or is out of range.</exception>
    public TimeOnly ReadTimeOnly(bool descending = false)
    {
        var mask = Begin(KeyType.TimeOnly, descending);
        var value = TemporalCodec.ReadTimeOnly(Body, mask, BodyOffset);
        Advance(TemporalCodec.TimeOnlyBodySize);
        return value;
    }

    /// <summary>Reads a TimeSpan.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The value.</returns>
    /// <exception cref="BsonFormatException">The next component is not a TimeSpan in that direction, or is truncated.</exception>
    public TimeSpan ReadTimeSpan(bool descending = false)
    {
        var mask = Begin(KeyType.TimeSpan, descending);
        var value = TemporalCodec.ReadTimeSpan(Body, mask, BodyOffset);
        Advance(TemporalCodec.TimeSpanBodySize);
        return value;
    }
}
