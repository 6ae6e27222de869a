namespace DocStore.Bson.Model;

/// <summary>A named value inside a <see cref="BsonDocument"/>.</summary>
public readonly struct BsonElement : IEquatable<BsonElement>
{
    /// <summary>Creates an element; a null value is stored as BSON null.</summary>
    /// <param name="name">The field name: any string without NUL characters or unpaired surrogates (empty, dotted and $-prefixed names are allowed, as in BSON).</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentException">The name has a NUL character or an unpaired surrogate.</exception>
    public BsonElement(string name, BsonValue? value)
    {
        BsonText.ValidateCString(name, nameof(name));
        Name = name;
        Value = value ?? BsonNull.Value;
    }

    /// <summary>Creates an element from a name already known to be valid (decoded from BSON or checked JSON).</summary>
    internal BsonElement(string name, BsonValue value, bool trusted)
    {
        _ = trusted;
        Name = name;
        Value = value;
    }

    /// <summary>The field name.</summary>
    public string Name { get; }

    /// <summary>The value.</summary>
    public BsonValue Value { get; }

    /// <summary>Deconstructs into name and value.</summary>
    /// <param name="name">The field name.</param>
    /// <param name="value">The value.</param>
    public void Deconstruct(out string name, out BsonValue value)
    {
        name = Name;
        value = Value;
    }

    /// <summary>Ordinal name equality and exact value equality.</summary>
    /// <param name="other">The element to compare with.</param>
    public bool Equals(BsonElement other) =>
        string.Equals(Name, other.Name, StringComparison.Ordinal) && Equals(Value, other.Value);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is BsonElement other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(Name is null ? 0 : StringComparer.Ordinal.GetHashCode(Name), Value);

    /// <summary>Element equality.</summary>
    public static bool operator ==(BsonElement left, BsonElement right) => left.Equals(right);

    /// <summary>Element inequality.</summary>
    public static bool operator !=(BsonElement left, BsonElement right) => !left.Equals(right);

    /// <inheritdoc/>
    public override string ToString() => $"{Name}: {Value}";
}
