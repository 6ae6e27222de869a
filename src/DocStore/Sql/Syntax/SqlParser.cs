using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The hand-written recursive-descent parser of DocStore's SQL dialect (docs/sql.md). It throws
/// <see cref="SqlSyntaxException"/> for every malformed input and nothing else; nesting and
/// expression height are bounded so no input can exhaust the stack of the parser or of a later
/// pass that walks the tree recursively.
/// </summary>
internal sealed partial class SqlParser
{
    /// <summary>The deepest nesting of parentheses, subqueries, function calls and prefix operators.</summary>
    public const int MaxNestingDepth = 200;

    /// <summary>The tallest expression tree (a chain of 1000 ANDs is 1000 tall); later passes recurse over it.</summary>
    public const int MaxExpressionHeight = 1000;

    private readonly string _sql;
    private readonly TokenStream _tokens;
    private int _nesting;
    private int _positionalParameters;

    private SqlParser(string sql)
    {
        _sql = sql;
        _tokens = new TokenStream(sql);
    }

    /// <summary>Parses exactly one statement, optionally followed by a semicolon.</summary>
    /// <exception cref="SqlSyntaxException">The text is not one well-formed statement.</exception>
    public static SqlStatement ParseStatement(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var statement = parser.ParseStatementCore(StatementExpected);
        if (parser.Accept(TokenKind.Semicolon) && parser.Current.Kind != TokenKind.EndOfInput)
        {
            throw parser.Error("end of input after ';' (this call parses one statement; parse a script for several)");
        }

        parser.ExpectEnd("';' or end of input after the statement");
        return statement;
    }

    /// <summary>Parses statements separated by semicolons; empty statements are skipped.</summary>
    /// <exception cref="SqlSyntaxException">A statement is malformed.</exception>
    public static ImmutableArray<SqlStatement> ParseScript(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var statements = ImmutableArray.CreateBuilder<SqlStatement>();
        while (true)
        {
            while (parser.Accept(TokenKind.Semicolon))
            {
            }

            if (parser.Current.Kind == TokenKind.EndOfInput)
            {
                return statements.ToImmutable();
            }

            statements.Add(parser.ParseStatementCore(StatementExpected));
            if (!parser.Accept(TokenKind.Semicolon))
            {
                parser.ExpectEnd("';' or end of input after the statement");
            }
        }
    }

    /// <summary>Parses one expression that makes up the whole text (for tests and expression-only APIs).</summary>
    /// <exception cref="SqlSyntaxException">The text is not one well-formed expression.</exception>
    public static SqlExpression ParseExpression(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var expression = parser.ParseExpression(out _);
        parser.ExpectEnd("an operator or end of input after the expression");
        return expression;
    }

    private SqlToken Current => _tokens.Current;

    private bool Accept(TokenKind kind)
    {
        if (Current.Kind != kind)
        {
            return false;
        }

        _tokens.Advance();
        return true;
    }

    private SqlToken Expect(TokenKind kind, string expected) =>
        Current.Kind == kind ? _tokens.Advance() : throw Error(expected);

    private void ExpectEnd(string expected)
    {
        if (Current.Kind != TokenKind.EndOfInput)
        {
            throw Error(expected);
        }
    }

    /// <summary>A syntax error at the current token, saying what was expected there.</summary>
    private SqlSyntaxException Error(string expected) => ErrorAt(Current, expected);

    private SqlSyntaxException ErrorAt(SqlToken token, string expected)
    {
        // At the end of input the caret goes right after the last token, not after trailing blanks.
        var position = token.Kind == TokenKind.EndOfInput && _tokens.HasPrevious && _tokens.Previous.End <= token.Start
            ? _tokens.Previous.End
            : token.Start;
        return SyntaxErrors.At(_sql, position, expected, SyntaxErrors.Describe(_sql, token));
    }

    /// <summary>"after X" for the token just consumed, or nothing at the start of the text.</summary>
    private string AfterPrevious() =>
        _tokens.HasPrevious ? " after " + SyntaxErrors.After(_sql, _tokens.Previous) : string.Empty;

    /// <summary>The span from <paramref name="first"/> through the last consumed token.</summary>
    private SourceSpan SpanFrom(SqlToken first) => SourceSpan.FromBounds(first.Start, _tokens.Previous.End);

    private static SourceSpan SpanOf(SqlNode first, SqlNode last) => SourceSpan.FromBounds(first.Span.Start, last.Span.End);

    /// <summary>Enters one level of nesting; <paramref name="opener"/> is blamed when it is one too many.</summary>
    private void Enter(SqlToken opener)
    {
        if (++_nesting > MaxNestingDepth)
        {
            throw ErrorAt(opener, $"at most {MaxNestingDepth} levels of nested parentheses, subqueries, function calls and prefix operators");
        }

        // The fixed limit fits a 1 MiB stack; the probe covers threads with smaller ones.
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw ErrorAt(opener, "less nesting (this thread's stack is too small for it)");
        }
    }

    private void Leave() => _nesting--;

    /// <summary>The height of a node over children of the given heights; <paramref name="blame"/> is reported when too tall.</summary>
    private int Grow(SqlToken blame, int childHeight, int otherChildHeight = 0)
    {
        var height = 1 + Math.Max(childHeight, otherChildHeight);
        return height <= MaxExpressionHeight
            ? height
            : throw ErrorAt(blame, $"an expression at most {MaxExpressionHeight} operators deep");
    }
}
