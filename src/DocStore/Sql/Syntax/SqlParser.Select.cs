using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// SELECT [DISTINCT] items FROM source {join} [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT [OFFSET]].
internal sealed partial class SqlParser
{
    /// <summary>A query starting at the current SELECT; <paramref name="height"/> is one more than its tallest expression.</summary>
    private SelectQuery ParseSelectQuery(out int height)
    {
        var select = Expect(TokenKind.Select, "SELECT");
        var tallest = 0;
        var distinct = Accept(TokenKind.Distinct);
        var items = ImmutableArray.CreateBuilder<SelectItem>();
        do
        {
            items.Add(ParseSelectItem(ref tallest));
        }
        while (Accept(TokenKind.Comma));

        Expect(TokenKind.From, "',' or FROM after the select list");
        var from = ParseTableSource("a collection name after FROM");
        var joins = ImmutableArray.CreateBuilder<JoinClause>();
        while (Current.Kind is TokenKind.Join or TokenKind.Inner or TokenKind.Left)
        {
            joins.Add(ParseJoin(ref tallest));
        }

        var where = Accept(TokenKind.Where) ? ParseExpressionInto(ref tallest) : null;
        var groupBy = ImmutableArray<SqlExpression>.Empty;
        if (Accept(TokenKind.Group))
        {
            Expect(TokenKind.By, "BY after GROUP");
            groupBy = ParseExpressionList(ref tallest);
        }

        var having = Accept(TokenKind.Having) ? ParseExpressionInto(ref tallest) : null;
        var orderBy = ImmutableArray<OrderingTerm>.Empty;
        if (Accept(TokenKind.Order))
        {
            Expect(TokenKind.By, "BY after ORDER");
            orderBy = ParseOrderBy(ref tallest);
        }

        SqlExpression? limit = null, offset = null;
        if (Accept(TokenKind.Limit))
        {
            limit = ParseExpressionInto(ref tallest);
            offset = Accept(TokenKind.Offset) ? ParseExpressionInto(ref tallest) : null;
        }

        height = Grow(select, tallest);
        return new SelectQuery(distinct, items.ToImmutable(), from, joins.ToImmutable(), where, groupBy, having, orderBy, limit, offset, SpanFrom(select));
    }

    /// <summary><c>*</c>, <c>alias.*</c> or <c>expr [[AS] name]</c>.</summary>
    private SelectItem ParseSelectItem(ref int tallest)
    {
        var first = Current;
        if (Accept(TokenKind.Star))
        {
            return new AllColumnsItem(SpanFrom(first));
        }

        if (IsName(first.Kind) && _tokens.Peek(1).Kind == TokenKind.Dot && _tokens.Peek(2).Kind == TokenKind.Star)
        {
            var source = NameOf(_tokens.Advance());
            _tokens.Advance();
            _tokens.Advance();
            return new SourceColumnsItem(source, SpanFrom(first));
        }

        if (!StartsExpression(first.Kind))
        {
            throw Error("an expression or '*'" + AfterPrevious());
        }

        var expression = ParseExpressionInto(ref tallest);
        var alias = ParseAlias();
        return new ExpressionItem(expression, alias, SpanFrom(first));
    }

    /// <summary><c>AS name</c> (any word), a bare name (keywords reserved), or nothing.</summary>
    private SqlName? ParseAlias()
    {
        if (Accept(TokenKind.As))
        {
            return ExpectAnyWord("a name after AS");
        }

        return IsName(Current.Kind) ? NameOf(_tokens.Advance()) : null;
    }

    private TableSource ParseTableSource(string expected)
    {
        var collection = ExpectName(expected);
        var alias = ParseAlias();
        return new TableSource(collection, alias, SourceSpan.FromBounds(collection.Span.Start, _tokens.Previous.End));
    }

    /// <summary><c>[INNER] JOIN</c> or <c>LEFT [OUTER] JOIN</c>, a source, ON and a condition.</summary>
    private JoinClause ParseJoin(ref int tallest)
    {
        var first = _tokens.Advance();
        var kind = JoinKind.Inner;
        if (first.Kind == TokenKind.Left)
        {
            kind = JoinKind.Left;
            var outer = Accept(TokenKind.Outer);
            Expect(TokenKind.Join, outer ? "JOIN after OUTER" : "JOIN or OUTER JOIN after LEFT");
        }
        else if (first.Kind == TokenKind.Inner)
        {
            Expect(TokenKind.Join, "JOIN after INNER");
        }

        var source = ParseTableSource("a collection name after JOIN");
        Expect(TokenKind.On, "ON and a join condition after the joined collection");
        var on = ParseExpressionInto(ref tallest);
        return new JoinClause(kind, source, on, SpanFrom(first));
    }

    private ImmutableArray<SqlExpression> ParseExpressionList(ref int tallest)
    {
        var list = ImmutableArray.CreateBuilder<SqlExpression>();
        do
        {
            list.Add(ParseExpressionInto(ref tallest));
        }
        while (Accept(TokenKind.Comma));

        return list.ToImmutable();
    }

    private ImmutableArray<OrderingTerm> ParseOrderBy(ref int tallest)
    {
        var terms = ImmutableArray.CreateBuilder<OrderingTerm>();
        do
        {
            var expression = ParseExpressionInto(ref tallest);
            var descending = Accept(TokenKind.Desc);
            if (!descending)
            {
                Accept(TokenKind.Asc);
            }

            terms.Add(new OrderingTerm(expression, descending, SourceSpan.FromBounds(expression.Span.Start, _tokens.Previous.End)));
        }
        while (Accept(TokenKind.Comma));

        return terms.ToImmutable();
    }
}
