namespace DocStore.Bson.Model;

/// <summary>A BSON UTF-8 string (0x02). It may contain U+0000; it may not contain unpaired surrogates.</summary>
public sealed class BsonString : BsonValue
{
    /// <summary>Creates a string value.</summary>
    /// <param name="value">The string.</param>
    /// <exception cref="ArgumentException">The string has an unpaired surrogate (it has no UTF-8 encoding).</exception>
    public BsonString(string value)
    {
        BsonText.ValidateString(value, nameof(value));
        Value = value;
    }

    /// <summary>Creates a value from a string already known to be valid (decoded from valid UTF-8).</summary>
    internal BsonString(string value, bool trusted)
    {
        _ = trusted;
        Value = value;
    }

    /// <summary>The empty string.</summary>
    public static BsonString Empty { get; } = new(string.Empty, trusted: true);

    /// <summary>The string.</summary>
    public string Value { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.String;

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Value);

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonString s && string.Equals(s.Value, Value, StringComparison.Ordinal);
}
