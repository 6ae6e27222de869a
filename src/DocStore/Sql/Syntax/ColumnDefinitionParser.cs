using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The column list of <c>CREATE TABLE</c> in SQLite's syntax: column definitions (name, type name,
/// constraints), then table constraints. What DocStore keeps is in the tree; clauses it does not support
/// (CHECK, collations other than BINARY, NOCASE and RTRIM, conflict clauses, generated columns) are named in an
/// <see cref="UnsupportedClause"/> that the statement raises when it runs, and the rest of the list is read past.
/// </summary>
internal sealed class ColumnDefinitionParser
{
    // Words that end a type name: each starts a column constraint.
    private static readonly HashSet<string> ConstraintWords = new(StringComparer.OrdinalIgnoreCase)
    {
        "CONSTRAINT", "PRIMARY", "CHECK", "DEFAULT", "REFERENCES", "GENERATED", "AS",
    };

    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly ExpressionParser _expressions;
    private UnsupportedClause? _unsupported;

    /// <summary>Reads column lists from <paramref name="input"/>.</summary>
    public ColumnDefinitionParser(ParserInput input, NameParser names, ExpressionParser expressions)
    {
        _input = input;
        _names = names;
        _expressions = expressions;
    }

    /// <summary>The parenthesized list at the current '('; <paramref name="unsupported"/> is the first clause DocStore refuses, or null.</summary>
    public ImmutableArray<ColumnDefinition> Parse(out UnsupportedClause? unsupported, out ImmutableArray<KeyConstraint> constraints)
    {
        _unsupported = null;
        var keys = ImmutableArray.CreateBuilder<KeyConstraint>();
        var open = _input.Advance();
        _input.Enter(open);
        var columns = ImmutableArray.CreateBuilder<ColumnDefinition>();
        do
        {
            if (StartsTableConstraint())
            {
                if (ParseTableConstraint() is { } key)
                {
                    keys.Add(key);
                }
            }
            else if (columns.Count > 0 && !NameParser.IsName(_input.Current.Kind) && _unsupported is null)
            {
                throw _input.Error("a column definition or a table constraint after ','");
            }
            else
            {
                columns.Add(ParseColumn());
            }

            if (_unsupported is not null)
            {
                SkipToClose();
                break;
            }
        }
        while (_input.Accept(TokenKind.Comma));

        _input.ExpectClose(open);
        _input.Leave();
        unsupported = _unsupported;
        constraints = keys.ToImmutable();
        return columns.ToImmutable();
    }

    private bool StartsTableConstraint() =>
        _input.IsWord(0, "CONSTRAINT") || _input.Current.Kind == TokenKind.Unique || _input.IsWord(0, "CHECK")
        || (_input.IsWord(0, "PRIMARY") && _input.IsWord(1, "KEY")) || (_input.IsWord(0, "FOREIGN") && _input.IsWord(1, "KEY"));

    private ColumnDefinition ParseColumn()
    {
        var name = _names.ExpectName("a column name");
        var typeName = ParseTypeName();
        var (primaryKey, notNull, unique) = (false, false, false);
        string? collationName = null;
        SqlExpression? fallback = null;
        while (_unsupported is null)
        {
            if (_input.IsWord(0, "CONSTRAINT"))
            {
                _input.Advance();
                _names.ExpectName("a constraint name after CONSTRAINT");
            }
            else if (_input.IsWord(0, "PRIMARY"))
            {
                _input.Advance();
                _input.ExpectWord("KEY", "KEY after PRIMARY");
                _ = _input.Accept(TokenKind.Asc) || _input.Accept(TokenKind.Desc);
                SkipConflictClause();
                if (_input.IsWord(0, "AUTOINCREMENT"))
                {
                    _input.Advance();
                }

                primaryKey = true;
            }
            else if (_input.Current.Kind == TokenKind.Not && _input.Peek(1).Kind == TokenKind.Null)
            {
                _input.Advance();
                _input.Advance();
                SkipConflictClause();
                notNull = true;
            }
            else if (_input.Accept(TokenKind.Null))
            {
                // NULL as a constraint says nothing: the column may hold NULL anyway.
            }
            else if (_input.Accept(TokenKind.Unique))
            {
                SkipConflictClause();
                unique = true;
            }
            else if (_input.IsWord(0, "DEFAULT"))
            {
                _input.Advance();
                fallback = ParseDefault();
            }
            else if (_input.Current.Kind == TokenKind.Collate)
            {
                var collate = _input.Advance();
                var collation = _names.ExpectName("a collation name after COLLATE");
                if (!IsCollation(collation.Text))
                {
                    Refuse($"COLLATE {collation.Text} is not supported (the collations are BINARY, NOCASE and RTRIM)", collate);
                }

                collationName = collation.Text.ToUpperInvariant();
            }
            else if (_input.IsWord(0, "REFERENCES"))
            {
                SkipReferences();
            }
            else if (_input.IsWord(0, "CHECK"))
            {
                Refuse("CHECK constraints are not supported", _input.Current);
            }
            else if (_input.IsWord(0, "GENERATED") || _input.IsWord(0, "AS"))
            {
                Refuse("generated columns are not supported", _input.Current);
            }
            else
            {
                break;
            }
        }

        return new ColumnDefinition(name, typeName, primaryKey, notNull, fallback, _input.SpanFrom(FirstToken(name))) { Unique = unique, Collation = collationName };
    }

    // The collations SQLite has built in.
    private static bool IsCollation(string name) =>
        name.Equals("BINARY", StringComparison.OrdinalIgnoreCase) || name.Equals("NOCASE", StringComparison.OrdinalIgnoreCase) || name.Equals("RTRIM", StringComparison.OrdinalIgnoreCase);

    private static SqlToken FirstToken(SqlName name) => new(TokenKind.Identifier, name.Span.Start, name.Span.Length);

    /// <summary>Words up to a constraint, then an optional <c>(n)</c> or <c>(n, m)</c>: <c>VARCHAR(10)</c>, <c>UNSIGNED BIG INT</c>.</summary>
    private string ParseTypeName()
    {
        var words = new List<string>();
        while (_input.Current.Kind == TokenKind.Identifier && !ConstraintWords.Contains(_input.Current.Text(_input.Sql).ToString()))
        {
            words.Add(_input.Advance().Text(_input.Sql).ToString());
        }

        var text = string.Join(" ", words);
        if (words.Count > 0 && _input.Current.Kind == TokenKind.LeftParen)
        {
            var open = _input.Advance();
            var sizes = new List<string>();
            do
            {
                var sign = _input.Current.Kind is TokenKind.Minus or TokenKind.Plus ? _input.Advance().Text(_input.Sql).ToString() : "";
                var size = _input.Current.Kind is TokenKind.Integer or TokenKind.Real
                    ? _input.Advance()
                    : throw _input.Error("a number in the type name's size");
                sizes.Add(sign + size.Text(_input.Sql).ToString());
            }
            while (_input.Accept(TokenKind.Comma));

            _input.ExpectClose(open);
            text += "(" + string.Join(",", sizes) + ")";
        }

        return text;
    }

    /// <summary><c>DEFAULT</c>'s value: a literal, a signed number, <c>CURRENT_TIMESTAMP</c> (<c>_DATE</c>, <c>_TIME</c>), or a parenthesized expression.</summary>
    private SqlExpression ParseDefault()
    {
        if (CurrentTimeKeywords.TryParse(_input) is { } now)
        {
            return now;
        }

        if (_input.Current.Kind == TokenKind.LeftParen)
        {
            var ignored = 0;
            return _expressions.ParseExpressionInto(ref ignored);
        }

        if (_input.Current.Kind == TokenKind.Plus)
        {
            _input.Advance();
        }

        var ignoredHeight = 0;
        return _input.Current.Kind is TokenKind.Integer or TokenKind.Real or TokenKind.String or TokenKind.Null or TokenKind.True or TokenKind.False or TokenKind.Minus
            ? _expressions.ParseExpressionInto(ref ignoredHeight)
            : throw _input.Error("a literal or a parenthesized expression after DEFAULT");
    }

    /// <summary>Table constraints: PRIMARY KEY and UNIQUE over columns (returned) and FOREIGN KEY (read past) are accepted; CHECK is refused.</summary>
    private KeyConstraint? ParseTableConstraint()
    {
        var start = _input.Current;
        if (_input.IsWord(0, "CONSTRAINT"))
        {
            _input.Advance();
            _names.ExpectName("a constraint name after CONSTRAINT");
        }

        if (_input.IsWord(0, "CHECK"))
        {
            Refuse("CHECK constraints are not supported", _input.Current);
            return null;
        }

        if (_input.IsWord(0, "FOREIGN"))
        {
            _input.Advance();
            _input.ExpectWord("KEY", "KEY after FOREIGN");
            SkipNameList();
            SkipReferences();
            return null;
        }

        var primaryKey = _input.IsWord(0, "PRIMARY");
        if (primaryKey)
        {
            _input.Advance();
            _input.ExpectWord("KEY", "KEY after PRIMARY");
        }
        else
        {
            _input.Expect(TokenKind.Unique, "PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY after the constraint name");
        }

        var names = SkipNameList();
        SkipConflictClause();
        return new KeyConstraint(primaryKey, names, _input.SpanFrom(start));
    }

    /// <summary><c>REFERENCES t [(columns)]</c> and its actions: accepted and not enforced, as SQLite does with foreign keys off.</summary>
    private void SkipReferences()
    {
        _input.ExpectWord("REFERENCES", "REFERENCES after the FOREIGN KEY columns");
        _names.ExpectName("a table name after REFERENCES");
        if (_input.Current.Kind == TokenKind.LeftParen)
        {
            SkipNameList();
        }

        // ON DELETE/UPDATE actions, MATCH, [NOT] DEFERRABLE ...: words up to the next column or the end.
        while (_input.Current.Kind is TokenKind.On or TokenKind.Identifier or TokenKind.Not or TokenKind.Null or TokenKind.Set or TokenKind.Delete or TokenKind.Update)
        {
            _input.Advance();
        }
    }

    /// <summary>A parenthesized list of column names, each with an optional ASC/DESC.</summary>
    private ImmutableArray<SqlName> SkipNameList()
    {
        var names = ImmutableArray.CreateBuilder<SqlName>();
        var open = _input.Expect(TokenKind.LeftParen, "'(' and column names");
        do
        {
            names.Add(_names.ExpectName("a column name"));
            _ = _input.Accept(TokenKind.Asc) || _input.Accept(TokenKind.Desc);
        }
        while (_input.Accept(TokenKind.Comma));

        _input.ExpectClose(open);
        return names.ToImmutable();
    }

    private void SkipConflictClause()
    {
        if (_input.Current.Kind == TokenKind.On && _input.IsWord(1, "CONFLICT"))
        {
            Refuse("ON CONFLICT clauses are not supported", _input.Current);
        }
    }

    private void Refuse(string what, SqlToken at) => _unsupported ??= new UnsupportedClause(what, new SourceSpan(at.Start, at.Length));

    // After a refused clause the rest of the list is read past, parentheses balanced, up to its ')'.
    private void SkipToClose()
    {
        var depth = 0;
        while (depth > 0 || _input.Current.Kind != TokenKind.RightParen)
        {
            switch (_input.Current.Kind)
            {
                case TokenKind.EndOfInput:
                    throw _input.Error("')' closing the column definitions");
                case TokenKind.LeftParen:
                    depth++;
                    break;
                case TokenKind.RightParen:
                    depth--;
                    break;
            }

            _input.Advance();
        }
    }
}
