using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// One statement, chosen by its first word: a query, INSERT, UPDATE, DELETE, a schema statement
/// (<see cref="SchemaStatementParser"/>), BEGIN, COMMIT, ROLLBACK or EXPLAIN.
/// </summary>
internal sealed class StatementParser
{
    private const string StatementExpected =
        "a statement (SELECT, INSERT, UPDATE, DELETE, CREATE INDEX, DROP INDEX, CREATE, DROP or ALTER COLLECTION, BEGIN, COMMIT, ROLLBACK or EXPLAIN)";

    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly ExpressionParser _expressions;
    private readonly SelectParser _queries;
    private readonly SchemaStatementParser _schema;

    /// <summary>Reads statements from <paramref name="input"/> with the parsers of their parts.</summary>
    public StatementParser(ParserInput input, NameParser names, ExpressionParser expressions, SelectParser queries, SchemaStatementParser schema)
    {
        _input = input;
        _names = names;
        _expressions = expressions;
        _queries = queries;
        _schema = schema;
    }

    /// <summary>The statement at the current token (without its terminating semicolon).</summary>
    public SqlStatement ParseStatement() => ParseStatement(StatementExpected);

    private SqlStatement ParseStatement(string expected)
    {
        var first = _input.Current;
        switch (first.Kind)
        {
            case TokenKind.Select:
                var query = _queries.ParseSelectQuery(out _);
                return new SelectStatement(query, query.Span);
            case TokenKind.Insert:
                return ParseInsert();
            case TokenKind.Identifier when _input.IsWord(0, "REPLACE") && _input.Peek(1).Kind == TokenKind.Into:
                return ParseInsert(InsertConflict.Replace);
            case TokenKind.Update:
                return ParseUpdate();
            case TokenKind.Delete:
                return ParseDelete();
            case TokenKind.Create:
                return _schema.ParseCreate();
            case TokenKind.Drop:
                return _schema.ParseDrop();
            case TokenKind.Identifier when _input.IsWord(0, "WITH"):
                throw UnsupportedSyntax.At(_input.Sql, first, _input.IsWord(1, "RECURSIVE") ? "WITH RECURSIVE" : "WITH (common table expressions)");
            case TokenKind.Identifier when _input.IsWord(0, "ALTER"):
                return _schema.ParseAlter();
            case TokenKind.Identifier when _input.IsWord(0, "PRAGMA"):
                return ParsePragma();
            case TokenKind.Begin:
                _input.Advance();
                _input.Accept(TokenKind.Transaction);
                return new BeginStatement(_input.SpanFrom(first));
            case TokenKind.Commit:
                _input.Advance();
                _input.Accept(TokenKind.Transaction);
                return new CommitStatement(_input.SpanFrom(first));
            case TokenKind.Rollback:
                _input.Advance();
                _input.Accept(TokenKind.Transaction);
                return new RollbackStatement(_input.SpanFrom(first));
            case TokenKind.Explain:
                _input.Advance();
                if (_input.Current.Kind == TokenKind.Explain)
                {
                    throw _input.Error("a statement other than EXPLAIN after EXPLAIN");
                }

                var explained = ParseStatement("a statement after EXPLAIN");
                return new ExplainStatement(explained, _input.SpanFrom(first));
            default:
                throw _input.Error(expected);
        }
    }

    /// <summary><c>INSERT INTO c [(path, ...)] VALUES (...), ...</c> or <c>INSERT INTO c [(path, ...)] SELECT ...</c>.</summary>
    private InsertStatement ParseInsert(InsertConflict conflict = InsertConflict.Abort)
    {
        var insert = _input.Advance();
        if (conflict == InsertConflict.Abort && _input.Current.Kind == TokenKind.Or)
        {
            _input.Advance();
            conflict = InsertConflicts.Parse(_input);
        }

        _input.Expect(TokenKind.Into, "INTO after INSERT");
        var collection = _names.ExpectName("a collection name after INTO");
        var columns = ImmutableArray<PathExpression>.Empty;
        if (_input.Accept(TokenKind.LeftParen))
        {
            var paths = ImmutableArray.CreateBuilder<PathExpression>();
            do
            {
                paths.Add(_names.ExpectPath());
            }
            while (_input.Accept(TokenKind.Comma));

            _input.Expect(TokenKind.RightParen, "',' or ')' in the column list");
            columns = paths.ToImmutable();
        }

        var upserts = new UpsertClauseParser(_input, _names, _expressions);
        if (_input.Current.Kind == TokenKind.Select)
        {
            var source = _queries.ParseSelectQuery(out _);
            var selected = upserts.ParseClauses();
            return new InsertStatement(collection, columns, [], _input.SpanFrom(insert), source) { Conflict = InsertConflicts.Resolve(conflict, selected), Upserts = InsertConflicts.Clauses(conflict, selected) };
        }

        _input.Expect(TokenKind.Values, columns.IsEmpty ? "VALUES, SELECT or a column list after the collection name" : "VALUES or SELECT after the column list");
        var rows = ImmutableArray.CreateBuilder<InsertRow>();
        do
        {
            rows.Add(ParseInsertRow(columns.Length));
        }
        while (_input.Accept(TokenKind.Comma));

        var clauses = upserts.ParseClauses();
        return new InsertStatement(collection, columns, rows.ToImmutable(), _input.SpanFrom(insert)) { Conflict = InsertConflicts.Resolve(conflict, clauses), Upserts = InsertConflicts.Clauses(conflict, clauses) };
    }

    /// <summary>
    /// One parenthesized row: one value per column, checked here so the error points at the row that is
    /// wrong; without a column list, any number of values (a document, or one per declared column).
    /// </summary>
    private InsertRow ParseInsertRow(int columnCount)
    {
        if (_input.Current.Kind != TokenKind.LeftParen)
        {
            throw _input.Error("'(' and a row of values" + _input.AfterPrevious());
        }

        var open = _input.Advance();
        _input.Enter(open);
        var expected = Math.Max(columnCount, 1);
        var values = ImmutableArray.CreateBuilder<SqlExpression>();
        while (true)
        {
            var ignored = 0;
            values.Add(_expressions.ParseExpressionInto(ref ignored));
            if (columnCount == 0 && _input.Accept(TokenKind.Comma))
            {
                // Without a column list the table's declared columns (or one document) decide the count, when bound.
                continue;
            }

            if (columnCount == 0 || values.Count == expected)
            {
                if (_input.Current.Kind != TokenKind.RightParen)
                {
                    throw _input.Error(columnCount == 0
                        ? "',' or ')' in the row of values"
                        : $"')' after the {columnCount} value{(columnCount == 1 ? "" : "s")} of the column list");
                }

                _input.Advance();
                break;
            }

            if (!_input.Accept(TokenKind.Comma))
            {
                throw _input.Error($"',' and {expected - values.Count} more value{(expected - values.Count == 1 ? "" : "s")} (the column list has {columnCount} paths)");
            }
        }

        _input.Leave();
        return new InsertRow(values.ToImmutable(), _input.SpanFrom(open));
    }

    /// <summary><c>PRAGMA name [= value | (value)]</c>; the value is a word, a signed number or a string.</summary>
    private PragmaStatement ParsePragma()
    {
        var pragma = _input.Advance();
        var name = _names.ExpectName("a pragma name after PRAGMA");
        string? value = null;
        var open = _input.Current.Kind == TokenKind.LeftParen ? _input.Advance() : (SqlToken?)null;
        if (open is not null || _input.Accept(TokenKind.Equal))
        {
            var sign = _input.Current.Kind is TokenKind.Minus or TokenKind.Plus ? _input.Advance().Text(_input.Sql).ToString() : "";
            var token = _input.Current;
            value = token.Kind switch
            {
                TokenKind.String => token.Text(_input.Sql)[1..^1].ToString().Replace("''", "'"),
                TokenKind.Integer or TokenKind.Real or TokenKind.Identifier or TokenKind.True or TokenKind.False or TokenKind.On => sign + token.Text(_input.Sql).ToString(),
                _ => throw _input.Error("a pragma value (ON, OFF, a number or a string)"),
            };
            _input.Advance();
            if (open is { } opened)
            {
                _input.ExpectClose(opened);
            }
        }

        return new PragmaStatement(name, value, _input.SpanFrom(pragma));
    }

    /// <summary><c>UPDATE c SET path = expr, ... [WHERE expr]</c>.</summary>
    private UpdateStatement ParseUpdate()
    {
        var update = _input.Advance();
        var collection = _names.ExpectName("a collection name after UPDATE");
        _input.Expect(TokenKind.Set, "SET after the collection name");
        var assignments = ImmutableArray.CreateBuilder<Assignment>();
        do
        {
            var target = _names.ExpectPath();
            _input.Expect(TokenKind.Equal, "'=' after the path");
            var ignored = 0;
            var value = _expressions.ParseExpressionInto(ref ignored);
            assignments.Add(new Assignment(target, value, ParserInput.SpanOf(target, value)));
        }
        while (_input.Accept(TokenKind.Comma));

        var where = ParseOptionalWhere();
        return new UpdateStatement(collection, assignments.ToImmutable(), where, _input.SpanFrom(update));
    }

    /// <summary><c>DELETE FROM c [WHERE expr]</c>.</summary>
    private DeleteStatement ParseDelete()
    {
        var delete = _input.Advance();
        _input.Expect(TokenKind.From, "FROM after DELETE");
        var collection = _names.ExpectName("a collection name after FROM");
        var where = ParseOptionalWhere();
        return new DeleteStatement(collection, where, _input.SpanFrom(delete));
    }

    private SqlExpression? ParseOptionalWhere()
    {
        var ignored = 0;
        return _input.Accept(TokenKind.Where) ? _expressions.ParseExpressionInto(ref ignored) : null;
    }
}
