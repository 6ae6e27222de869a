namespace DocStore.Bson.Model;

/// <summary>A BSON double (0x01). Equality compares bits: NaN equals NaN with the same bits, 0.0 differs from -0.0.</summary>
/// <param name="value">The value; its bits are kept exactly, NaN payloads included.</param>
public sealed class BsonDouble(double value) : BsonValue
{
    /// <summary>The value.</summary>
    public double Value { get; } = value;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Double;

    /// <inheritdoc/>
    public override int GetHashCode() => BitConverter.DoubleToInt64Bits(Value).GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonDouble d && BitConverter.DoubleToInt64Bits(d.Value) == BitConverter.DoubleToInt64Bits(Value);
}
