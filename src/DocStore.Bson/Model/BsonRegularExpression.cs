namespace DocStore.Bson.Model;

/// <summary>
/// A BSON regular expression (0x0B): a pattern and option letters, both C strings. The options are kept
/// in alphabetical order, as the BSON specification requires, so "mix" is stored as "imx".
/// </summary>
public sealed class BsonRegularExpression : BsonValue
{
    /// <summary>Creates a regular expression.</summary>
    /// <param name="pattern">The pattern; no NUL characters.</param>
    /// <param name="options">The option letters in any order; no NUL characters.</param>
    /// <exception cref="ArgumentException">Either string has a NUL character or an unpaired surrogate.</exception>
    public BsonRegularExpression(string pattern, string options = "")
    {
        BsonText.ValidateCString(pattern, nameof(pattern));
        BsonText.ValidateCString(options, nameof(options));
        Pattern = pattern;
        Options = SortOptions(options);
    }

    /// <summary>The pattern.</summary>
    public string Pattern { get; }

    /// <summary>The option letters, in alphabetical order.</summary>
    public string Options { get; }

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.RegularExpression;

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(StringComparer.Ordinal.GetHashCode(Pattern), StringComparer.Ordinal.GetHashCode(Options));

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonRegularExpression r && string.Equals(r.Pattern, Pattern, StringComparison.Ordinal) &&
        string.Equals(r.Options, Options, StringComparison.Ordinal);

    private static string SortOptions(string options)
    {
        if (options.Length < 2)
        {
            return options;
        }

        var chars = options.ToCharArray();
        Array.Sort(chars);
        return new string(chars);
    }
}
