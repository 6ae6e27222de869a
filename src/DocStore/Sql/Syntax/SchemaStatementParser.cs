using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// CREATE, DROP and ALTER of indexes and whole collections. TABLE is a synonym of COLLECTION (SQLite
/// habits); neither word is reserved: they mean something only right after CREATE, DROP or ALTER.
/// </summary>
internal sealed class SchemaStatementParser
{
    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly ColumnDefinitionParser _columns;

    /// <summary>Reads schema statements from <paramref name="input"/>.</summary>
    public SchemaStatementParser(ParserInput input, NameParser names, ExpressionParser expressions)
    {
        _input = input;
        _names = names;
        _columns = new ColumnDefinitionParser(input, names, expressions);
    }

    /// <summary>CREATE COLLECTION or CREATE INDEX, at the current CREATE.</summary>
    public SqlStatement ParseCreate() => IsCollectionWord(1) ? ParseCreateCollection() : ParseCreateIndex();

    /// <summary>DROP COLLECTION or DROP INDEX, at the current DROP.</summary>
    public SqlStatement ParseDrop() => IsCollectionWord(1) ? ParseDropCollection() : ParseDropIndex();

    /// <summary><c>ALTER {COLLECTION | TABLE} name RENAME TO new_name</c>, at the current ALTER.</summary>
    public RenameCollectionStatement ParseAlter()
    {
        var alter = _input.Advance();
        if (!IsCollectionWord(0))
        {
            throw _input.Error("COLLECTION or TABLE after ALTER");
        }

        _input.Advance();
        var name = _names.ExpectName("a collection name after ALTER COLLECTION");
        _input.ExpectWord("RENAME", "RENAME TO after the collection name (the only change ALTER COLLECTION makes)");
        _input.ExpectWord("TO", "TO after RENAME");
        var newName = _names.ExpectName("the new collection name after RENAME TO");
        return new RenameCollectionStatement(name, newName, _input.SpanFrom(alter));
    }

    private bool IsCollectionWord(int ahead) => _input.IsWord(ahead, "COLLECTION") || _input.IsWord(ahead, "TABLE");

    /// <summary>Consumes <c>IF NOT EXISTS</c> when it follows; true when it did.</summary>
    private bool AcceptIfNotExists()
    {
        var ifNotExists = _input.IsWord(0, "IF") && _input.Peek(1).Kind == TokenKind.Not;
        if (ifNotExists)
        {
            _input.Advance();
            _input.Advance();
            _input.Expect(TokenKind.Exists, "EXISTS after IF NOT");
        }

        return ifNotExists;
    }

    /// <summary><c>CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON c (path, ...)</c>.</summary>
    private CreateIndexStatement ParseCreateIndex()
    {
        var create = _input.Advance();
        var unique = _input.Accept(TokenKind.Unique);
        _input.Expect(TokenKind.Index, unique ? "INDEX after UNIQUE" : "INDEX, UNIQUE INDEX, COLLECTION or TABLE after CREATE");
        var ifNotExists = AcceptIfNotExists();
        var name = _names.ExpectName("an index name after INDEX");
        _input.Expect(TokenKind.On, "ON after the index name");
        var collection = _names.ExpectName("a collection name after ON");
        _input.Expect(TokenKind.LeftParen, "'(' and the indexed paths after the collection name");
        var paths = ImmutableArray.CreateBuilder<PathExpression>();
        do
        {
            paths.Add(_names.ExpectPath());

            // Accepted as SQLite scripts write them; keys are kept ascending and walked either way.
            _ = _input.Accept(TokenKind.Asc) || _input.Accept(TokenKind.Desc);
        }
        while (_input.Accept(TokenKind.Comma));

        _input.Expect(TokenKind.RightParen, "',' or ')' in the list of indexed paths");
        return new CreateIndexStatement(unique, name, collection, paths.ToImmutable(), _input.SpanFrom(create), ifNotExists);
    }

    /// <summary><c>DROP INDEX [IF EXISTS] c.name</c>: an index is named within its collection.</summary>
    private DropIndexStatement ParseDropIndex()
    {
        var drop = _input.Advance();
        _input.Expect(TokenKind.Index, "INDEX, COLLECTION or TABLE after DROP");

        // IF is not reserved: "DROP INDEX if.x" drops index x of a collection named if.
        var ifExists = _input.IsWord(0, "IF") && _input.Peek(1).Kind == TokenKind.Exists && _input.Peek(2).Kind != TokenKind.Dot;
        if (ifExists)
        {
            _input.Advance();
            _input.Advance();
        }

        var collection = _names.ExpectName("a collection name after DROP INDEX");
        _input.Expect(TokenKind.Dot, "'.' and the index name after the collection name (DROP INDEX collection.index)");
        var name = _names.ExpectAnyWord("an index name after '.'");
        return new DropIndexStatement(collection, name, _input.SpanFrom(drop), ifExists);
    }

    /// <summary><c>CREATE {COLLECTION | TABLE} [IF NOT EXISTS] name [(column definitions)] [WITHOUT ROWID]</c>.</summary>
    private CreateCollectionStatement ParseCreateCollection()
    {
        var create = _input.Advance();
        _input.Advance();
        var ifNotExists = AcceptIfNotExists();
        var name = _names.ExpectName("a collection name after CREATE COLLECTION");
        if (_input.Current.Kind != TokenKind.LeftParen)
        {
            return new CreateCollectionStatement(name, _input.SpanFrom(create), ifNotExists);
        }

        var columns = _columns.Parse(out var unsupported, out var constraints);
        if (_input.IsWord(0, "WITHOUT") && _input.IsWord(1, "ROWID"))
        {
            // Every collection is keyed by its key field already: the option changes nothing here.
            _input.Advance();
            _input.Advance();
        }

        return new CreateCollectionStatement(name, _input.SpanFrom(create), ifNotExists, columns, unsupported) { Constraints = constraints };
    }

    /// <summary><c>DROP {COLLECTION | TABLE} [IF EXISTS] name</c>.</summary>
    private DropCollectionStatement ParseDropCollection()
    {
        var drop = _input.Advance();
        _input.Advance();

        // "DROP TABLE if" drops a collection named if; "DROP TABLE IF EXISTS x" is the clause.
        var ifExists = _input.IsWord(0, "IF") && _input.Peek(1).Kind == TokenKind.Exists && NameParser.IsName(_input.Peek(2).Kind);
        if (ifExists)
        {
            _input.Advance();
            _input.Advance();
        }

        var name = _names.ExpectName("a collection name after DROP COLLECTION");
        return new DropCollectionStatement(name, _input.SpanFrom(drop), ifExists);
    }
}
