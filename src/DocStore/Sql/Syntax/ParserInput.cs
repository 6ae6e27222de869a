using System.Runtime.CompilerServices;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// What every part of the parser shares: the text, the cursor over its tokens, errors that say where
/// and what was expected, and the bounds on nesting and expression height.
/// </summary>
internal sealed class ParserInput
{
    private readonly TokenStream _tokens;
    private int _nesting;

    /// <summary>Starts at the first token of <paramref name="sql"/>.</summary>
    public ParserInput(string sql)
    {
        Sql = sql;
        _tokens = new TokenStream(sql);
    }

    /// <summary>The whole text being parsed.</summary>
    public string Sql { get; }

    /// <summary>The token being looked at.</summary>
    public SqlToken Current => _tokens.Current;

    /// <summary>The last token consumed (see <see cref="TokenStream.Previous"/>).</summary>
    public SqlToken Previous => _tokens.Previous;

    /// <summary>The token <paramref name="ahead"/> places after the current one (0 is the current).</summary>
    public SqlToken Peek(int ahead) => _tokens.Peek(ahead);

    /// <summary>Consumes the current token and returns it.</summary>
    public SqlToken Advance() => _tokens.Advance();

    /// <summary>Consumes the current token when it is a <paramref name="kind"/>.</summary>
    public bool Accept(TokenKind kind)
    {
        if (Current.Kind != kind)
        {
            return false;
        }

        _tokens.Advance();
        return true;
    }

    /// <summary>Consumes a <paramref name="kind"/> token, or fails saying <paramref name="expected"/>.</summary>
    public SqlToken Expect(TokenKind kind, string expected) =>
        Current.Kind == kind ? _tokens.Advance() : throw Error(expected);

    /// <summary>Fails saying <paramref name="expected"/> unless the text is used up.</summary>
    public void ExpectEnd(string expected)
    {
        if (Current.Kind != TokenKind.EndOfInput)
        {
            throw Error(expected);
        }
    }

    /// <summary>Consumes <c>)</c> closing <paramref name="open"/>, or reports where the unclosed one is.</summary>
    /// <remarks>The message is built only on failure: finding a line and column scans the text.</remarks>
    public SqlToken ExpectClose(SqlToken open) => Current.Kind == TokenKind.RightParen
        ? _tokens.Advance()
        : throw Error($"')' to close the '(' at {SyntaxErrors.Where(Sql, open.Start)}");

    /// <summary>True when the token <paramref name="ahead"/> is the unquoted word <paramref name="word"/> (any case): a word SQL gives a meaning only in one place.</summary>
    public bool IsWord(int ahead, string word)
    {
        var token = _tokens.Peek(ahead);
        return token.Kind == TokenKind.Identifier && token.Text(Sql).Equals(word, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Consumes the unquoted word <paramref name="word"/>, or fails saying <paramref name="expected"/>.</summary>
    public void ExpectWord(string word, string expected)
    {
        if (!IsWord(0, word))
        {
            throw Error(expected);
        }

        _tokens.Advance();
    }

    /// <summary>A syntax error at the current token, saying what was expected there.</summary>
    public SqlSyntaxException Error(string expected) => ErrorAt(Current, expected);

    /// <summary>A syntax error at <paramref name="token"/>, saying what was expected there.</summary>
    public SqlSyntaxException ErrorAt(SqlToken token, string expected)
    {
        // At the end of input the caret goes right after the last token, not after trailing blanks.
        var position = token.Kind == TokenKind.EndOfInput && _tokens.HasPrevious && _tokens.Previous.End <= token.Start
            ? _tokens.Previous.End
            : token.Start;
        return SyntaxErrors.At(Sql, position, expected, SyntaxErrors.Describe(Sql, token));
    }

    /// <summary>"after X" for the token just consumed, or nothing at the start of the text.</summary>
    public string AfterPrevious() =>
        _tokens.HasPrevious ? " after " + SyntaxErrors.After(Sql, _tokens.Previous) : string.Empty;

    /// <summary>The span from <paramref name="first"/> through the last consumed token.</summary>
    public SourceSpan SpanFrom(SqlToken first) => SourceSpan.FromBounds(first.Start, _tokens.Previous.End);

    /// <summary>The span from the start of <paramref name="first"/> to the end of <paramref name="last"/>.</summary>
    public static SourceSpan SpanOf(SqlNode first, SqlNode last) => SourceSpan.FromBounds(first.Span.Start, last.Span.End);

    /// <summary>Enters one level of nesting; <paramref name="opener"/> is blamed when it is one too many.</summary>
    public void Enter(SqlToken opener)
    {
        if (++_nesting > SqlParser.MaxNestingDepth)
        {
            throw ErrorAt(opener, $"at most {SqlParser.MaxNestingDepth} levels of nested parentheses, subqueries, function calls and prefix operators");
        }

        // The fixed limit fits a 1 MiB stack; the probe covers threads with smaller ones.
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw ErrorAt(opener, "less nesting (this thread's stack is too small for it)");
        }
    }

    /// <summary>Leaves the level of nesting the matching <see cref="Enter"/> entered.</summary>
    public void Leave() => _nesting--;

    /// <summary>The height of a node over children of the given heights; <paramref name="blame"/> is reported when too tall.</summary>
    public int Grow(SqlToken blame, int childHeight, int otherChildHeight = 0)
    {
        var height = 1 + Math.Max(childHeight, otherChildHeight);
        return height <= SqlParser.MaxExpressionHeight
            ? height
            : throw ErrorAt(blame, $"an expression at most {SqlParser.MaxExpressionHeight} operators deep");
    }
}
