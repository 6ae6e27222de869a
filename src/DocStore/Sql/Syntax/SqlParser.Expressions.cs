using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// Expressions by precedence climbing, loosest first: OR, AND, NOT, comparison (= == <> != < <= > >=,
// IS [NOT] NULL, [NOT] IN, [NOT] BETWEEN, [NOT] LIKE), ||, + -, * / %, unary - +, primary. Binary
// operators are left-associative. One loop serves every binary level, so a parenthesis costs four
// stack frames, not one per level. Every method returns the height of the tree it built.
internal sealed partial class SqlParser
{
    private const int OrLevel = 1;
    private const int AndLevel = 2;
    private const int NotLevel = 3;
    private const int ComparisonLevel = 4;
    private const int ConcatLevel = 5;
    private const int AdditiveLevel = 6;
    private const int MultiplicativeLevel = 7;

    /// <summary>A full expression (OR level).</summary>
    private SqlExpression ParseExpression(out int height) => ParseBinary(OrLevel, out height);

    /// <summary>A full expression whose height only matters to the caller's running maximum.</summary>
    private SqlExpression ParseExpressionInto(ref int maxHeight)
    {
        var expression = ParseBinary(OrLevel, out var height);
        maxHeight = Math.Max(maxHeight, height);
        return expression;
    }

    /// <summary>An expression of operators that bind at least as tightly as <paramref name="minLevel"/>.</summary>
    private SqlExpression ParseBinary(int minLevel, out int height)
    {
        var left = Current.Kind == TokenKind.Not && minLevel <= NotLevel
            ? ParseNot(out height)
            : ParseUnary(out height);
        while (true)
        {
            var op = Current;
            var level = InfixLevel(op.Kind);
            if (level == 0 || level < minLevel)
            {
                return left;
            }

            if (level == ComparisonLevel)
            {
                left = ParseComparison(left, ref height);
                continue;
            }

            _tokens.Advance();
            var right = ParseBinary(level + 1, out var rightHeight);
            height = Grow(op, height, rightHeight);
            left = new BinaryExpression(BinaryOperatorOf(op.Kind), left, right, SpanOf(left, right));
        }
    }

    private static int InfixLevel(TokenKind kind) => kind switch
    {
        TokenKind.Or => OrLevel,
        TokenKind.And => AndLevel,
        TokenKind.Equal or TokenKind.EqualEqual or TokenKind.NotEqual or TokenKind.BangEqual
            or TokenKind.Less or TokenKind.LessOrEqual or TokenKind.Greater or TokenKind.GreaterOrEqual
            or TokenKind.Is or TokenKind.In or TokenKind.Between or TokenKind.Like or TokenKind.Not => ComparisonLevel,
        TokenKind.Concat => ConcatLevel,
        TokenKind.Plus or TokenKind.Minus => AdditiveLevel,
        TokenKind.Star or TokenKind.Slash or TokenKind.Percent => MultiplicativeLevel,
        _ => 0,
    };

    private static BinaryOperator BinaryOperatorOf(TokenKind kind) => kind switch
    {
        TokenKind.Or => BinaryOperator.Or,
        TokenKind.And => BinaryOperator.And,
        TokenKind.Equal or TokenKind.EqualEqual => BinaryOperator.Equal,
        TokenKind.NotEqual or TokenKind.BangEqual => BinaryOperator.NotEqual,
        TokenKind.Less => BinaryOperator.Less,
        TokenKind.LessOrEqual => BinaryOperator.LessOrEqual,
        TokenKind.Greater => BinaryOperator.Greater,
        TokenKind.GreaterOrEqual => BinaryOperator.GreaterOrEqual,
        TokenKind.Concat => BinaryOperator.Concat,
        TokenKind.Plus => BinaryOperator.Add,
        TokenKind.Minus => BinaryOperator.Subtract,
        TokenKind.Star => BinaryOperator.Multiply,
        TokenKind.Slash => BinaryOperator.Divide,
        _ => BinaryOperator.Modulo,
    };

    /// <summary><c>NOT x</c>: binds looser than comparison, so <c>NOT a = b</c> is <c>NOT (a = b)</c>.</summary>
    private UnaryExpression ParseNot(out int height)
    {
        var not = _tokens.Advance();
        Enter(not);
        var operand = ParseBinary(NotLevel, out var operandHeight);
        Leave();
        height = Grow(not, operandHeight);
        return new UnaryExpression(UnaryOperator.Not, operand, SourceSpan.FromBounds(not.Start, operand.Span.End));
    }

    /// <summary>One comparison-level operator applied to <paramref name="left"/>.</summary>
    private SqlExpression ParseComparison(SqlExpression left, ref int height)
    {
        var op = _tokens.Advance();
        var negated = false;
        var kind = op.Kind;
        if (kind == TokenKind.Not)
        {
            kind = Current.Kind;
            if (kind is not (TokenKind.In or TokenKind.Between or TokenKind.Like))
            {
                throw Error("IN, BETWEEN or LIKE after NOT");
            }

            negated = true;
            _tokens.Advance();
        }

        switch (kind)
        {
            case TokenKind.Is:
                negated = Accept(TokenKind.Not);
                Expect(TokenKind.Null, negated ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
                height = Grow(op, height);
                return new IsNullExpression(left, negated, SourceSpan.FromBounds(left.Span.Start, _tokens.Previous.End));
            case TokenKind.In:
                return ParseIn(left, negated, ref height);
            case TokenKind.Between:
                var low = ParseBinary(ConcatLevel, out var lowHeight);
                Expect(TokenKind.And, "AND after the lower bound of BETWEEN");
                var high = ParseBinary(ConcatLevel, out var highHeight);
                height = Grow(op, height, Math.Max(lowHeight, highHeight));
                return new BetweenExpression(left, low, high, negated, SpanOf(left, high));
            case TokenKind.Like:
                var pattern = ParseBinary(ConcatLevel, out var patternHeight);
                height = Grow(op, height, patternHeight);
                return new LikeExpression(left, pattern, negated, SpanOf(left, pattern));
            default:
                var right = ParseBinary(ConcatLevel, out var rightHeight);
                height = Grow(op, height, rightHeight);
                return new BinaryExpression(BinaryOperatorOf(kind), left, right, SpanOf(left, right));
        }
    }

    /// <summary><c>IN (a, b, ...)</c> or <c>IN (SELECT ...)</c>, after the IN keyword.</summary>
    private SqlExpression ParseIn(SqlExpression left, bool negated, ref int height)
    {
        var inToken = _tokens.Previous;
        var open = Expect(TokenKind.LeftParen, "'(' and a list or a subquery after IN");
        Enter(open);
        SqlExpression result;
        if (Current.Kind == TokenKind.Select)
        {
            var query = ParseSelectQuery(out var queryHeight);
            ExpectClose(open);
            height = Grow(inToken, height, queryHeight);
            result = new InSubqueryExpression(left, query, negated, SourceSpan.FromBounds(left.Span.Start, _tokens.Previous.End));
        }
        else
        {
            var itemsHeight = 0;
            var items = ImmutableArray.CreateBuilder<SqlExpression>();
            do
            {
                items.Add(ParseExpressionInto(ref itemsHeight));
            }
            while (Accept(TokenKind.Comma));

            if (Current.Kind != TokenKind.RightParen)
            {
                throw Error($"',' or ')' to close the IN list that starts at {SyntaxErrors.Where(_sql, open.Start)}");
            }

            _tokens.Advance();
            height = Grow(inToken, height, itemsHeight);
            result = new InListExpression(left, items.ToImmutable(), negated, SourceSpan.FromBounds(left.Span.Start, _tokens.Previous.End));
        }

        Leave();
        return result;
    }

    /// <summary>Prefix <c>-</c> and <c>+</c>; a minus directly before a number becomes part of the literal.</summary>
    private SqlExpression ParseUnary(out int height)
    {
        var op = Current;
        if (op.Kind is not (TokenKind.Minus or TokenKind.Plus))
        {
            return ParsePrimary(out height);
        }

        _tokens.Advance();
        if (op.Kind == TokenKind.Minus && Current.Kind is TokenKind.Integer or TokenKind.Real)
        {
            // Folding here is what lets -9223372036854775808 be written: 9223372036854775808 alone is out of range.
            height = 1;
            return ParseNumber(_tokens.Advance(), op);
        }

        Enter(op);
        var operand = ParseUnary(out var operandHeight);
        Leave();
        height = Grow(op, operandHeight);
        var unary = op.Kind == TokenKind.Minus ? UnaryOperator.Negate : UnaryOperator.Plus;
        return new UnaryExpression(unary, operand, SourceSpan.FromBounds(op.Start, operand.Span.End));
    }

    /// <summary>Consumes <c>)</c> closing <paramref name="open"/>, or reports where the unclosed one is.</summary>
    /// <remarks>The message is built only on failure: finding a line and column scans the text.</remarks>
    private SqlToken ExpectClose(SqlToken open) => Current.Kind == TokenKind.RightParen
        ? _tokens.Advance()
        : throw Error($"')' to close the '(' at {SyntaxErrors.Where(_sql, open.Start)}");
}
