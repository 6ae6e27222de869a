namespace DocStore.Bson.Model;

/// <summary>A BSON boolean (0x08). Use <see cref="True"/>, <see cref="False"/> or <see cref="Create"/>.</summary>
public sealed class BsonBoolean : BsonValue
{
    private BsonBoolean(bool value) => Value = value;

    /// <summary>BSON true.</summary>
    public static BsonBoolean True { get; } = new(true);

    /// <summary>BSON false.</summary>
    public static BsonBoolean False { get; } = new(false);

    /// <summary>The value.</summary>
    public bool Value { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Boolean;

    /// <summary>Returns <see cref="True"/> or <see cref="False"/>.</summary>
    /// <param name="value">The value.</param>
    public static BsonBoolean Create(bool value) => value ? True : False;

    /// <inheritdoc/>
    public override int GetHashCode() => Value ? 1 : 0;

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) => other is BsonBoolean b && b.Value == Value;
}
