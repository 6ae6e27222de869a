namespace DocStore.Bson.Model;

/// <summary>The one instance of BSON min key (0xFF), which sorts before every other value.</summary>
public sealed class BsonMinKey : BsonValue
{
    private BsonMinKey()
    {
    }

    /// <summary>The only instance.</summary>
    public static BsonMinKey Value { get; } = new();

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.MinKey;

    /// <inheritdoc/>
    public override int GetHashCode() => (int)BsonType.MinKey;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonMinKey;
}
