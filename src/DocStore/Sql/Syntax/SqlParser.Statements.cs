using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// Statements other than the query itself: INSERT, UPDATE, DELETE, CREATE/DROP INDEX, transactions, EXPLAIN.
internal sealed partial class SqlParser
{
    private const string StatementExpected =
        "a statement (SELECT, INSERT, UPDATE, DELETE, CREATE INDEX, DROP INDEX, CREATE, DROP or ALTER COLLECTION, BEGIN, COMMIT, ROLLBACK or EXPLAIN)";

    private SqlStatement ParseStatementCore(string expected)
    {
        var first = Current;
        switch (first.Kind)
        {
            case TokenKind.Select:
                var query = ParseSelectQuery(out _);
                return new SelectStatement(query, query.Span);
            case TokenKind.Insert:
                return ParseInsert();
            case TokenKind.Update:
                return ParseUpdate();
            case TokenKind.Delete:
                return ParseDelete();
            case TokenKind.Create:
                return IsCollectionWord(1) ? ParseCreateCollection() : ParseCreateIndex();
            case TokenKind.Drop:
                return IsCollectionWord(1) ? ParseDropCollection() : ParseDropIndex();
            case TokenKind.Identifier when IsWord(0, "ALTER"):
                return ParseAlterCollection();
            case TokenKind.Begin:
                _tokens.Advance();
                Accept(TokenKind.Transaction);
                return new BeginStatement(SpanFrom(first));
            case TokenKind.Commit:
                _tokens.Advance();
                Accept(TokenKind.Transaction);
                return new CommitStatement(SpanFrom(first));
            case TokenKind.Rollback:
                _tokens.Advance();
                Accept(TokenKind.Transaction);
                return new RollbackStatement(SpanFrom(first));
            case TokenKind.Explain:
                _tokens.Advance();
                if (Current.Kind == TokenKind.Explain)
                {
                    throw Error("a statement other than EXPLAIN after EXPLAIN");
                }

                var explained = ParseStatementCore("a statement after EXPLAIN");
                return new ExplainStatement(explained, SpanFrom(first));
            default:
                throw Error(expected);
        }
    }

    /// <summary><c>INSERT INTO c [(path, ...)] VALUES (...), ...</c>.</summary>
    private InsertStatement ParseInsert()
    {
        var insert = _tokens.Advance();
        Expect(TokenKind.Into, "INTO after INSERT");
        var collection = ExpectName("a collection name after INTO");
        var columns = ImmutableArray<PathExpression>.Empty;
        if (Accept(TokenKind.LeftParen))
        {
            var paths = ImmutableArray.CreateBuilder<PathExpression>();
            do
            {
                paths.Add(ExpectPath());
            }
            while (Accept(TokenKind.Comma));

            Expect(TokenKind.RightParen, "',' or ')' in the column list");
            columns = paths.ToImmutable();
        }

        Expect(TokenKind.Values, columns.IsEmpty ? "VALUES or a column list after the collection name" : "VALUES after the column list");
        var rows = ImmutableArray.CreateBuilder<InsertRow>();
        do
        {
            rows.Add(ParseInsertRow(columns.Length));
        }
        while (Accept(TokenKind.Comma));

        return new InsertStatement(collection, columns, rows.ToImmutable(), SpanFrom(insert));
    }

    /// <summary>
    /// One parenthesized row: one value per column, or exactly one document when there is no column
    /// list. The count is checked here so the error points at the row that is wrong.
    /// </summary>
    private InsertRow ParseInsertRow(int columnCount)
    {
        if (Current.Kind != TokenKind.LeftParen)
        {
            throw Error("'(' and a row of values" + AfterPrevious());
        }

        var open = _tokens.Advance();
        Enter(open);
        var expected = Math.Max(columnCount, 1);
        var values = ImmutableArray.CreateBuilder<SqlExpression>();
        while (true)
        {
            var ignored = 0;
            values.Add(ParseExpressionInto(ref ignored));
            if (values.Count == expected)
            {
                if (Current.Kind != TokenKind.RightParen)
                {
                    throw Error(columnCount == 0
                        ? "')' after the document (without a column list each row is one document)"
                        : $"')' after the {columnCount} value{(columnCount == 1 ? "" : "s")} of the column list");
                }

                _tokens.Advance();
                break;
            }

            if (!Accept(TokenKind.Comma))
            {
                throw Error($"',' and {expected - values.Count} more value{(expected - values.Count == 1 ? "" : "s")} (the column list has {columnCount} paths)");
            }
        }

        Leave();
        return new InsertRow(values.ToImmutable(), SpanFrom(open));
    }

    /// <summary><c>UPDATE c SET path = expr, ... [WHERE expr]</c>.</summary>
    private UpdateStatement ParseUpdate()
    {
        var update = _tokens.Advance();
        var collection = ExpectName("a collection name after UPDATE");
        Expect(TokenKind.Set, "SET after the collection name");
        var assignments = ImmutableArray.CreateBuilder<Assignment>();
        do
        {
            var target = ExpectPath();
            Expect(TokenKind.Equal, "'=' after the path");
            var ignored = 0;
            var value = ParseExpressionInto(ref ignored);
            assignments.Add(new Assignment(target, value, SpanOf(target, value)));
        }
        while (Accept(TokenKind.Comma));

        var where = ParseOptionalWhere();
        return new UpdateStatement(collection, assignments.ToImmutable(), where, SpanFrom(update));
    }

    /// <summary><c>DELETE FROM c [WHERE expr]</c>.</summary>
    private DeleteStatement ParseDelete()
    {
        var delete = _tokens.Advance();
        Expect(TokenKind.From, "FROM after DELETE");
        var collection = ExpectName("a collection name after FROM");
        var where = ParseOptionalWhere();
        return new DeleteStatement(collection, where, SpanFrom(delete));
    }

    private SqlExpression? ParseOptionalWhere()
    {
        var ignored = 0;
        return Accept(TokenKind.Where) ? ParseExpressionInto(ref ignored) : null;
    }

    /// <summary><c>CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON c (path, ...)</c>.</summary>
    private CreateIndexStatement ParseCreateIndex()
    {
        var create = _tokens.Advance();
        var unique = Accept(TokenKind.Unique);
        Expect(TokenKind.Index, unique ? "INDEX after UNIQUE" : "INDEX, UNIQUE INDEX, COLLECTION or TABLE after CREATE");
        var ifNotExists = IsWord(0, "IF") && _tokens.Peek(1).Kind == TokenKind.Not;
        if (ifNotExists)
        {
            _tokens.Advance();
            _tokens.Advance();
            ExpectWord("EXISTS", "EXISTS after IF NOT");
        }

        var name = ExpectName("an index name after INDEX");
        Expect(TokenKind.On, "ON after the index name");
        var collection = ExpectName("a collection name after ON");
        Expect(TokenKind.LeftParen, "'(' and the indexed paths after the collection name");
        var paths = ImmutableArray.CreateBuilder<PathExpression>();
        do
        {
            paths.Add(ExpectPath());
        }
        while (Accept(TokenKind.Comma));

        Expect(TokenKind.RightParen, "',' or ')' in the list of indexed paths");
        return new CreateIndexStatement(unique, name, collection, paths.ToImmutable(), SpanFrom(create), ifNotExists);
    }

    /// <summary><c>DROP INDEX [IF EXISTS] c.name</c>: an index is named within its collection.</summary>
    private DropIndexStatement ParseDropIndex()
    {
        var drop = _tokens.Advance();
        Expect(TokenKind.Index, "INDEX, COLLECTION or TABLE after DROP");

        // IF and EXISTS are not reserved: "DROP INDEX if.x" drops index x of a collection named if.
        var ifExists = IsWord(0, "IF") && IsWord(1, "EXISTS") && _tokens.Peek(2).Kind != TokenKind.Dot;
        if (ifExists)
        {
            _tokens.Advance();
            _tokens.Advance();
        }

        var collection = ExpectName("a collection name after DROP INDEX");
        Expect(TokenKind.Dot, "'.' and the index name after the collection name (DROP INDEX collection.index)");
        var name = ExpectAnyWord("an index name after '.'");
        return new DropIndexStatement(collection, name, SpanFrom(drop), ifExists);
    }

    /// <summary>True when the token <paramref name="ahead"/> is the unquoted word <paramref name="word"/> (any case): a word SQL gives a meaning only in one place.</summary>
    private bool IsWord(int ahead, string word)
    {
        var token = _tokens.Peek(ahead);
        return token.Kind == TokenKind.Identifier && token.Text(_sql).Equals(word, StringComparison.OrdinalIgnoreCase);
    }

    private void ExpectWord(string word, string expected)
    {
        if (!IsWord(0, word))
        {
            throw Error(expected);
        }

        _tokens.Advance();
    }
}
