namespace DocStore.Bson.Keys;

public ref partial struct KeyWriter
{
    /// <summary>
    /// Appends a DateTime ordered by ticks, then by kind (Unspecified, Utc, Local). The kind is part of
    /// the key, so two values with the same ticks and different kinds are different keys, although
    /// <see cref="DateTime.Equals(DateTime)"/> ignores the kind; no time zone conversion happens.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteDateTime(DateTime value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + TemporalCodec.DateTimeBodySize;
        var room = Begin(KeyType.DateTime, Size);
        TemporalCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }

    /// <summary>
    /// Appends a DateTimeOffset ordered by UTC instant, then by offset. The offset is part of the key so
    /// that reading back is exact, although <see cref="DateTimeOffset.Equals(DateTimeOffset)"/> ignores it.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteDateTimeOffset(DateTimeOffset value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + TemporalCodec.DateTimeOffsetBodySize;
        var room = Begin(KeyType.DateTimeOffset, Size);
        TemporalCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }

    /// <summary>Appends a DateOnly in date order.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteDateOnly(DateOnly value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + TemporalCodec.DateOnlyBodySize;
        var room = Begin(KeyType.DateOnly, Size);
        TemporalCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }

    /// <summary>Appends a TimeOnly in time-of-day order.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteTimeOnly(TimeOnly value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + TemporalCodec.TimeOnlyBodySize;
        var room = Begin(KeyType.TimeOnly, Size);
        TemporalCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }

    /// <summary>Appends a TimeSpan in signed duration order.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteTimeSpan(TimeSpan value, bool descending = false)
    {
        const int Size = KeyEncoding.TagSize + TemporalCodec.TimeSpanBodySize;
        var room = Begin(KeyType.TimeSpan, Size);
        TemporalCodec.Write(room[1..], value);
        Commit(room, Size, descending);
    }
}
