using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// CASE, CAST, EXISTS, IS [NOT] x, GLOB, COLLATE, and the SQLite syntax around expressions that DocStore
// refuses by name (REGEXP, MATCH, window functions). CAST, GLOB, REGEXP, MATCH, END and OVER are words,
// not reserved keywords: SQLite lets them serve as names where they cannot mean anything else.

/// <summary>The conditional and conversion forms of expressions.</summary>
internal sealed partial class ExpressionParser
{
    /// <summary>The comparison level when the current word is an operator written as a word (GLOB, REGEXP, MATCH); else 0.</summary>
    private int WordOperatorLevel() =>
        _input.IsWord(0, "GLOB") || _input.IsWord(0, "REGEXP") || _input.IsWord(0, "MATCH") ? ComparisonLevel : 0;

    /// <summary><c>[NOT] GLOB pattern</c>; REGEXP and MATCH are named as unsupported.</summary>
    private GlobExpression ParseWordOperator(SqlExpression left, bool negated, ref int height)
    {
        var op = _input.Current;
        if (!_input.IsWord(0, "GLOB"))
        {
            throw UnsupportedSyntax.At(_input.Sql, op, _input.IsWord(0, "REGEXP") ? "REGEXP" : "MATCH (full-text search)");
        }

        _input.Advance();
        var pattern = ParseBinary(ConcatLevel, out var patternHeight);
        height = _input.Grow(op, height, patternHeight);
        return new GlobExpression(left, pattern, negated, ParserInput.SpanOf(left, pattern));
    }

    /// <summary><c>IS [NOT] y</c> for a <c>y</c> other than NULL, after IS and NOT.</summary>
    private IsExpression ParseIs(SqlExpression left, bool negated, SqlToken op, ref int height)
    {
        if (_input.Current.Kind == TokenKind.Distinct)
        {
            throw UnsupportedSyntax.At(_input.Sql, _input.Current, "IS [NOT] DISTINCT FROM");
        }

        var right = ParseBinary(ConcatLevel, out var rightHeight);
        height = _input.Grow(op, height, rightHeight);
        return new IsExpression(left, right, negated, ParserInput.SpanOf(left, right));
    }

    /// <summary><c>operand COLLATE name</c>, repeated; BINARY, NOCASE and RTRIM are the collations there are.</summary>
    private SqlExpression ParseCollate(SqlExpression operand, ref int height)
    {
        while (_input.Current.Kind == TokenKind.Collate)
        {
            var collate = _input.Advance();
            var nameToken = _input.Current;
            var name = _names.ExpectAnyWord("a collation name after COLLATE");
            var noCase = name.Text.Equals("NOCASE", StringComparison.OrdinalIgnoreCase);
            var rtrim = name.Text.Equals("RTRIM", StringComparison.OrdinalIgnoreCase);
            if (!noCase && !rtrim && !name.Text.Equals("BINARY", StringComparison.OrdinalIgnoreCase))
            {
                throw UnsupportedSyntax.At(_input.Sql, nameToken, $"COLLATE {name.Text} (the collations are BINARY, NOCASE and RTRIM)");
            }

            height = _input.Grow(collate, height);
            operand = new CollateExpression(operand, noCase, SourceSpan.FromBounds(operand.Span.Start, _input.Previous.End)) { RTrim = rtrim };
        }

        return operand;
    }

    /// <summary><c>CAST(expr AS type-name)</c>: the type name is words, optionally with one or two sizes in parentheses.</summary>
    private CastExpression ParseCast(out int height)
    {
        var cast = _input.Advance();
        var open = _input.Advance();
        _input.Enter(open);
        var operand = ParseExpression(out var operandHeight);
        _input.Expect(TokenKind.As, "AS and a type name in CAST");
        var words = new List<string>();
        while (NameParser.IsName(_input.Current.Kind) || _input.Current.IsKeyword)
        {
            words.Add(_names.NameOf(_input.Advance()).Text);
        }

        if (words.Count > 0 && _input.Current.Kind == TokenKind.LeftParen)
        {
            var sizes = _input.Advance();
            ParseTypeSize();
            if (_input.Accept(TokenKind.Comma))
            {
                ParseTypeSize();
            }

            _input.ExpectClose(sizes);
        }

        if (_input.Current.Kind != TokenKind.RightParen)
        {
            throw _input.Error(words.Count == 0 ? "a type name after AS" : $"')' to close the CAST at {SyntaxErrors.Where(_input.Sql, open.Start)}");
        }

        _input.Advance();
        _input.Leave();
        height = _input.Grow(cast, operandHeight);
        return new CastExpression(operand, string.Join(" ", words), _input.SpanFrom(cast));
    }

    /// <summary>A type's size, <c>[+|-] number</c>, which SQLite reads and ignores.</summary>
    private void ParseTypeSize()
    {
        if (!_input.Accept(TokenKind.Minus))
        {
            _input.Accept(TokenKind.Plus);
        }

        if (_input.Current.Kind is not (TokenKind.Integer or TokenKind.Real))
        {
            throw _input.Error("a number as the type's size");
        }

        _input.Advance();
    }

    /// <summary><c>CASE [operand] WHEN a THEN x ... [ELSE y] END</c>.</summary>
    private CaseExpression ParseCase(out int height)
    {
        var start = _input.Advance();
        _input.Enter(start);
        var tallest = 0;
        var operand = _input.Current.Kind == TokenKind.When ? null : ParseExpressionInto(ref tallest);
        var branches = ImmutableArray.CreateBuilder<CaseBranch>();
        while (_input.Current.Kind == TokenKind.When)
        {
            var when = _input.Advance();
            var condition = ParseExpressionInto(ref tallest);
            _input.Expect(TokenKind.Then, "THEN after the WHEN value");
            var result = ParseExpressionInto(ref tallest);
            branches.Add(new CaseBranch(condition, result, _input.SpanFrom(when)));
        }

        if (branches.Count == 0)
        {
            throw _input.Error(operand is null ? "WHEN after CASE" : "WHEN after the CASE operand");
        }

        var otherwise = _input.Accept(TokenKind.Else) ? ParseExpressionInto(ref tallest) : null;
        if (!_input.IsWord(0, "END"))
        {
            throw _input.Error(otherwise is null
                ? $"WHEN, ELSE or END to close the CASE at {SyntaxErrors.Where(_input.Sql, start.Start)}"
                : $"END to close the CASE at {SyntaxErrors.Where(_input.Sql, start.Start)}");
        }

        _input.Advance();
        _input.Leave();
        height = _input.Grow(start, tallest);
        return new CaseExpression(operand, branches.ToImmutable(), otherwise, _input.SpanFrom(start));
    }

    /// <summary><c>EXISTS (SELECT ...)</c>.</summary>
    private ExistsExpression ParseExists(out int height)
    {
        var exists = _input.Advance();
        var open = _input.Expect(TokenKind.LeftParen, "'(' and a subquery after EXISTS");
        _input.Enter(open);
        if (_input.Current.Kind != TokenKind.Select)
        {
            throw _input.Error("SELECT after EXISTS (");
        }

        var query = Queries.ParseSelectQuery(out var queryHeight);
        _input.ExpectClose(open);
        _input.Leave();
        height = _input.Grow(exists, queryHeight);
        return new ExistsExpression(query, _input.SpanFrom(exists));
    }

    /// <summary>A call followed by <c>OVER</c> or <c>FILTER</c> is a window or filtered aggregate, which DocStore does not run.</summary>
    private void RefuseWindow(string function)
    {
        if (_input.IsWord(0, "OVER") && _input.Peek(1).Kind is TokenKind.LeftParen or TokenKind.Identifier)
        {
            throw UnsupportedSyntax.At(_input.Sql, _input.Current, $"The window function {function}(...) OVER");
        }

        if (_input.IsWord(0, "FILTER") && _input.Peek(1).Kind == TokenKind.LeftParen)
        {
            throw UnsupportedSyntax.At(_input.Sql, _input.Current, $"The aggregate filter {function}(...) FILTER");
        }
    }
}
