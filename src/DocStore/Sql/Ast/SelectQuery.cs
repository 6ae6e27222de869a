using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>
/// <c>SELECT [DISTINCT|ALL] items [FROM source joins] [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT [OFFSET]]</c>,
/// as a statement or a subquery.
/// </summary>
/// <param name="Distinct">True for <c>SELECT DISTINCT</c>.</param>
/// <param name="Items">The select list, at least one item.</param>
/// <param name="From">The first collection; null for a SELECT without FROM (one row, no sources).</param>
/// <param name="Joins">The joined collections, in order.</param>
/// <param name="Where">The filter, or null.</param>
/// <param name="GroupBy">The grouping expressions; empty without GROUP BY.</param>
/// <param name="Having">The group filter, or null.</param>
/// <param name="OrderBy">The ordering terms; empty without ORDER BY.</param>
/// <param name="Limit">The row limit, or null.</param>
/// <param name="Offset">The rows to skip, or null (only with a limit).</param>
/// <param name="Span">SELECT through the last clause.</param>
internal sealed record SelectQuery(
    bool Distinct,
    ImmutableArray<SelectItem> Items,
    TableSource? From,
    ImmutableArray<JoinClause> Joins,
    SqlExpression? Where,
    ImmutableArray<SqlExpression> GroupBy,
    SqlExpression? Having,
    ImmutableArray<OrderingTerm> OrderBy,
    SqlExpression? Limit,
    SqlExpression? Offset,
    SourceSpan Span) : SqlNode(Span);

/// <summary>One item of a select list.</summary>
/// <param name="Span">The item's text.</param>
internal abstract record SelectItem(SourceSpan Span) : SqlNode(Span);

/// <summary><c>*</c>: every document of every source.</summary>
/// <param name="Span">The star.</param>
internal sealed record AllColumnsItem(SourceSpan Span) : SelectItem(Span);

/// <summary><c>alias.*</c>: the documents of one source.</summary>
/// <param name="Source">The alias (or collection name) before the dot.</param>
/// <param name="Span">Name through star.</param>
internal sealed record SourceColumnsItem(SqlName Source, SourceSpan Span) : SelectItem(Span);

/// <summary><c>expr [[AS] name]</c>.</summary>
/// <param name="Expression">The value.</param>
/// <param name="Alias">The output name, or null.</param>
/// <param name="Span">Expression through alias.</param>
internal sealed record ExpressionItem(SqlExpression Expression, SqlName? Alias, SourceSpan Span) : SelectItem(Span);

/// <summary>A collection in FROM or JOIN: <c>name [[AS] alias]</c>.</summary>
/// <param name="Collection">The collection name.</param>
/// <param name="Alias">The alias, or null.</param>
/// <param name="Span">Name through alias.</param>
internal sealed record TableSource(SqlName Collection, SqlName? Alias, SourceSpan Span) : SqlNode(Span);

/// <summary>How a join keeps rows.</summary>
internal enum JoinKind
{
    /// <summary><c>[INNER] JOIN</c>: only pairs that match.</summary>
    Inner,

    /// <summary><c>LEFT [OUTER] JOIN</c>: every left row, with nulls where nothing matches.</summary>
    Left,
}

/// <summary><c>[INNER] JOIN source ON condition</c> or <c>LEFT [OUTER] JOIN source ON condition</c>.</summary>
/// <param name="Kind">Inner or left.</param>
/// <param name="Source">The joined collection.</param>
/// <param name="On">The join condition.</param>
/// <param name="Span">The join keywords through the condition.</param>
internal sealed record JoinClause(JoinKind Kind, TableSource Source, SqlExpression On, SourceSpan Span) : SqlNode(Span);

/// <summary>One ORDER BY term: <c>expr [ASC|DESC]</c>.</summary>
/// <param name="Expression">The sort key.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Span">Expression through direction.</param>
internal sealed record OrderingTerm(SqlExpression Expression, bool Descending, SourceSpan Span) : SqlNode(Span);
