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
    SourceSpan Span) : SqlNode(Span)
{
    /// <summary>
    /// The selects combined with this one by UNION, UNION ALL, EXCEPT or INTERSECT, left to right; empty for a
    /// simple select. When present, <see cref="OrderBy"/>, <see cref="Limit"/> and <see cref="Offset"/> apply to
    /// the whole compound, and the span covers it.
    /// </summary>
    public ImmutableArray<CompoundPart> Compound { get; init; } = [];
}

/// <summary>How a compound select combines the rows so far with the next select's.</summary>
internal enum CompoundOperator
{
    /// <summary><c>UNION</c>: both, without duplicates.</summary>
    Union,

    /// <summary><c>UNION ALL</c>: both, duplicates kept.</summary>
    UnionAll,

    /// <summary><c>EXCEPT</c>: distinct rows not in the next select.</summary>
    Except,

    /// <summary><c>INTERSECT</c>: distinct rows also in the next select.</summary>
    Intersect,
}

/// <summary>One operator and select of a compound.</summary>
/// <param name="Operator">How it combines with the rows before it.</param>
/// <param name="Query">The select (no ORDER BY or LIMIT of its own).</param>
/// <param name="Span">The operator through the select.</param>
internal sealed record CompoundPart(CompoundOperator Operator, SelectQuery Query, SourceSpan Span) : SqlNode(Span);

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
internal sealed record TableSource(SqlName Collection, SqlName? Alias, SourceSpan Span) : SqlNode(Span)
{
    /// <summary>For <c>(SELECT ...) [AS] alias</c>: the subquery whose rows the source reads; <see cref="Collection"/> is then its alias (or <c>(subquery)</c>).</summary>
    public SelectQuery? Subquery { get; init; }
}

/// <summary>How a join keeps rows.</summary>
internal enum JoinKind
{
    /// <summary><c>[INNER] JOIN</c>: only pairs that match.</summary>
    Inner,

    /// <summary><c>LEFT [OUTER] JOIN</c>: every left row, with nulls where nothing matches.</summary>
    Left,

    /// <summary><c>CROSS JOIN</c>: an inner join whose sources the planner keeps in the written order.</summary>
    Cross,
}

/// <summary>
/// <c>[INNER] JOIN source [ON condition | USING (names)]</c>, <c>LEFT [OUTER] JOIN ...</c>, <c>CROSS JOIN source</c>,
/// or <c>, source</c> (an inner join without a condition).
/// </summary>
/// <param name="Kind">Inner, left or cross.</param>
/// <param name="Source">The joined collection.</param>
/// <param name="On">The join condition, or null (a comma, CROSS JOIN, USING, or an inner join without one).</param>
/// <param name="Span">The join keywords through the condition.</param>
internal sealed record JoinClause(JoinKind Kind, TableSource Source, SqlExpression? On, SourceSpan Span) : SqlNode(Span)
{
    /// <summary>The names of <c>USING (a, b)</c>: each equal in this source and the nearest earlier source that has it.</summary>
    public ImmutableArray<SqlName> Using { get; init; } = [];

    /// <summary>True for <c>NATURAL ... JOIN</c>: USING the declared columns this source shares with the earlier ones.</summary>
    public bool Natural { get; init; }
}

/// <summary>One ORDER BY term: <c>expr [ASC|DESC]</c>.</summary>
/// <param name="Expression">The sort key.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Span">Expression through direction.</param>
internal sealed record OrderingTerm(SqlExpression Expression, bool Descending, SourceSpan Span) : SqlNode(Span);
