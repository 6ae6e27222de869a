using System.Collections.Frozen;

namespace DocStore.Sql.Syntax;

/// <summary>The reserved words, matched case-insensitively without allocating (a span lookup).</summary>
internal static class Keywords
{
    private static readonly FrozenDictionary<string, TokenKind> s_byText = BuildTable();

    private static readonly FrozenDictionary<string, TokenKind>.AlternateLookup<ReadOnlySpan<char>> s_bySpan =
        s_byText.GetAlternateLookup<ReadOnlySpan<char>>();

    /// <summary>The keyword kind of <paramref name="word"/>, or <see cref="TokenKind.Identifier"/>.</summary>
    public static TokenKind Lookup(ReadOnlySpan<char> word) =>
        word.Length <= 11 && s_bySpan.TryGetValue(word, out var kind) ? kind : TokenKind.Identifier;

    /// <summary>The keyword as written in the grammar (upper case), for messages and printers.</summary>
    public static string Spelling(TokenKind keyword) => keyword.ToString().ToUpperInvariant();

    /// <summary>Every keyword kind.</summary>
    public static IEnumerable<TokenKind> All => s_byText.Values;

    private static FrozenDictionary<string, TokenKind> BuildTable()
    {
        var table = new Dictionary<string, TokenKind>(StringComparer.OrdinalIgnoreCase);
        for (var kind = TokenKind.And; kind <= TokenKind.Where; kind++)
        {
            table.Add(kind.ToString(), kind);
        }

        return table.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
    }
}
