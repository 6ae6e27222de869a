using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

// Expressions by precedence climbing, loosest first: OR, AND, NOT, comparison (= == <> != < <= > >=,
// IS [NOT] NULL, [NOT] IN, [NOT] BETWEEN, [NOT] LIKE), ||, + -, * / %, unary - +, primary (a literal,
// a path, a function call, (expr) or (SELECT ...)). Binary operators are left-associative. One loop
// serves every binary level, so a parenthesis costs four stack frames, not one per level. Every
// method returns the height of the tree it built.

/// <summary>Expressions: operators by precedence, and the primaries they combine.</summary>
internal sealed partial class ExpressionParser
{
    private const int OrLevel = 1;
    private const int AndLevel = 2;
    private const int NotLevel = 3;
    private const int ComparisonLevel = 4;
    private const int ConcatLevel = 5;
    private const int AdditiveLevel = 6;
    private const int MultiplicativeLevel = 7;

    private readonly ParserInput _input;
    private readonly NameParser _names;
    private readonly LiteralParser _literals;

    /// <summary>Reads expressions from <paramref name="input"/>, with a query parser of its own for subqueries.</summary>
    public ExpressionParser(ParserInput input, NameParser names, LiteralParser literals)
    {
        _input = input;
        _names = names;
        _literals = literals;
        Queries = new SelectParser(input, names, this);
    }

    /// <summary>
    /// The parser of the queries inside <c>(SELECT ...)</c> and <c>IN (SELECT ...)</c>, and of SELECT
    /// statements. It parses its clauses' expressions with this parser, so this one creates it.
    /// </summary>
    public SelectParser Queries { get; }

    /// <summary>True when <paramref name="kind"/> can start an expression.</summary>
    public static bool StartsExpression(TokenKind kind) => kind is TokenKind.Integer or TokenKind.Real
        or TokenKind.String or TokenKind.True or TokenKind.False or TokenKind.Null or TokenKind.NamedParameter
        or TokenKind.PositionalParameter or TokenKind.DocumentLiteral or TokenKind.LeftParen
        or TokenKind.Identifier or TokenKind.QuotedIdentifier or TokenKind.Minus or TokenKind.Plus or TokenKind.Not
        or TokenKind.Case or TokenKind.Exists;

    /// <summary>A full expression (OR level).</summary>
    public SqlExpression ParseExpression(out int height) => ParseBinary(OrLevel, out height);

    /// <summary>A full expression whose height only matters to the caller's running maximum.</summary>
    public SqlExpression ParseExpressionInto(ref int maxHeight)
    {
        var expression = ParseBinary(OrLevel, out var height);
        maxHeight = Math.Max(maxHeight, height);
        return expression;
    }

    /// <summary>Expressions separated by commas; <paramref name="tallest"/> keeps the greatest height.</summary>
    public ImmutableArray<SqlExpression> ParseList(ref int tallest)
    {
        var list = ImmutableArray.CreateBuilder<SqlExpression>();
        do
        {
            list.Add(ParseExpressionInto(ref tallest));
        }
        while (_input.Accept(TokenKind.Comma));

        return list.ToImmutable();
    }

    /// <summary>An expression of operators that bind at least as tightly as <paramref name="minLevel"/>.</summary>
    private SqlExpression ParseBinary(int minLevel, out int height)
    {
        var left = _input.Current.Kind == TokenKind.Not && minLevel <= NotLevel
            ? ParseNot(out height)
            : ParseUnary(out height);
        while (true)
        {
            var op = _input.Current;
            var level = op.Kind == TokenKind.Identifier ? WordOperatorLevel() : InfixLevel(op.Kind);
            if (level == 0 || level < minLevel)
            {
                return left;
            }

            if (level == ComparisonLevel)
            {
                left = ParseComparison(left, ref height);
                continue;
            }

            _input.Advance();
            var right = ParseBinary(level + 1, out var rightHeight);
            height = _input.Grow(op, height, rightHeight);
            left = new BinaryExpression(BinaryOperatorOf(op.Kind), left, right, ParserInput.SpanOf(left, right));
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
        var not = _input.Advance();
        _input.Enter(not);
        var operand = ParseBinary(NotLevel, out var operandHeight);
        _input.Leave();
        height = _input.Grow(not, operandHeight);
        return new UnaryExpression(UnaryOperator.Not, operand, SourceSpan.FromBounds(not.Start, operand.Span.End));
    }

    /// <summary>One comparison-level operator applied to <paramref name="left"/>.</summary>
    private SqlExpression ParseComparison(SqlExpression left, ref int height)
    {
        if (_input.Current.Kind == TokenKind.Identifier)
        {
            return ParseWordOperator(left, negated: false, ref height);
        }

        var op = _input.Advance();
        var negated = false;
        var kind = op.Kind;
        if (kind == TokenKind.Not)
        {
            kind = _input.Current.Kind;
            if (kind == TokenKind.Identifier && WordOperatorLevel() == ComparisonLevel)
            {
                return ParseWordOperator(left, negated: true, ref height);
            }

            if (kind is not (TokenKind.In or TokenKind.Between or TokenKind.Like))
            {
                throw _input.Error("IN, BETWEEN, LIKE or GLOB after NOT");
            }

            negated = true;
            _input.Advance();
        }

        switch (kind)
        {
            case TokenKind.Is:
                negated = _input.Accept(TokenKind.Not);
                if (_input.Current.Kind != TokenKind.Null)
                {
                    return ParseIs(left, negated, op, ref height);
                }

                _input.Advance();
                height = _input.Grow(op, height);
                return new IsNullExpression(left, negated, SourceSpan.FromBounds(left.Span.Start, _input.Previous.End));
            case TokenKind.In:
                return ParseIn(left, negated, ref height);
            case TokenKind.Between:
                var low = ParseBinary(ConcatLevel, out var lowHeight);
                _input.Expect(TokenKind.And, "AND after the lower bound of BETWEEN");
                var high = ParseBinary(ConcatLevel, out var highHeight);
                height = _input.Grow(op, height, Math.Max(lowHeight, highHeight));
                return new BetweenExpression(left, low, high, negated, ParserInput.SpanOf(left, high));
            case TokenKind.Like:
                var pattern = ParseBinary(ConcatLevel, out var patternHeight);
                height = _input.Grow(op, height, patternHeight);
                return new LikeExpression(left, pattern, negated, ParserInput.SpanOf(left, pattern));
            default:
                var right = ParseBinary(ConcatLevel, out var rightHeight);
                height = _input.Grow(op, height, rightHeight);
                return new BinaryExpression(BinaryOperatorOf(kind), left, right, ParserInput.SpanOf(left, right));
        }
    }

    /// <summary><c>IN (a, b, ...)</c> or <c>IN (SELECT ...)</c>, after the IN keyword.</summary>
    private SqlExpression ParseIn(SqlExpression left, bool negated, ref int height)
    {
        var inToken = _input.Previous;
        var open = _input.Expect(TokenKind.LeftParen, "'(' and a list or a subquery after IN");
        _input.Enter(open);
        SqlExpression result;
        if (_input.Current.Kind == TokenKind.Select)
        {
            var query = Queries.ParseSelectQuery(out var queryHeight);
            _input.ExpectClose(open);
            height = _input.Grow(inToken, height, queryHeight);
            result = new InSubqueryExpression(left, query, negated, SourceSpan.FromBounds(left.Span.Start, _input.Previous.End));
        }
        else
        {
            var itemsHeight = 0;
            var items = ParseList(ref itemsHeight);
            if (_input.Current.Kind != TokenKind.RightParen)
            {
                throw _input.Error($"',' or ')' to close the IN list that starts at {SyntaxErrors.Where(_input.Sql, open.Start)}");
            }

            _input.Advance();
            height = _input.Grow(inToken, height, itemsHeight);
            result = new InListExpression(left, items, negated, SourceSpan.FromBounds(left.Span.Start, _input.Previous.End));
        }

        _input.Leave();
        return result;
    }

    /// <summary>Prefix <c>-</c> and <c>+</c>; a minus directly before a number becomes part of the literal.</summary>
    private SqlExpression ParseUnary(out int height)
    {
        var op = _input.Current;
        if (op.Kind is not (TokenKind.Minus or TokenKind.Plus))
        {
            return ParseCollate(ParsePrimary(out height), ref height);
        }

        _input.Advance();
        if (op.Kind == TokenKind.Minus && _input.Current.Kind is TokenKind.Integer or TokenKind.Real)
        {
            // Folding here is what lets -9223372036854775808 be written: 9223372036854775808 alone is out of range.
            height = 1;
            return _literals.ParseNumber(_input.Advance(), op);
        }

        _input.Enter(op);
        var operand = ParseUnary(out var operandHeight);
        _input.Leave();
        height = _input.Grow(op, operandHeight);
        var unary = op.Kind == TokenKind.Minus ? UnaryOperator.Negate : UnaryOperator.Plus;
        return new UnaryExpression(unary, operand, SourceSpan.FromBounds(op.Start, operand.Span.End));
    }

    private SqlExpression ParsePrimary(out int height)
    {
        height = 1;
        switch (_input.Current.Kind)
        {
            case TokenKind.LeftParen:
                return ParseParenthesized(out height);
            case TokenKind.Identifier when _input.IsWord(0, "CAST") && _input.Peek(1).Kind == TokenKind.LeftParen:
                return ParseCast(out height);
            case TokenKind.Identifier when CurrentTimeKeywords.TryParse(_input) is { } now:
                return now;
            case TokenKind.Identifier or TokenKind.QuotedIdentifier:
                return _input.Peek(1).Kind == TokenKind.LeftParen ? ParseFunctionCall(out height) : _names.ParsePath();
            case TokenKind.Case:
                return ParseCase(out height);
            case TokenKind.Exists:
                return ParseExists(out height);
            default:
                return _literals.TryParse() ?? throw _input.Error("an expression" + _input.AfterPrevious());
        }
    }

    /// <summary><c>(expr)</c> or <c>(SELECT ...)</c>.</summary>
    private SqlExpression ParseParenthesized(out int height)
    {
        var open = _input.Advance();
        _input.Enter(open);
        SqlExpression result;
        if (_input.Current.Kind == TokenKind.Select)
        {
            var query = Queries.ParseSelectQuery(out var queryHeight);
            _input.ExpectClose(open);
            height = _input.Grow(open, queryHeight);
            result = new ScalarSubquery(query, _input.SpanFrom(open));
        }
        else
        {
            var inner = ParseExpression(out height);
            _input.ExpectClose(open);
            result = inner with { Span = _input.SpanFrom(open) };
        }

        _input.Leave();
        return result;
    }

    /// <summary><c>NAME(args)</c>, <c>NAME(*)</c>, <c>NAME(DISTINCT args)</c> or <c>NAME()</c>.</summary>
    private FunctionCall ParseFunctionCall(out int height)
    {
        var nameToken = _input.Advance();
        var name = _names.NameOf(nameToken);
        var open = _input.Advance();
        _input.Enter(open);
        var arguments = ImmutableArray<SqlExpression>.Empty;
        bool distinct = false, star = false;
        var argumentsHeight = 0;
        if (_input.Accept(TokenKind.Star))
        {
            star = true;
            if (_input.Current.Kind != TokenKind.RightParen)
            {
                throw _input.Error($"')' after '*' in {name.Text}(*)");
            }

            _input.Advance();
        }
        else if (!_input.Accept(TokenKind.RightParen))
        {
            distinct = _input.Accept(TokenKind.Distinct);
            if (!distinct)
            {
                _input.Accept(TokenKind.All);
            }

            arguments = ParseList(ref argumentsHeight);
            if (_input.Current.Kind != TokenKind.RightParen)
            {
                throw _input.Error($"',' or ')' to close the arguments of {name.Text} at {SyntaxErrors.Where(_input.Sql, open.Start)}");
            }

            _input.Advance();
        }

        _input.Leave();
        RefuseWindow(name.Text);
        height = _input.Grow(nameToken, argumentsHeight);
        return new FunctionCall(name, arguments, distinct, star, _input.SpanFrom(nameToken));
    }
}
