using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The hand-written recursive-descent parser of DocStore's SQL dialect (docs/sql.md). It throws
/// <see cref="SqlSyntaxException"/> for every malformed input and nothing else; nesting and
/// expression height are bounded so no input can exhaust the stack of the parser or of a later
/// pass that walks the tree recursively.
/// </summary>
/// <remarks>
/// The work is done by parts that share one <see cref="ParserInput"/>: names, literals, expressions,
/// queries, statements and schema statements each have their own parser; this class composes them
/// for one text and says where the text must end.
/// </remarks>
internal sealed class SqlParser
{
    /// <summary>The deepest nesting of parentheses, subqueries, function calls and prefix operators.</summary>
    public const int MaxNestingDepth = 200;

    /// <summary>The tallest expression tree (a chain of 1000 ANDs is 1000 tall); later passes recurse over it.</summary>
    public const int MaxExpressionHeight = 1000;

    private readonly ParserInput _input;
    private readonly ExpressionParser _expressions;
    private readonly StatementParser _statements;

    private SqlParser(string sql)
    {
        _input = new ParserInput(sql);
        var names = new NameParser(_input);
        _expressions = new ExpressionParser(_input, names, new LiteralParser(_input));
        var schema = new SchemaStatementParser(_input, names, _expressions);
        _statements = new StatementParser(_input, names, _expressions, _expressions.Queries, schema);
    }

    /// <summary>Parses exactly one statement, optionally followed by a semicolon.</summary>
    /// <exception cref="SqlSyntaxException">The text is not one well-formed statement.</exception>
    public static SqlStatement ParseStatement(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var input = parser._input;
        var statement = parser._statements.ParseStatement();
        if (input.Accept(TokenKind.Semicolon) && input.Current.Kind != TokenKind.EndOfInput)
        {
            throw input.Error("end of input after ';' (this call parses one statement; parse a script for several)");
        }

        input.ExpectEnd("';' or end of input after the statement");
        return statement;
    }

    /// <summary>Parses statements separated by semicolons; empty statements are skipped.</summary>
    /// <exception cref="SqlSyntaxException">A statement is malformed.</exception>
    public static ImmutableArray<SqlStatement> ParseScript(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var input = parser._input;
        var statements = ImmutableArray.CreateBuilder<SqlStatement>();
        while (true)
        {
            while (input.Accept(TokenKind.Semicolon))
            {
            }

            if (input.Current.Kind == TokenKind.EndOfInput)
            {
                return statements.ToImmutable();
            }

            statements.Add(parser._statements.ParseStatement());
            if (!input.Accept(TokenKind.Semicolon))
            {
                input.ExpectEnd("';' or end of input after the statement");
            }
        }
    }

    /// <summary>Parses one expression that makes up the whole text (for tests and expression-only APIs).</summary>
    /// <exception cref="SqlSyntaxException">The text is not one well-formed expression.</exception>
    public static SqlExpression ParseExpression(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new SqlParser(sql);
        var expression = parser._expressions.ParseExpression(out _);
        parser._input.ExpectEnd("an operator or end of input after the expression");
        return expression;
    }
}
