using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// <c>SELECT [DISTINCT|ALL] items [FROM source {join}] [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT [OFFSET]]</c>,
/// as a statement or as a subquery.
/// </summary>
internal sealed class SelectParser
{
    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly ExpressionParser _expressions;

    /// <summary>Reads queries from <paramref name="input"/>, their clauses' expressions with <paramref name="expressions"/>.</summary>
    public SelectParser(ParserInput input, NameParser names, ExpressionParser expressions)
    {
        _input = input;
        _names = names;
        _expressions = expressions;
    }

    /// <summary>A query starting at the current SELECT; <paramref name="height"/> is one more than its tallest expression.</summary>
    public SelectQuery ParseSelectQuery(out int height)
    {
        var select = _input.Expect(TokenKind.Select, "SELECT");
        var tallest = 0;
        var distinct = _input.Accept(TokenKind.Distinct);
        if (!distinct)
        {
            _input.Accept(TokenKind.All);
        }

        var items = ImmutableArray.CreateBuilder<SelectItem>();
        do
        {
            items.Add(ParseSelectItem(ref tallest));
        }
        while (_input.Accept(TokenKind.Comma));

        // Without FROM the query has one row and no sources: SELECT 1 + 2.
        var from = _input.Accept(TokenKind.From) ? ParseTableSource("a collection name after FROM") : null;
        if (from is null && MissesFrom(_input.Current))
        {
            throw _input.Error("',' or FROM after the select list");
        }

        var joins = ImmutableArray.CreateBuilder<JoinClause>();
        while (from is not null && _input.Current.Kind is TokenKind.Join or TokenKind.Inner or TokenKind.Left)
        {
            joins.Add(ParseJoin(ref tallest));
        }

        var where = _input.Accept(TokenKind.Where) ? _expressions.ParseExpressionInto(ref tallest) : null;
        var groupBy = ImmutableArray<SqlExpression>.Empty;
        if (_input.Accept(TokenKind.Group))
        {
            _input.Expect(TokenKind.By, "BY after GROUP");
            groupBy = _expressions.ParseList(ref tallest);
        }

        var having = _input.Accept(TokenKind.Having) ? _expressions.ParseExpressionInto(ref tallest) : null;
        var orderBy = ImmutableArray<OrderingTerm>.Empty;
        if (_input.Accept(TokenKind.Order))
        {
            _input.Expect(TokenKind.By, "BY after ORDER");
            orderBy = ParseOrderBy(ref tallest);
        }

        SqlExpression? limit = null, offset = null;
        if (_input.Accept(TokenKind.Limit))
        {
            limit = _expressions.ParseExpressionInto(ref tallest);
            offset = _input.Accept(TokenKind.Offset) ? _expressions.ParseExpressionInto(ref tallest) : null;
        }

        height = _input.Grow(select, tallest);
        return new SelectQuery(distinct, items.ToImmutable(), from, joins.ToImmutable(), where, groupBy, having, orderBy, limit, offset, _input.SpanFrom(select));
    }

    /// <summary>
    /// True when what follows a select list without FROM can only be a mistake there: a name (other than the
    /// words that join compound selects) or a stray character, most likely a forgotten comma or FROM.
    /// </summary>
    private bool MissesFrom(SqlToken token) => token.Kind is TokenKind.Unknown or TokenKind.QuotedIdentifier
        || (token.Kind == TokenKind.Identifier && !_input.IsWord(0, "UNION") && !_input.IsWord(0, "INTERSECT")
            && !_input.IsWord(0, "EXCEPT") && !_input.IsWord(0, "WINDOW"));

    /// <summary><c>*</c>, <c>alias.*</c> or <c>expr [[AS] name]</c>.</summary>
    private SelectItem ParseSelectItem(ref int tallest)
    {
        var first = _input.Current;
        if (_input.Accept(TokenKind.Star))
        {
            return new AllColumnsItem(_input.SpanFrom(first));
        }

        if (NameParser.IsName(first.Kind) && _input.Peek(1).Kind == TokenKind.Dot && _input.Peek(2).Kind == TokenKind.Star)
        {
            var source = _names.NameOf(_input.Advance());
            _input.Advance();
            _input.Advance();
            return new SourceColumnsItem(source, _input.SpanFrom(first));
        }

        if (!ExpressionParser.StartsExpression(first.Kind))
        {
            throw _input.Error("an expression or '*'" + _input.AfterPrevious());
        }

        var expression = _expressions.ParseExpressionInto(ref tallest);
        var alias = ParseAlias();
        return new ExpressionItem(expression, alias, _input.SpanFrom(first));
    }

    /// <summary><c>AS name</c> (any word), a bare name (keywords reserved), or nothing.</summary>
    private SqlName? ParseAlias()
    {
        if (_input.Accept(TokenKind.As))
        {
            return _names.ExpectAnyWord("a name after AS");
        }

        return NameParser.IsName(_input.Current.Kind) ? _names.NameOf(_input.Advance()) : null;
    }

    private TableSource ParseTableSource(string expected)
    {
        var collection = _names.ExpectName(expected);
        var alias = ParseAlias();
        return new TableSource(collection, alias, SourceSpan.FromBounds(collection.Span.Start, _input.Previous.End));
    }

    /// <summary><c>[INNER] JOIN</c> or <c>LEFT [OUTER] JOIN</c>, a source, ON and a condition.</summary>
    private JoinClause ParseJoin(ref int tallest)
    {
        var first = _input.Advance();
        var kind = JoinKind.Inner;
        if (first.Kind == TokenKind.Left)
        {
            kind = JoinKind.Left;
            var outer = _input.Accept(TokenKind.Outer);
            _input.Expect(TokenKind.Join, outer ? "JOIN after OUTER" : "JOIN or OUTER JOIN after LEFT");
        }
        else if (first.Kind == TokenKind.Inner)
        {
            _input.Expect(TokenKind.Join, "JOIN after INNER");
        }

        var source = ParseTableSource("a collection name after JOIN");
        _input.Expect(TokenKind.On, "ON and a join condition after the joined collection");
        var on = _expressions.ParseExpressionInto(ref tallest);
        return new JoinClause(kind, source, on, _input.SpanFrom(first));
    }

    private ImmutableArray<OrderingTerm> ParseOrderBy(ref int tallest)
    {
        var terms = ImmutableArray.CreateBuilder<OrderingTerm>();
        do
        {
            var expression = _expressions.ParseExpressionInto(ref tallest);
            var descending = _input.Accept(TokenKind.Desc);
            if (!descending)
            {
                _input.Accept(TokenKind.Asc);
            }

            terms.Add(new OrderingTerm(expression, descending, SourceSpan.FromBounds(expression.Span.Start, _input.Previous.End)));
        }
        while (_input.Accept(TokenKind.Comma));

        return terms.ToImmutable();
    }
}
