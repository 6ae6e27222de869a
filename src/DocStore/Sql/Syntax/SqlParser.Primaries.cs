using System.Collections.Immutable;
using System.Globalization;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// Primaries: literals, parameters, paths, function calls, (expr), (SELECT ...) and {document}.
internal sealed partial class SqlParser
{
    private const string IntegerRange = "an integer between -9223372036854775808 and 9223372036854775807 (write a real such as 1e19 for larger numbers)";

    /// <summary>True when <paramref name="kind"/> can start an expression.</summary>
    private static bool StartsExpression(TokenKind kind) => kind is TokenKind.Integer or TokenKind.Real
        or TokenKind.String or TokenKind.True or TokenKind.False or TokenKind.Null or TokenKind.NamedParameter
        or TokenKind.PositionalParameter or TokenKind.DocumentLiteral or TokenKind.LeftParen
        or TokenKind.Identifier or TokenKind.QuotedIdentifier or TokenKind.Minus or TokenKind.Plus or TokenKind.Not;

    private SqlExpression ParsePrimary(out int height)
    {
        height = 1;
        var token = Current;
        var span = new SourceSpan(token.Start, token.Length);
        switch (token.Kind)
        {
            case TokenKind.Integer or TokenKind.Real:
                return ParseNumber(_tokens.Advance(), minus: null);
            case TokenKind.String:
                _tokens.Advance();
                var text = token.Text(_sql)[1..^1].ToString().Replace("''", "'", StringComparison.Ordinal);
                return new StringLiteral(text, span);
            case TokenKind.True or TokenKind.False:
                _tokens.Advance();
                return new BooleanLiteral(token.Kind == TokenKind.True, span);
            case TokenKind.Null:
                _tokens.Advance();
                return new NullLiteral(span);
            case TokenKind.NamedParameter:
                _tokens.Advance();
                var style = _sql[token.Start] switch { '@' => ParameterStyle.At, '$' => ParameterStyle.Dollar, _ => ParameterStyle.Colon };
                return new ParameterExpression(style, token.Text(_sql)[1..].ToString(), 0, span);
            case TokenKind.PositionalParameter:
                _tokens.Advance();
                return new ParameterExpression(ParameterStyle.Positional, null, ++_positionalParameters, span);
            case TokenKind.DocumentLiteral:
                _tokens.Advance();
                return new DocumentLiteral(token.Text(_sql).ToString(), span);
            case TokenKind.LeftParen:
                return ParseParenthesized(out height);
            case TokenKind.Identifier or TokenKind.QuotedIdentifier:
                return _tokens.Peek(1).Kind == TokenKind.LeftParen ? ParseFunctionCall(out height) : ParsePath();
            default:
                throw Error("an expression" + AfterPrevious());
        }
    }

    /// <summary>A numeric literal, negated when <paramref name="minus"/> (the sign's token) is given.</summary>
    private SqlExpression ParseNumber(SqlToken number, SqlToken? minus)
    {
        var first = minus ?? number;
        var span = SourceSpan.FromBounds(first.Start, number.End);
        var text = number.Text(_sql);
        if (number.Kind == TokenKind.Integer)
        {
            if (!ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var magnitude)
                || magnitude > (minus is null ? long.MaxValue : (ulong)long.MaxValue + 1))
            {
                throw ErrorAt(first, IntegerRange);
            }

            // unchecked: the magnitude 2^63 negates to long.MinValue, which is exactly right.
            return new IntegerLiteral(minus is null ? (long)magnitude : unchecked(-(long)magnitude), span);
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !double.IsFinite(value))
        {
            throw ErrorAt(first, "a real number within the range of a double (about 1.8e308)");
        }

        return new RealLiteral(minus is null ? value : -value, span);
    }

    /// <summary><c>(expr)</c> or <c>(SELECT ...)</c>.</summary>
    private SqlExpression ParseParenthesized(out int height)
    {
        var open = _tokens.Advance();
        Enter(open);
        SqlExpression result;
        if (Current.Kind == TokenKind.Select)
        {
            var query = ParseSelectQuery(out var queryHeight);
            ExpectClose(open);
            height = Grow(open, queryHeight);
            result = new ScalarSubquery(query, SpanFrom(open));
        }
        else
        {
            var inner = ParseExpression(out height);
            ExpectClose(open);
            result = inner with { Span = SpanFrom(open) };
        }

        Leave();
        return result;
    }

    /// <summary><c>NAME(args)</c>, <c>NAME(*)</c>, <c>NAME(DISTINCT args)</c> or <c>NAME()</c>.</summary>
    private FunctionCall ParseFunctionCall(out int height)
    {
        var nameToken = _tokens.Advance();
        var name = NameOf(nameToken);
        var open = _tokens.Advance();
        Enter(open);
        var arguments = ImmutableArray<SqlExpression>.Empty;
        bool distinct = false, star = false;
        var argumentsHeight = 0;
        if (Accept(TokenKind.Star))
        {
            star = true;
            if (Current.Kind != TokenKind.RightParen)
            {
                throw Error($"')' after '*' in {name.Text}(*)");
            }

            _tokens.Advance();
        }
        else if (!Accept(TokenKind.RightParen))
        {
            distinct = Accept(TokenKind.Distinct);
            var builder = ImmutableArray.CreateBuilder<SqlExpression>();
            do
            {
                builder.Add(ParseExpressionInto(ref argumentsHeight));
            }
            while (Accept(TokenKind.Comma));

            if (Current.Kind != TokenKind.RightParen)
            {
                throw Error($"',' or ')' to close the arguments of {name.Text} at {SyntaxErrors.Where(_sql, open.Start)}");
            }

            _tokens.Advance();
            arguments = builder.ToImmutable();
        }

        Leave();
        height = Grow(nameToken, argumentsHeight);
        return new FunctionCall(name, arguments, distinct, star, SpanFrom(nameToken));
    }
}
