using System.Globalization;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// Literals and parameters: numbers, strings, TRUE, FALSE, NULL, <c>@name</c>, <c>$name</c>,
/// <c>:name</c>, <c>?</c> and <c>{document}</c>. Positional parameters are numbered across the whole
/// text, so one instance serves every statement of a script.
/// </summary>
internal sealed class LiteralParser
{
    private const string IntegerRange = "an integer between -9223372036854775808 and 9223372036854775807 (write a real such as 1e19 for larger numbers)";

    private readonly ParserInput _input;
    private int _positionalParameters;

    /// <summary>Reads literals from <paramref name="input"/>.</summary>
    public LiteralParser(ParserInput input) => _input = input;

    /// <summary>The literal or parameter at the current token, or null (nothing consumed) when it is neither.</summary>
    public SqlExpression? TryParse()
    {
        var token = _input.Current;
        var span = new SourceSpan(token.Start, token.Length);
        var sql = _input.Sql;
        switch (token.Kind)
        {
            case TokenKind.Integer or TokenKind.Real:
                return ParseNumber(_input.Advance(), minus: null);
            case TokenKind.String:
                _input.Advance();
                var text = token.Text(sql)[1..^1].ToString().Replace("''", "'", StringComparison.Ordinal);
                return new StringLiteral(text, span);
            case TokenKind.True or TokenKind.False:
                _input.Advance();
                return new BooleanLiteral(token.Kind == TokenKind.True, span);
            case TokenKind.Null:
                _input.Advance();
                return new NullLiteral(span);
            case TokenKind.NamedParameter:
                _input.Advance();
                var style = sql[token.Start] switch { '@' => ParameterStyle.At, '$' => ParameterStyle.Dollar, _ => ParameterStyle.Colon };
                return new ParameterExpression(style, token.Text(sql)[1..].ToString(), 0, span);
            case TokenKind.PositionalParameter:
                _input.Advance();
                return new ParameterExpression(ParameterStyle.Positional, null, ++_positionalParameters, span);
            case TokenKind.DocumentLiteral:
                _input.Advance();
                return new DocumentLiteral(token.Text(sql).ToString(), span);
            default:
                return null;
        }
    }

    /// <summary>A numeric literal, negated when <paramref name="minus"/> (the sign's token) is given.</summary>
    public SqlExpression ParseNumber(SqlToken number, SqlToken? minus)
    {
        var first = minus ?? number;
        var span = SourceSpan.FromBounds(first.Start, number.End);
        var text = number.Text(_input.Sql);
        if (number.Kind == TokenKind.Integer)
        {
            if (!ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var magnitude)
                || magnitude > (minus is null ? long.MaxValue : (ulong)long.MaxValue + 1))
            {
                throw _input.ErrorAt(first, IntegerRange);
            }

            // unchecked: the magnitude 2^63 negates to long.MinValue, which is exactly right.
            return new IntegerLiteral(minus is null ? (long)magnitude : unchecked(-(long)magnitude), span);
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !double.IsFinite(value))
        {
            throw _input.ErrorAt(first, "a real number within the range of a double (about 1.8e308)");
        }

        return new RealLiteral(minus is null ? value : -value, span);
    }
}
