using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// CREATE, DROP and ALTER of a whole collection; TABLE is a synonym of COLLECTION (SQLite habits). Neither
// word is reserved: they mean something only right after CREATE, DROP or ALTER.
internal sealed partial class SqlParser
{
    private bool IsCollectionWord(int ahead) => IsWord(ahead, "COLLECTION") || IsWord(ahead, "TABLE");

    /// <summary><c>CREATE {COLLECTION | TABLE} [IF NOT EXISTS] name [(column definitions, ignored)]</c>.</summary>
    private CreateCollectionStatement ParseCreateCollection()
    {
        var create = _tokens.Advance();
        _tokens.Advance();
        var ifNotExists = IsWord(0, "IF") && _tokens.Peek(1).Kind == TokenKind.Not;
        if (ifNotExists)
        {
            _tokens.Advance();
            _tokens.Advance();
            ExpectWord("EXISTS", "EXISTS after IF NOT");
        }

        var name = ExpectName("a collection name after CREATE COLLECTION");
        if (Current.Kind == TokenKind.LeftParen)
        {
            SkipColumnDefinitions();
        }

        return new CreateCollectionStatement(name, SpanFrom(create), ifNotExists);
    }

    // Documents have no fixed columns: a CREATE TABLE's column list is read past, parentheses balanced.
    private void SkipColumnDefinitions()
    {
        var depth = 0;
        do
        {
            switch (Current.Kind)
            {
                case TokenKind.EndOfInput:
                    throw Error("')' closing the column definitions");
                case TokenKind.LeftParen:
                    depth++;
                    break;
                case TokenKind.RightParen:
                    depth--;
                    break;
            }

            _tokens.Advance();
        }
        while (depth > 0);
    }

    /// <summary><c>DROP {COLLECTION | TABLE} [IF EXISTS] name</c>.</summary>
    private DropCollectionStatement ParseDropCollection()
    {
        var drop = _tokens.Advance();
        _tokens.Advance();

        // "DROP TABLE if" drops a collection named if; "DROP TABLE IF EXISTS x" is the clause.
        var ifExists = IsWord(0, "IF") && IsWord(1, "EXISTS") && IsName(_tokens.Peek(2).Kind);
        if (ifExists)
        {
            _tokens.Advance();
            _tokens.Advance();
        }

        var name = ExpectName("a collection name after DROP COLLECTION");
        return new DropCollectionStatement(name, SpanFrom(drop), ifExists);
    }

    /// <summary><c>ALTER {COLLECTION | TABLE} name RENAME TO new_name</c>.</summary>
    private RenameCollectionStatement ParseAlterCollection()
    {
        var alter = _tokens.Advance();
        if (!IsCollectionWord(0))
        {
            throw Error("COLLECTION or TABLE after ALTER");
        }

        _tokens.Advance();
        var name = ExpectName("a collection name after ALTER COLLECTION");
        ExpectWord("RENAME", "RENAME TO after the collection name (the only change ALTER COLLECTION makes)");
        ExpectWord("TO", "TO after RENAME");
        var newName = ExpectName("the new collection name after RENAME TO");
        return new RenameCollectionStatement(name, newName, SpanFrom(alter));
    }
}
