using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// <c>SELECT [DISTINCT|ALL] items [FROM source {join}] [WHERE] [GROUP BY] [HAVING] {compound-operator select} [ORDER BY] [LIMIT [OFFSET]]</c>,
/// as a statement or as a subquery.
/// </summary>
internal sealed class SelectParser
{
    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly ExpressionParser _expressions;
    private readonly JoinParser _joins;

    /// <summary>Reads queries from <paramref name="input"/>, their clauses' expressions with <paramref name="expressions"/>.</summary>
    public SelectParser(ParserInput input, NameParser names, ExpressionParser expressions)
    {
        _input = input;
        _names = names;
        _expressions = expressions;
        _joins = new JoinParser(input, names, expressions, this);
    }

    /// <summary>
    /// A query starting at the current SELECT: one select, or several joined by UNION [ALL], EXCEPT and
    /// INTERSECT (left to right, all of equal precedence), then the ORDER BY and LIMIT of the whole;
    /// <paramref name="height"/> is one more than its tallest expression.
    /// </summary>
    public SelectQuery ParseSelectQuery(out int height)
    {
        var select = _input.Current;
        var tallest = 0;
        var first = ParseCore(ref tallest);
        var parts = ImmutableArray.CreateBuilder<CompoundPart>();
        while (_input.Current.Kind is TokenKind.Union or TokenKind.Except or TokenKind.Intersect)
        {
            var operatorToken = _input.Advance();
            var op = operatorToken.Kind switch
            {
                TokenKind.Except => CompoundOperator.Except,
                TokenKind.Intersect => CompoundOperator.Intersect,
                _ => _input.Current.Kind == TokenKind.All ? CompoundOperator.UnionAll : CompoundOperator.Union,
            };
            if (op == CompoundOperator.UnionAll)
            {
                _input.Advance();
            }

            if (_input.Current.Kind != TokenKind.Select)
            {
                throw _input.Error("SELECT" + _input.AfterPrevious());
            }

            var core = ParseCore(ref tallest);
            parts.Add(new CompoundPart(op, core, _input.SpanFrom(operatorToken)));
        }

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
        return first with { OrderBy = orderBy, Limit = limit, Offset = offset, Span = _input.SpanFrom(select), Compound = parts.ToImmutable() };
    }

    /// <summary><c>SELECT [DISTINCT|ALL] items [FROM sources] [WHERE] [GROUP BY] [HAVING]</c>: one select of a compound.</summary>
    private SelectQuery ParseCore(ref int tallest)
    {
        var select = _input.Expect(TokenKind.Select, "SELECT");
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
        while (from is not null && _joins.StartsJoin())
        {
            joins.Add(_joins.ParseJoin(ref tallest));
        }

        var where = _input.Accept(TokenKind.Where) ? _expressions.ParseExpressionInto(ref tallest) : null;
        var groupBy = ImmutableArray<SqlExpression>.Empty;
        if (_input.Accept(TokenKind.Group))
        {
            _input.Expect(TokenKind.By, "BY after GROUP");
            groupBy = _expressions.ParseList(ref tallest);
        }

        var having = _input.Accept(TokenKind.Having) ? _expressions.ParseExpressionInto(ref tallest) : null;
        return new SelectQuery(distinct, items.ToImmutable(), from, joins.ToImmutable(), where, groupBy, having, [], null, null, _input.SpanFrom(select));
    }

    /// <summary>
    /// True when what follows a select list without FROM can only be a mistake there: a name (other than
    /// WINDOW) or a stray character, most likely a forgotten comma or FROM.
    /// </summary>
    private bool MissesFrom(SqlToken token) => token.Kind is TokenKind.Unknown or TokenKind.QuotedIdentifier
        || (token.Kind == TokenKind.Identifier && !_input.IsWord(0, "WINDOW"));

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

        return NameParser.IsName(_input.Current.Kind) && !JoinParser.IsJoinWord(_input) ? _names.NameOf(_input.Advance()) : null;
    }

    /// <summary><c>name [[AS] alias]</c>.</summary>
    public TableSource ParseTableSource(string expected)
    {
        if (_input.Current.Kind == TokenKind.LeftParen && _input.Peek(1).Kind == TokenKind.Select)
        {
            var open = _input.Advance();
            _input.Enter(open);
            var subquery = ParseSelectQuery(out _);
            _input.ExpectClose(open);
            _input.Leave();
            var name = ParseAlias();
            return new TableSource(name ?? new SqlName("(subquery)", Quoted: true, _input.SpanFrom(open)), name, _input.SpanFrom(open)) { Subquery = subquery };
        }

        if (_input.Current.Kind == TokenKind.LeftParen)
        {
            throw _input.Error(expected + " (a parenthesized join is not supported: write the joins without parentheses)");
        }

        var collection = _names.ExpectName(expected);
        var alias = ParseAlias();
        return new TableSource(collection, alias, SourceSpan.FromBounds(collection.Span.Start, _input.Previous.End));
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
