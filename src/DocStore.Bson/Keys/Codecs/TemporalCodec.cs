using System.Buffers.Binary;

namespace DocStore.Bson.Keys;

/// <summary>
/// The bodies of the date and time components, all fixed-size big-endian unsigned integers:
/// <list type="bullet">
/// <item><see cref="KeyType.DateTime"/>: 8 bytes of ticks × 4 + kind (Unspecified 0, Utc 1, Local 2);
/// ticks fit in 62 bits, so order is by ticks, then kind.</item>
/// <item><see cref="KeyType.DateTimeOffset"/>: 8 bytes of UTC ticks, then 2 bytes of offset minutes + 840;
/// order is by instant, then offset.</item>
/// <item><see cref="KeyType.DateOnly"/>: 3 bytes of day number (0..3,652,058).</item>
/// <item><see cref="KeyType.TimeOnly"/>: 5 bytes of ticks since midnight (below 2^40).</item>
/// <item><see cref="KeyType.TimeSpan"/>: 8 bytes of ticks with the sign bit flipped.</item>
/// </list>
/// </summary>
internal static class TemporalCodec
{
    public const int DateTimeBodySize = 8;
    public const int DateTimeOffsetBodySize = 10;
    public const int DateOnlyBodySize = 3;
    public const int TimeOnlyBodySize = 5;
    public const int TimeSpanBodySize = 8;

    private const int MaxOffsetMinutes = 14 * 60;
    private const ulong SignBit = 0x8000_0000_0000_0000UL;

    public static void Write(Span<byte> destination, DateTime value) =>
        BinaryPrimitives.WriteUInt64BigEndian(destination, ((ulong)value.Ticks << 2) | (ulong)value.Kind);

    public static DateTime ReadDateTime(ReadOnlySpan<byte> raw, byte mask, long offset)
    {
        var packed = ReadFixed(raw, DateTimeBodySize, mask, KeyType.DateTime, offset);
        var ticks = (long)(packed >> 2);
        var kind = (DateTimeKind)(packed & 3);
        if (ticks > DateTime.MaxValue.Ticks || kind > DateTimeKind.Local)
        {
            throw KeyErrors.Invalid(KeyType.DateTime, $"ticks {ticks} or kind {(int)kind} out of range", offset);
        }

        return new DateTime(ticks, kind);
    }

    public static void Write(Span<byte> destination, DateTimeOffset value)
    {
        BinaryPrimitives.WriteUInt64BigEndian(destination, (ulong)value.UtcTicks);
        BinaryPrimitives.WriteUInt16BigEndian(destination[8..], (ushort)(value.TotalOffsetMinutes + MaxOffsetMinutes));
    }

    public static DateTimeOffset ReadDateTimeOffset(ReadOnlySpan<byte> raw, byte mask, long offset)
    {
        if (raw.Length < DateTimeOffsetBodySize)
        {
            throw KeyErrors.Truncated(KeyType.DateTimeOffset, offset);
        }

        var utcTicks = (long)KeyBytes.ReadBigEndian(raw, 8, mask);
        var offsetMinutes = (int)KeyBytes.ReadBigEndian(raw[8..], 2, mask) - MaxOffsetMinutes;
        if (offsetMinutes is < -MaxOffsetMinutes or > MaxOffsetMinutes)
        {
            throw KeyErrors.Invalid(KeyType.DateTimeOffset, $"offset {offsetMinutes} minutes is outside ±14 hours", offset);
        }

        var localTicks = utcTicks + (offsetMinutes * TimeSpan.TicksPerMinute);
        if (utcTicks < 0 || utcTicks > DateTime.MaxValue.Ticks || localTicks < 0 || localTicks > DateTime.MaxValue.Ticks)
        {
            throw KeyErrors.Invalid(KeyType.DateTimeOffset, "an instant or local time outside the DateTime range", offset);
        }

        return new DateTimeOffset(localTicks, TimeSpan.FromMinutes(offsetMinutes));
    }

    public static void Write(Span<byte> destination, DateOnly value) =>
        KeyBytes.WriteBigEndian(destination, (ulong)value.DayNumber, DateOnlyBodySize);

    public static DateOnly ReadDateOnly(ReadOnlySpan<byte> raw, byte mask, long offset)
    {
        var dayNumber = ReadFixed(raw, DateOnlyBodySize, mask, KeyType.DateOnly, offset);
        if (dayNumber > (ulong)DateOnly.MaxValue.DayNumber)
        {
            throw KeyErrors.Invalid(KeyType.DateOnly, $"day number {dayNumber} is after DateOnly.MaxValue", offset);
        }

        return DateOnly.FromDayNumber((int)dayNumber);
    }

    public static void Write(Span<byte> destination, TimeOnly value) =>
        KeyBytes.WriteBigEndian(destination, (ulong)value.Ticks, TimeOnlyBodySize);

    public static TimeOnly ReadTimeOnly(ReadOnlySpan<byte> raw, byte mask, long offset)
    {
        var ticks = ReadFixed(raw, TimeOnlyBodySize, mask, KeyType.TimeOnly, offset);
        if (ticks > (ulong)TimeOnly.MaxValue.Ticks)
        {
            throw KeyErrors.Invalid(KeyType.TimeOnly, $"{ticks} ticks is a day or more", offset);
        }

        return new TimeOnly((long)ticks);
    }

    public static void Write(Span<byte> destination, TimeSpan value) =>
        BinaryPrimitives.WriteUInt64BigEndian(destination, (ulong)value.Ticks ^ SignBit);

    public static TimeSpan ReadTimeSpan(ReadOnlySpan<byte> raw, byte mask, long offset) =>
        new((long)(ReadFixed(raw, TimeSpanBodySize, mask, KeyType.TimeSpan, offset) ^ SignBit));

    private static ulong ReadFixed(ReadOnlySpan<byte> raw, int size, byte mask, KeyType type, long offset)
    {
        if (raw.Length < size)
        {
            throw KeyErrors.Truncated(type, offset);
        }

        return KeyBytes.ReadBigEndian(raw, size, mask);
    }
}
