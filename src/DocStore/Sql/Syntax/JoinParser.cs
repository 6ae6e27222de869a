using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The sources after the first in FROM: <c>, source</c>, <c>[INNER] JOIN</c>, <c>LEFT [OUTER] JOIN</c> and
/// <c>CROSS JOIN</c>, each with an optional <c>ON condition</c> or <c>USING (names)</c>, or after <c>NATURAL</c> neither. CROSS and NATURAL are
/// join words only before JOIN (as in SQLite), so they stay usable as names elsewhere.
/// </summary>
internal sealed class JoinParser(ParserInput input, NameParser names, ExpressionParser expressions, SelectParser sources)
{
    /// <summary>True when the current token is <c>CROSS</c> or <c>NATURAL</c> starting a join rather than naming something.</summary>
    public static bool IsJoinWord(ParserInput input)
    {
        if (input.IsWord(0, "CROSS"))
        {
            return input.Peek(1).Kind == TokenKind.Join;
        }

        return input.IsWord(0, "NATURAL") && (input.Peek(1).Kind is TokenKind.Join or TokenKind.Inner or TokenKind.Left || input.IsWord(1, "CROSS"));
    }

    /// <summary>True when a join (or a comma) follows.</summary>
    public bool StartsJoin() => input.Current.Kind is TokenKind.Join or TokenKind.Inner or TokenKind.Left or TokenKind.Comma || IsJoinWord(input);

    /// <summary>One join: its keywords, the source, and its condition.</summary>
    public JoinClause ParseJoin(ref int tallest)
    {
        var first = input.Advance();
        if (first.Kind == TokenKind.Comma)
        {
            var listed = sources.ParseTableSource("a collection name after ','");
            return new JoinClause(JoinKind.Inner, listed, null, input.SpanFrom(first));
        }

        // NATURAL [LEFT [OUTER] | INNER | CROSS] JOIN: USING the declared columns both sides have (bound later).
        var natural = first.Kind == TokenKind.Identifier && first.Text(input.Sql).Equals("NATURAL", StringComparison.OrdinalIgnoreCase);
        var start = first;
        if (natural)
        {
            first = input.Advance();
        }

        var kind = JoinKind.Inner;
        if (first.Kind == TokenKind.Left)
        {
            kind = JoinKind.Left;
            var outer = input.Accept(TokenKind.Outer);
            input.Expect(TokenKind.Join, outer ? "JOIN after OUTER" : "JOIN or OUTER JOIN after LEFT");
        }
        else if (first.Kind == TokenKind.Inner)
        {
            input.Expect(TokenKind.Join, "JOIN after INNER");
        }
        else if (first.Kind == TokenKind.Identifier)
        {
            kind = JoinKind.Cross;
            input.Expect(TokenKind.Join, "JOIN after CROSS");
        }

        var source = sources.ParseTableSource("a collection name after JOIN");
        if (natural)
        {
            if (input.Current.Kind is TokenKind.On or TokenKind.Using)
            {
                throw input.Error("no ON or USING after a NATURAL join (it joins on the columns both sides declare)");
            }

            return new JoinClause(kind, source, null, input.SpanFrom(start)) { Natural = true };
        }

        if (input.Accept(TokenKind.On))
        {
            var on = expressions.ParseExpressionInto(ref tallest);
            return new JoinClause(kind, source, on, input.SpanFrom(first));
        }

        if (input.Current.Kind == TokenKind.Using)
        {
            var usingToken = input.Advance();
            var open = input.Expect(TokenKind.LeftParen, "'(' and field names after USING");
            var used = ImmutableArray.CreateBuilder<SqlName>();
            do
            {
                used.Add(names.ExpectName("a field name in USING"));
            }
            while (input.Accept(TokenKind.Comma));

            input.ExpectClose(open);
            if (kind == JoinKind.Cross)
            {
                throw input.ErrorAt(usingToken, "no USING after CROSS JOIN (a cross join has no condition)");
            }

            return new JoinClause(kind, source, null, input.SpanFrom(first)) { Using = used.ToImmutable() };
        }

        return new JoinClause(kind, source, null, input.SpanFrom(first));
    }
}
