using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>Prefix operators.</summary>
internal enum UnaryOperator
{
    /// <summary><c>-x</c>.</summary>
    Negate,

    /// <summary><c>+x</c>.</summary>
    Plus,

    /// <summary><c>NOT x</c>.</summary>
    Not,
}

/// <summary>Infix operators. Spellings with the same meaning (<c>=</c> and <c>==</c>; <c>&lt;&gt;</c> and <c>!=</c>) are one operator.</summary>
internal enum BinaryOperator
{
    Or,
    And,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Concat,
    Add,
    Subtract,
    Multiply,
    Divide,
    Modulo,
}

/// <summary>A prefix operator applied to an operand.</summary>
/// <param name="Operator">The operator.</param>
/// <param name="Operand">The operand.</param>
/// <param name="Span">Operator through operand.</param>
internal sealed record UnaryExpression(UnaryOperator Operator, SqlExpression Operand, SourceSpan Span) : SqlExpression(Span);

/// <summary>An infix operator applied to two operands.</summary>
/// <param name="Operator">The operator.</param>
/// <param name="Left">The left operand.</param>
/// <param name="Right">The right operand.</param>
/// <param name="Span">Left operand through right operand.</param>
internal sealed record BinaryExpression(BinaryOperator Operator, SqlExpression Left, SqlExpression Right, SourceSpan Span)
    : SqlExpression(Span);

/// <summary><c>x IS NULL</c> or <c>x IS NOT NULL</c>.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Negated">True for <c>IS NOT NULL</c>.</param>
/// <param name="Span">Operand through NULL.</param>
internal sealed record IsNullExpression(SqlExpression Operand, bool Negated, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>x [NOT] IN (a, b, ...)</c>.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Items">The list, at least one item.</param>
/// <param name="Negated">True for <c>NOT IN</c>.</param>
/// <param name="Span">Operand through the closing parenthesis.</param>
internal sealed record InListExpression(SqlExpression Operand, ImmutableArray<SqlExpression> Items, bool Negated, SourceSpan Span)
    : SqlExpression(Span);

/// <summary><c>x [NOT] IN (SELECT ...)</c>.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Query">The subquery.</param>
/// <param name="Negated">True for <c>NOT IN</c>.</param>
/// <param name="Span">Operand through the closing parenthesis.</param>
internal sealed record InSubqueryExpression(SqlExpression Operand, SelectQuery Query, bool Negated, SourceSpan Span)
    : SqlExpression(Span);

/// <summary><c>x [NOT] BETWEEN low AND high</c>.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Low">The lower bound.</param>
/// <param name="High">The upper bound.</param>
/// <param name="Negated">True for <c>NOT BETWEEN</c>.</param>
/// <param name="Span">Operand through the upper bound.</param>
internal sealed record BetweenExpression(SqlExpression Operand, SqlExpression Low, SqlExpression High, bool Negated, SourceSpan Span)
    : SqlExpression(Span);

/// <summary><c>x [NOT] LIKE pattern</c>.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Pattern">The pattern.</param>
/// <param name="Negated">True for <c>NOT LIKE</c>.</param>
/// <param name="Span">Operand through the pattern.</param>
internal sealed record LikeExpression(SqlExpression Operand, SqlExpression Pattern, bool Negated, SourceSpan Span)
    : SqlExpression(Span);
