namespace DocStore.Sql.Syntax;

/// <summary>One token: its kind and where its text lies in the SQL string (no copy of the text).</summary>
/// <param name="Kind">What the token is.</param>
/// <param name="Start">The offset of its first character.</param>
/// <param name="Length">Its length in characters (0 at the end of input).</param>
internal readonly record struct SqlToken(TokenKind Kind, int Start, int Length)
{
    /// <summary>The offset just past the token.</summary>
    public int End => Start + Length;

    /// <summary>True for keyword tokens.</summary>
    public bool IsKeyword => Kind >= TokenKind.And;

    /// <summary>The token's text in <paramref name="sql"/>.</summary>
    public ReadOnlySpan<char> Text(string sql) => sql.AsSpan(Start, Length);
}
