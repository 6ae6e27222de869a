using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>
/// <c>CASE [operand] WHEN a THEN x ... [ELSE y] END</c>. With an operand each WHEN value is compared with it
/// (<c>operand = a</c>); without one each WHEN is a condition.
/// </summary>
/// <param name="Operand">The value compared with each WHEN, or null for the searched form.</param>
/// <param name="Branches">The WHEN ... THEN pairs, at least one.</param>
/// <param name="Else">The ELSE value, or null (the result is then NULL when no branch matches).</param>
/// <param name="Span">CASE through END.</param>
internal sealed record CaseExpression(SqlExpression? Operand, ImmutableArray<CaseBranch> Branches, SqlExpression? Else, SourceSpan Span)
    : SqlExpression(Span);

/// <summary>One <c>WHEN when THEN then</c> of a CASE.</summary>
/// <param name="When">The condition, or the value compared with the CASE operand.</param>
/// <param name="Then">The result when it matches.</param>
/// <param name="Span">WHEN through the result.</param>
internal sealed record CaseBranch(SqlExpression When, SqlExpression Then, SourceSpan Span) : SqlNode(Span);

/// <summary><c>CAST(operand AS type)</c>.</summary>
/// <param name="Operand">The value converted.</param>
/// <param name="TypeName">The type name as written, words joined by one space, size arguments left out (<c>VARCHAR</c>, <c>DOUBLE PRECISION</c>); empty when none is written.</param>
/// <param name="Span">CAST through the closing parenthesis.</param>
internal sealed record CastExpression(SqlExpression Operand, string TypeName, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>EXISTS (SELECT ...)</c>; <c>NOT EXISTS</c> is NOT applied to it.</summary>
/// <param name="Query">The subquery.</param>
/// <param name="Span">EXISTS through the closing parenthesis.</param>
internal sealed record ExistsExpression(SelectQuery Query, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>x IS y</c> or <c>x IS NOT y</c> with anything but NULL on the right: equality where NULL equals NULL.</summary>
/// <param name="Left">The left operand.</param>
/// <param name="Right">The right operand.</param>
/// <param name="Negated">True for <c>IS NOT</c>.</param>
/// <param name="Span">Left operand through right operand.</param>
internal sealed record IsExpression(SqlExpression Left, SqlExpression Right, bool Negated, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>x [NOT] GLOB pattern</c>: case-sensitive, <c>*</c>, <c>?</c> and <c>[...]</c> as in Unix file names.</summary>
/// <param name="Operand">The tested value.</param>
/// <param name="Pattern">The pattern.</param>
/// <param name="Negated">True for <c>NOT GLOB</c>.</param>
/// <param name="Span">Operand through the pattern.</param>
internal sealed record GlobExpression(SqlExpression Operand, SqlExpression Pattern, bool Negated, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>operand COLLATE name</c> with a collation DocStore has: <c>BINARY</c>, <c>NOCASE</c> or <c>RTRIM</c>.</summary>
/// <param name="Operand">The value.</param>
/// <param name="NoCase">True for NOCASE.</param>
/// <param name="Span">Operand through the collation name.</param>
internal sealed record CollateExpression(SqlExpression Operand, bool NoCase, SourceSpan Span) : SqlExpression(Span)
{
    /// <summary>True for RTRIM (<see cref="NoCase"/> is then false); both false is BINARY.</summary>
    public bool RTrim { get; init; }
}
