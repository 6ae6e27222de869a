namespace DocStore.Bson.Model;

/// <summary>A BSON signed 32-bit integer (0x10).</summary>
/// <param name="value">The value.</param>
public sealed class BsonInt32(int value) : BsonValue
{
    // Small integers are everywhere (counters, flags, array positions): share their instances.
    private static readonly BsonInt32[] Cache = CreateCache();

    /// <summary>The value.</summary>
    public int Value { get; } = value;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Int32;

    /// <summary>Returns a value, shared for small integers.</summary>
    /// <param name="value">The value.</param>
    public static BsonInt32 Create(int value) =>
        value is >= -1 and <= 64 ? Cache[value + 1] : new BsonInt32(value);

    /// <inheritdoc/>
    public override int GetHashCode() => Value;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonInt32 i && i.Value == Value;

    private static BsonInt32[] CreateCache()
    {
        var cache = new BsonInt32[66];
        for (var i = 0; i < cache.Length; i++)
        {
            cache[i] = new BsonInt32(i - 1);
        }

        return cache;
    }
}
