namespace DocStore.Bson.Model;

/// <summary>The one instance of BSON null (0x0A).</summary>
public sealed class BsonNull : BsonValue
{
    private BsonNull()
    {
    }

    /// <summary>The only instance.</summary>
    public static BsonNull Value { get; } = new();

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Null;

    /// <inheritdoc/>
    public override int GetHashCode() => (int)BsonType.Null;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonNull;
}
