namespace DocStore.Bson.Model;

/// <summary>The deprecated BSON symbol (0x0E): a string with a different type code. Modern data uses a string.</summary>
public sealed class BsonSymbol : BsonValue
{
    /// <summary>Creates a symbol.</summary>
    /// <param name="name">The symbol text.</param>
    /// <exception cref="ArgumentException">The text has an unpaired surrogate.</exception>
    public BsonSymbol(string name)
    {
        BsonText.ValidateString(name, nameof(name));
        Name = name;
    }

    /// <summary>The symbol text.</summary>
    public string Name { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Symbol;

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Name);

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonSymbol s && string.Equals(s.Name, Name, StringComparison.Ordinal);
}
