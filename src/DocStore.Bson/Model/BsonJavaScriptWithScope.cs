namespace DocStore.Bson.Model;

/// <summary>The deprecated BSON JavaScript code with scope (0x0F): code and a document of variables.</summary>
public sealed class BsonJavaScriptWithScope : BsonValue
{
    /// <summary>Creates a code-with-scope value. The scope document is kept by reference, not copied.</summary>
    /// <param name="code">The code.</param>
    /// <param name="scope">The variables the code sees.</param>
    /// <exception cref="ArgumentException">The code has an unpaired surrogate.</exception>
    public BsonJavaScriptWithScope(string code, BsonDocument scope)
    {
        BsonText.ValidateString(code, nameof(code));
        ArgumentNullException.ThrowIfNull(scope);
        Code = code;
        Scope = scope;
    }

    /// <summary>The code.</summary>
    public string Code { get; }

    /// <summary>The variables the code sees.</summary>
    public BsonDocument Scope { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.JavaScriptWithScope;

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(StringComparer.Ordinal.GetHashCode(Code), Scope.GetHashCode());

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonJavaScriptWithScope j && string.Equals(j.Code, Code, StringComparison.Ordinal) &&
        HeldDocumentEquals(j.Scope, Scope, depth);

    /// <inheritdoc/>
    private protected override BsonValue DeepCloneCore(int depth) =>
        new BsonJavaScriptWithScope(Code, HeldDocumentClone(Scope, depth));
}
