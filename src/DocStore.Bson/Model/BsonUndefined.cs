namespace DocStore.Bson.Model;

/// <summary>The one instance of the deprecated BSON undefined value (0x06).</summary>
public sealed class BsonUndefined : BsonValue
{
    private BsonUndefined()
    {
    }

    /// <summary>The only instance.</summary>
    public static BsonUndefined Value { get; } = new();

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Undefined;

    /// <inheritdoc/>
    public override int GetHashCode() => (int)BsonType.Undefined;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonUndefined;
}
