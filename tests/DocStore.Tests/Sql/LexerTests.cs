using DocStore.Sql.Syntax;

namespace DocStore.Tests.Sql;

/// <summary>The lexer splits text into tokens by index; keywords are case-insensitive kinds of their own.</summary>
public sealed class LexerTests
{
    private static List<(TokenKind Kind, string Text)> Lex(string sql)
    {
        var lexer = new SqlLexer(sql);
        var tokens = new List<(TokenKind, string)>();
        for (var token = lexer.Next(); token.Kind != TokenKind.EndOfInput; token = lexer.Next())
        {
            tokens.Add((token.Kind, token.Text(sql).ToString()));
        }

        return tokens;
    }

    [Fact]
    public void Operators_take_their_longest_spelling()
    {
        Assert.Equal(
            [TokenKind.LessOrEqual, TokenKind.NotEqual, TokenKind.Less, TokenKind.GreaterOrEqual, TokenKind.Greater,
             TokenKind.EqualEqual, TokenKind.Equal, TokenKind.BangEqual, TokenKind.Concat, TokenKind.Unknown, TokenKind.Unknown],
            Lex("<= <> < >= > == = != || | !").Select(t => t.Kind));
    }

    [Fact]
    public void Keywords_are_matched_case_insensitively_and_other_words_are_identifiers()
    {
        Assert.Equal(
            [(TokenKind.Select, "select"), (TokenKind.Select, "SeLeCt"), (TokenKind.Identifier, "selected"), (TokenKind.Transaction, "TRANSACTION"), (TokenKind.Identifier, "COUNT")],
            Lex("select SeLeCt selected TRANSACTION COUNT"));
    }

    [Fact]
    public void Every_keyword_is_recognised_by_its_spelling()
    {
        foreach (var keyword in Keywords.All)
        {
            Assert.Equal([keyword], Lex(Keywords.Spelling(keyword).ToLowerInvariant()).Select(t => t.Kind));
        }
    }

    [Fact]
    public void Numbers_strings_names_and_parameters_are_single_tokens()
    {
        Assert.Equal(
            [(TokenKind.Integer, "12"), (TokenKind.Real, "1.5e-3"), (TokenKind.Real, ".5"), (TokenKind.String, "'a''b'"),
             (TokenKind.QuotedIdentifier, "\"x\"\"y\""), (TokenKind.NamedParameter, "@p1"), (TokenKind.NamedParameter, ":q"),
             (TokenKind.NamedParameter, "$r"), (TokenKind.PositionalParameter, "?"), (TokenKind.DocumentLiteral, "{\"a\": [1]}")],
            Lex("12 1.5e-3 .5 'a''b' \"x\"\"y\" @p1 :q $r ? {\"a\": [1]}"));
    }

    [Fact]
    public void Tokens_need_no_blanks_between_them()
    {
        Assert.Equal(
            ["a", ".", "b", "[", "]", "=", "-", "1", "||", "'x'", ")", ",", "(", "*", ";"],
            Lex("a.b[]=-1||'x'),(*;").Select(t => t.Text));
    }

    [Fact]
    public void A_surrogate_pair_is_one_unknown_token()
    {
        Assert.Equal([(TokenKind.Unknown, "😀")], Lex("😀"));
    }

    [Fact]
    public void The_end_of_input_repeats()
    {
        var lexer = new SqlLexer("a");
        Assert.Equal(TokenKind.Identifier, lexer.Next().Kind);
        Assert.Equal(new SqlToken(TokenKind.EndOfInput, 1, 0), lexer.Next());
        Assert.Equal(new SqlToken(TokenKind.EndOfInput, 1, 0), lexer.Next());
    }
}
