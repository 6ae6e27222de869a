namespace DocStore.Metadata;

/// <summary>The kinds a <see cref="FieldType"/> names; the text of each is its lower-case name.</summary>
internal enum FieldTypeKind
{
    /// <summary>A type text this version does not know (written by a newer one): values are left as they are.</summary>
    Unknown,
    Bool,
    Byte,
    SByte,
    Int16,
    UInt16,
    Char,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    Decimal,
    String,
    Guid,
    ObjectId,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Binary,
    Document,
    Array,
    Map,
}

/// <summary>
/// A parsed <see cref="StoredFieldType.Type"/>: a kind, whether null is accepted, and for <c>array&lt;X&gt;</c>
/// and <c>map&lt;X&gt;</c> the element type. The text form is what the catalog stores and SQL shows.
/// </summary>
internal sealed record FieldType(FieldTypeKind Kind, bool Nullable, FieldType? Element, string Text)
{
    /// <summary>Parses a type text; an unknown name gives <see cref="FieldTypeKind.Unknown"/> rather than an error, so newer files still open.</summary>
    public static FieldType Parse(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var body = text;
        var nullable = body.EndsWith('?');
        if (nullable)
        {
            body = body[..^1];
        }

        var open = body.IndexOf('<', StringComparison.Ordinal);
        if (open > 0 && body.EndsWith('>'))
        {
            var kind = body[..open] switch
            {
                "array" => FieldTypeKind.Array,
                "map" => FieldTypeKind.Map,
                _ => FieldTypeKind.Unknown,
            };
            var element = Parse(body[(open + 1)..^1]);
            return new FieldType(kind, nullable, kind == FieldTypeKind.Unknown ? null : element, text);
        }

        return new FieldType(Scalars.GetValueOrDefault(body), nullable, null, text);
    }

    // The scalar kinds by their text: the lower-case enum name.
    private static readonly Dictionary<string, FieldTypeKind> Scalars = Enum.GetValues<FieldTypeKind>()
        .Where(k => k is not (FieldTypeKind.Unknown or FieldTypeKind.Array or FieldTypeKind.Map))
        .ToDictionary(k => k.ToString().ToLowerInvariant(), StringComparer.Ordinal);

    /// <summary>The parsed types by path; null for null input (a catalog record without types).</summary>
    public static IReadOnlyDictionary<string, FieldType>? ByPath(IReadOnlyList<StoredFieldType>? types) =>
        types?.ToDictionary(t => t.Path, t => Parse(t.Type), StringComparer.Ordinal);

    /// <summary>True when the two lists declare the same paths with the same types in the same order.</summary>
    public static bool SameTypes(IReadOnlyList<StoredFieldType>? a, IReadOnlyList<StoredFieldType>? b) =>
        a is null ? b is null : b is not null && a.SequenceEqual(b);

    public override string ToString() => Text;
}
