namespace DocStore.Bson.Model;

/// <summary>BSON JavaScript code (0x0D).</summary>
public sealed class BsonJavaScript : BsonValue
{
    /// <summary>Creates a code value.</summary>
    /// <param name="code">The code.</param>
    /// <exception cref="ArgumentException">The code has an unpaired surrogate.</exception>
    public BsonJavaScript(string code)
    {
        BsonText.ValidateString(code, nameof(code));
        Code = code;
    }

    /// <summary>The code.</summary>
    public string Code { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.JavaScript;

    /// <inheritdoc/>
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Code);

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonJavaScript j && string.Equals(j.Code, Code, StringComparison.Ordinal);
}
