namespace DocStore.Bson.Model;

/// <summary>The one instance of BSON max key (0x7F), which sorts after every other value.</summary>
public sealed class BsonMaxKey : BsonValue
{
    private BsonMaxKey()
    {
    }

    /// <summary>The only instance.</summary>
    public static BsonMaxKey Value { get; } = new();

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.MaxKey;

    /// <inheritdoc/>
    public override int GetHashCode() => (int)BsonType.MaxKey;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonMaxKey;
}
