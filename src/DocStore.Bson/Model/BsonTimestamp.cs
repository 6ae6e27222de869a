namespace DocStore.Bson.Model;

/// <summary>
/// A BSON timestamp (0x11), MongoDB's internal replication clock: seconds since the Unix epoch and an
/// increment, stored as the increment (low 32 bits) then the seconds (high 32 bits).
/// </summary>
/// <param name="seconds">Seconds since the Unix epoch.</param>
/// <param name="increment">The ordinal within the second.</param>
public sealed class BsonTimestamp(uint seconds, uint increment) : BsonValue
{
    /// <summary>Seconds since the Unix epoch.</summary>
    public uint Seconds { get; } = seconds;

    /// <summary>The ordinal within the second.</summary>
    public uint Increment { get; } = increment;

    /// <summary>The 64-bit value as BSON stores it: seconds in the high half, increment in the low half.</summary>
    public ulong Value => ((ulong)Seconds << 32) | Increment;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Timestamp;

    /// <summary>Creates a timestamp from its 64-bit value.</summary>
    /// <param name="value">Seconds in the high 32 bits, increment in the low 32 bits.</param>
    public static BsonTimestamp FromValue(ulong value) => new((uint)(value >> 32), (uint)value);

    /// <inheritdoc/>
    public override int GetHashCode() => Value.GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonTimestamp t && t.Value == Value;
}
