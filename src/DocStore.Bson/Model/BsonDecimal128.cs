namespace DocStore.Bson.Model;

/// <summary>A BSON decimal128 (0x13). Equality compares the 128 bits, so 1.0 and 1.00 differ.</summary>
/// <param name="value">The value.</param>
public sealed class BsonDecimal128(Decimal128 value) : BsonValue
{
    /// <summary>The value.</summary>
    public Decimal128 Value { get; } = value;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Decimal128;

    /// <inheritdoc/>
    public override int GetHashCode() => Value.GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonDecimal128 d && d.Value == Value;
}
