namespace DocStore.Bson.Model;

/// <summary>A BSON UTC datetime (0x09): signed milliseconds since the Unix epoch, any 64-bit value.</summary>
/// <param name="millisecondsSinceEpoch">Milliseconds since 1970-01-01T00:00:00Z.</param>
public sealed class BsonDateTime(long millisecondsSinceEpoch) : BsonValue
{
    /// <summary>Milliseconds since 1970-01-01T00:00:00Z.</summary>
    public long MillisecondsSinceEpoch { get; } = millisecondsSinceEpoch;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.DateTime;

    /// <summary>Converts a <see cref="DateTime"/> exactly; local times are converted to UTC, unspecified ones are taken as UTC.</summary>
    /// <param name="value">The instant; it must be a whole number of milliseconds.</param>
    /// <exception cref="ArgumentException">The value has sub-millisecond precision, which BSON cannot hold.</exception>
    public static BsonDateTime FromDateTime(DateTime value)
    {
        var utc = value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : value;
        var ticks = utc.Ticks - DateTime.UnixEpoch.Ticks;
        if (ticks % TimeSpan.TicksPerMillisecond != 0)
        {
            throw new ArgumentException("A BSON datetime holds whole milliseconds; the value has sub-millisecond ticks.", nameof(value));
        }

        return new BsonDateTime(ticks / TimeSpan.TicksPerMillisecond);
    }

    /// <summary>Converts a <see cref="DateTimeOffset"/> exactly (the offset is dropped; the instant is kept).</summary>
    /// <param name="value">The instant; it must be a whole number of milliseconds.</param>
    /// <exception cref="ArgumentException">The value has sub-millisecond precision, which BSON cannot hold.</exception>
    public static BsonDateTime FromDateTimeOffset(DateTimeOffset value) => FromDateTime(value.UtcDateTime);

    /// <summary>The instant as a UTC <see cref="DateTime"/>.</summary>
    /// <exception cref="OverflowException">The instant lies outside the years 1 to 9999.</exception>
    public DateTime ToDateTime()
    {
        const long minMs = -62135596800000L; // 0001-01-01T00:00:00Z
        const long maxMs = 253402300799999L; // 9999-12-31T23:59:59.999Z
        if (MillisecondsSinceEpoch is < minMs or > maxMs)
        {
            throw new OverflowException($"The BSON datetime {MillisecondsSinceEpoch} ms lies outside the range of System.DateTime.");
        }

        return DateTime.UnixEpoch.AddTicks(MillisecondsSinceEpoch * TimeSpan.TicksPerMillisecond);
    }

    /// <inheritdoc/>
    public override int GetHashCode() => MillisecondsSinceEpoch.GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonDateTime d && d.MillisecondsSinceEpoch == MillisecondsSinceEpoch;
}
