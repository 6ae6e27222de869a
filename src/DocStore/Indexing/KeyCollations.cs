using DocStore.Bson.Model;

namespace DocStore.Indexing;

/// <summary>
/// The collations an index component may be made under (<see cref="IndexDefinition.Collations"/>): a text
/// value is stored as its collation compares it, so that equal keys are equal values under the collation and
/// key order is the collation's order. NOCASE lowers ASCII capitals, RTRIM drops trailing spaces, as SQLite
/// compares; values that are not text are unchanged.
/// </summary>
internal static class KeyCollations
{
    /// <summary>The letter of BINARY, byte-wise comparison.</summary>
    public const char Binary = 'B';

    /// <summary>The letter of NOCASE.</summary>
    public const char NoCase = 'N';

    /// <summary>The letter of RTRIM.</summary>
    public const char RTrim = 'R';

    /// <summary>The value component <paramref name="component"/> holds under <paramref name="collations"/> (one letter per component; null for all BINARY).</summary>
    public static BsonValue? Apply(string? collations, int component, BsonValue? value)
    {
        if (collations is null || component >= collations.Length || value is not BsonString text)
        {
            return value;
        }

        return collations[component] switch
        {
            NoCase when HasCapital(text.Value) => new BsonString(Lower(text.Value)),
            RTrim when text.Value.EndsWith(' ') => new BsonString(text.Value.TrimEnd(' ')),
            _ => value,
        };
    }

    /// <summary>The letters for per-path collation names (NOCASE, RTRIM, else BINARY), or null when all are BINARY.</summary>
    public static string? Of(IEnumerable<string?> collations)
    {
        var letters = string.Concat(collations.Select(c => c switch
        {
            Catalog.ColumnCollations.NoCase => NoCase,
            Catalog.ColumnCollations.RTrim => RTrim,
            _ => Binary,
        }));
        return letters.All(l => l == Binary) ? null : letters;
    }

    private static bool HasCapital(string text) => text.AsSpan().ContainsAnyInRange('A', 'Z');

    private static string Lower(string text) => string.Create(text.Length, text, static (span, source) =>
    {
        for (var i = 0; i < span.Length; i++)
        {
            var c = source[i];
            span[i] = c is >= 'A' and <= 'Z' ? (char)(c + ('a' - 'A')) : c;
        }
    });
}
