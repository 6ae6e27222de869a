using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>The base of every expression node. A parenthesized expression's span includes its parentheses.</summary>
/// <param name="Span">Where the expression's text lies.</param>
internal abstract record SqlExpression(SourceSpan Span) : SqlNode(Span);

/// <summary>One step of a path: a member name, optionally followed by <c>[]</c> ("any element of the array").</summary>
/// <param name="Name">The member (or, for the first segment, possibly an alias) name.</param>
/// <param name="AnyElement">True when the segment is followed by <c>[]</c>.</param>
/// <param name="Span">The name and its brackets.</param>
internal sealed record PathSegment(SqlName Name, bool AnyElement, SourceSpan Span) : SqlNode(Span);

/// <summary>
/// A path into the document, as in <c>[Index]</c>: <c>Email</c>, <c>Address.City</c>, <c>Tags[]</c>,
/// <c>Lines[].Sku</c>, <c>o.CustomerId</c>. Whether the first segment is a table alias or a
/// top-level field is for name resolution to decide.
/// </summary>
/// <param name="Segments">The dotted segments, at least one.</param>
/// <param name="Span">The whole path.</param>
internal sealed record PathExpression(ImmutableArray<PathSegment> Segments, SourceSpan Span) : SqlExpression(Span);

/// <summary>A function call: <c>NAME(args)</c>, <c>COUNT(*)</c>, <c>COUNT(DISTINCT x)</c>.</summary>
/// <param name="Name">The function name as written.</param>
/// <param name="Arguments">The arguments; empty for <c>f()</c> and <c>f(*)</c>.</param>
/// <param name="Distinct">True for <c>f(DISTINCT ...)</c>.</param>
/// <param name="Star">True for <c>f(*)</c>.</param>
/// <param name="Span">Name through closing parenthesis.</param>
internal sealed record FunctionCall(SqlName Name, ImmutableArray<SqlExpression> Arguments, bool Distinct, bool Star, SourceSpan Span)
    : SqlExpression(Span);

/// <summary>A parenthesized <c>(SELECT ...)</c> used as a value.</summary>
/// <param name="Query">The query; it should produce one column and at most one row.</param>
/// <param name="Span">The parentheses and the query.</param>
internal sealed record ScalarSubquery(SelectQuery Query, SourceSpan Span) : SqlExpression(Span);
