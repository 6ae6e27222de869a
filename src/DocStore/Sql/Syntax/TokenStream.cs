namespace DocStore.Sql.Syntax;

/// <summary>
/// The parser's view of the tokens: the current one, up to two more ahead, and the one just consumed.
/// Tokens are lexed only when looked at, so a lexical error never hides an earlier syntax error.
/// </summary>
internal sealed class TokenStream
{
    private const int MaxLookahead = 3;

    private readonly SqlLexer _lexer;
    private readonly SqlToken[] _ahead = new SqlToken[MaxLookahead];
    private int _count;

    /// <summary>Creates the stream at the start of <paramref name="sql"/>.</summary>
    public TokenStream(string sql) => _lexer = new SqlLexer(sql);

    /// <summary>The token the parser is looking at.</summary>
    public SqlToken Current => Peek(0);

    /// <summary>The last token consumed; its kind is <see cref="TokenKind.EndOfInput"/> before the first.</summary>
    public SqlToken Previous { get; private set; }

    /// <summary>True once a token has been consumed.</summary>
    public bool HasPrevious { get; private set; }

    /// <summary>The token <paramref name="ahead"/> places after the current one (0 is the current).</summary>
    public SqlToken Peek(int ahead)
    {
        while (_count <= ahead)
        {
            _ahead[_count++] = _lexer.Next();
        }

        return _ahead[ahead];
    }

    /// <summary>Consumes the current token and returns it.</summary>
    public SqlToken Advance()
    {
        var token = Peek(0);
        _count--;
        Array.Copy(_ahead, 1, _ahead, 0, _count);
        Previous = token;
        HasPrevious = true;
        return token;
    }
}
