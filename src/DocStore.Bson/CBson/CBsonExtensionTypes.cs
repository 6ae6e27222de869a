using System.Buffers.Binary;

namespace DocStore.Bson;

/// <summary>
/// Encodes and decodes the payloads of the C-BSON extension binary subtypes 0x80..0x84 (see
/// <see cref="BsonBinarySubtype"/>). All integers are little-endian. Decoding is strict: a payload of
/// the wrong length or with a value out of range is rejected, so every decoded value round-trips exactly.
/// </summary>
public static class CBsonExtensionTypes
{
    /// <summary>Payload size of a <see cref="DateTime"/>: 8 bytes of ticks and 1 byte of kind.</summary>
    public const int DateTimeSize = 9;

    /// <summary>Payload size of a <see cref="DateTimeOffset"/>: 8 bytes of local ticks and 2 bytes of offset minutes.</summary>
    public const int DateTimeOffsetSize = 10;

    /// <summary>Payload size of a <see cref="TimeSpan"/>: 8 bytes of ticks.</summary>
    public const int TimeSpanSize = 8;

    /// <summary>Payload size of a <see cref="DateOnly"/>: 4 bytes of day number.</summary>
    public const int DateOnlySize = 4;

    /// <summary>Payload size of a <see cref="TimeOnly"/>: 8 bytes of ticks.</summary>
    public const int TimeOnlySize = 8;

    /// <summary>The largest offset .NET allows, in minutes (14 hours).</summary>
    private const int MaxOffsetMinutes = 14 * 60;

    /// <summary>Writes a <see cref="DateTime"/> payload (ticks and kind).</summary>
    /// <param name="destination">At least <see cref="DateTimeSize"/> bytes.</param>
    /// <param name="value">The value; its kind is kept.</param>
    public static void WriteDateTime(Span<byte> destination, DateTime value)
    {
        BinaryPrimitives.WriteInt64LittleEndian(destination, value.Ticks);
        destination[8] = (byte)value.Kind;
    }

    /// <summary>Decodes a <see cref="DateTime"/> payload.</summary>
    /// <param name="payload">The binary payload (without length or subtype).</param>
    /// <param name="value">The decoded value.</param>
    /// <returns>False when the payload is not 9 bytes, the ticks are out of range or the kind is not 0, 1 or 2.</returns>
    public static bool TryReadDateTime(ReadOnlySpan<byte> payload, out DateTime value)
    {
        value = default;
        if (payload.Length != DateTimeSize)
        {
            return false;
        }

        var ticks = BinaryPrimitives.ReadInt64LittleEndian(payload);
        var kind = payload[8];
        if ((ulong)ticks > (ulong)DateTime.MaxValue.Ticks || kind > (byte)DateTimeKind.Local)
        {
            return false;
        }

        value = new DateTime(ticks, (DateTimeKind)kind);
        return true;
    }

    /// <summary>Writes a <see cref="DateTimeOffset"/> payload (local-clock ticks and offset minutes).</summary>
    /// <param name="destination">At least <see cref="DateTimeOffsetSize"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static void WriteDateTimeOffset(Span<byte> destination, DateTimeOffset value)
    {
        BinaryPrimitives.WriteInt64LittleEndian(destination, value.Ticks);
        BinaryPrimitives.WriteInt16LittleEndian(destination[8..], (short)value.TotalOffsetMinutes);
    }

    /// <summary>Decodes a <see cref="DateTimeOffset"/> payload.</summary>
    /// <param name="payload">The binary payload.</param>
    /// <param name="value">The decoded value.</param>
    /// <returns>
    /// False when the payload is not 10 bytes, the offset is beyond ±14 hours, or the local or UTC time is
    /// outside the range of <see cref="DateTime"/>.
    /// </returns>
    public static bool TryReadDateTimeOffset(ReadOnlySpan<byte> payload, out DateTimeOffset value)
    {
        value = default;
        if (payload.Length != DateTimeOffsetSize)
        {
            return false;
        }

        var ticks = BinaryPrimitives.ReadInt64LittleEndian(payload);
        int minutes = BinaryPrimitives.ReadInt16LittleEndian(payload[8..]);
        if ((ulong)ticks > (ulong)DateTime.MaxValue.Ticks || minutes is < -MaxOffsetMinutes or > MaxOffsetMinutes)
        {
            return false;
        }

        // DateTimeOffset also requires the UTC instant to be a valid DateTime.
        var utcTicks = ticks - (minutes * TimeSpan.TicksPerMinute);
        if ((ulong)utcTicks > (ulong)DateTime.MaxValue.Ticks)
        {
            return false;
        }

        value = new DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes));
        return true;
    }

    /// <summary>Writes a <see cref="TimeSpan"/> payload (ticks).</summary>
    /// <param name="destination">At least <see cref="TimeSpanSize"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static void WriteTimeSpan(Span<byte> destination, TimeSpan value) =>
        BinaryPrimitives.WriteInt64LittleEndian(destination, value.Ticks);

    /// <summary>Decodes a <see cref="TimeSpan"/> payload.</summary>
    /// <param name="payload">The binary payload.</param>
    /// <param name="value">The decoded value.</param>
    /// <returns>False when the payload is not 8 bytes (every int64 is a valid TimeSpan).</returns>
    public static bool TryReadTimeSpan(ReadOnlySpan<byte> payload, out TimeSpan value)
    {
        if (payload.Length != TimeSpanSize)
        {
            value = default;
            return false;
        }

        value = new TimeSpan(BinaryPrimitives.ReadInt64LittleEndian(payload));
        return true;
    }

    /// <summary>Writes a <see cref="DateOnly"/> payload (day number).</summary>
    /// <param name="destination">At least <see cref="DateOnlySize"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static void WriteDateOnly(Span<byte> destination, DateOnly value) =>
        BinaryPrimitives.WriteInt32LittleEndian(destination, value.DayNumber);

    /// <summary>Decodes a <see cref="DateOnly"/> payload.</summary>
    /// <param name="payload">The binary payload.</param>
    /// <param name="value">The decoded value.</param>
    /// <returns>False when the payload is not 4 bytes or the day number is out of range.</returns>
    public static bool TryReadDateOnly(ReadOnlySpan<byte> payload, out DateOnly value)
    {
        value = default;
        if (payload.Length != DateOnlySize)
        {
            return false;
        }

        var day = BinaryPrimitives.ReadInt32LittleEndian(payload);
        if ((uint)day > (uint)DateOnly.MaxValue.DayNumber)
        {
            return false;
        }

        value = DateOnly.FromDayNumber(day);
        return true;
    }

    /// <summary>Writes a <see cref="TimeOnly"/> payload (ticks since midnight).</summary>
    /// <param name="destination">At least <see cref="TimeOnlySize"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static void WriteTimeOnly(Span<byte> destination, TimeOnly value) =>
        BinaryPrimitives.WriteInt64LittleEndian(destination, value.Ticks);

    /// <summary>Decodes a <see cref="TimeOnly"/> payload.</summary>
    /// <param name="payload">The binary payload.</param>
    /// <param name="value">The decoded value.</param>
    /// <returns>False when the payload is not 8 bytes or the ticks are out of range.</returns>
    public static bool TryReadTimeOnly(ReadOnlySpan<byte> payload, out TimeOnly value)
    {
        value = default;
        if (payload.Length != TimeOnlySize)
        {
            return false;
        }

        var ticks = BinaryPrimitives.ReadInt64LittleEndian(payload);
        if ((ulong)ticks > (ulong)TimeOnly.MaxValue.Ticks)
        {
            return false;
        }

        value = new TimeOnly(ticks);
        return true;
    }
}
