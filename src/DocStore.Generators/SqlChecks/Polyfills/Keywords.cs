namespace DocStore.Sql.Syntax;

/// <summary>
/// The generator's twin of the runtime's keyword table (which uses FrozenDictionary, absent on
/// netstandard2.0). Both derive the table from <see cref="TokenKind"/>, so they cannot disagree.
/// </summary>
internal static class Keywords
{
    private static readonly Dictionary<string, TokenKind> s_byText = BuildTable();

    /// <summary>The keyword kind of <paramref name="word"/>, or <see cref="TokenKind.Identifier"/>.</summary>
    public static TokenKind Lookup(ReadOnlySpan<char> word) =>
        word.Length <= 11 && s_byText.TryGetValue(word.ToString(), out var kind) ? kind : TokenKind.Identifier;

    /// <summary>The keyword as written in the grammar (upper case).</summary>
    public static string Spelling(TokenKind keyword) => keyword.ToString().ToUpperInvariant();

    /// <summary>Every keyword kind.</summary>
    public static IEnumerable<TokenKind> All => s_byText.Values;

    private static Dictionary<string, TokenKind> BuildTable()
    {
        var table = new Dictionary<string, TokenKind>(StringComparer.OrdinalIgnoreCase);
        for (var kind = TokenKind.And; kind <= TokenKind.Where; kind++)
        {
            table.Add(kind.ToString(), kind);
        }

        return table;
    }
}
