namespace DocStore.Bson.Model;

/// <summary>A BSON ObjectId (0x07).</summary>
/// <param name="value">The id.</param>
public sealed class BsonObjectId(ObjectId value) : BsonValue
{
    /// <summary>The id.</summary>
    public ObjectId Value { get; } = value;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.ObjectId;

    /// <inheritdoc/>
    public override int GetHashCode() => Value.GetHashCode();

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonObjectId o && o.Value == Value;
}
