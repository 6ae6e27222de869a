namespace DocStore.Bson.Model;

/// <summary>A BSON signed 64-bit integer (0x12).</summary>
/// <param name="value">The value.</param>
public sealed class BsonInt64(long value) : BsonValue
{
    /// <summary>The value.</summary>
    public long Value { get; } = value;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Int64;

    /// <inheritdoc/>
    public override int GetHashCode() => Value.GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonInt64 l && l.Value == Value;
}
