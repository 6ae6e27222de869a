using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

/// <summary>A collection in FROM or JOIN, with its position in the row.</summary>
internal sealed record BoundSource(int Index, string Alias, SqlCollection Collection, JoinKind? Join, BoundExpr? On);

/// <summary>The aggregate functions.</summary>
internal enum AggregateKind
{
    CountStar,
    Count,
    Sum,
    Avg,
    Min,
    Max,

    /// <summary><c>total(x)</c>: the sum as a double, 0.0 over no values.</summary>
    Total,

    /// <summary><c>group_concat(x [, separator])</c> and <c>string_agg(x, separator)</c>.</summary>
    GroupConcat,
}

/// <summary>One aggregate of a grouped query: <c>COUNT(DISTINCT x)</c>, <c>SUM(x)</c>, ...</summary>
internal sealed record AggregateSpec(AggregateKind Kind, BoundExpr? Argument, bool Distinct, string Text)
{
    /// <summary>For GROUP_CONCAT and STRING_AGG: the separator, evaluated for each value after the first; null for ','.</summary>
    public BoundExpr? Separator { get; init; }
}

/// <summary>One output column: its name and value.</summary>
internal sealed record OutputColumn(string Name, BoundExpr Value);

/// <summary>One ORDER BY term, evaluated over the row (or group) before projection.</summary>
internal sealed record SortKey(BoundExpr Value, bool Descending);

/// <summary>
/// A SELECT with every name resolved: sources, filters, grouping, output columns and ordering, plus the
/// counts of per-execution slots its expressions use. Immutable; the planner decides how it runs.
/// </summary>
internal sealed class BoundSelect
{
    public required BoundSource[] Sources { get; init; }

    public required BoundExpr? Where { get; init; }

    public required BoundExpr[] GroupBy { get; init; }

    public required AggregateSpec[] Aggregates { get; init; }

    /// <summary>True when rows are grouped (GROUP BY, or an aggregate anywhere, which makes one group of all rows).</summary>
    public bool IsAggregate => GroupBy.Length > 0 || Aggregates.Length > 0;

    public required BoundExpr? Having { get; init; }

    public required OutputColumn[] Columns { get; init; }

    public required SortKey[] OrderBy { get; init; }

    public required bool Distinct { get; init; }

    public required BoundExpr? Limit { get; init; }

    public required BoundExpr? Offset { get; init; }

    /// <summary>The subqueries, by the slot their expressions use.</summary>
    public required BoundSelect[] Subqueries { get; init; }

    /// <summary>True when the query reads a row of an enclosing query, so it runs again for each of that query's rows.</summary>
    public bool Correlated { get; init; }

    /// <summary>The highest source of the immediately enclosing query this query reads; -1 when none.</summary>
    public int OuterSource { get; init; } = -1;

    /// <summary>The sources of the immediately enclosing query this query reads, one bit per source index.</summary>
    public ulong OuterSources { get; init; }

    /// <summary>How many <c>[]</c> paths the expressions of this query (not its subqueries) use.</summary>
    public required int ElementSlots { get; init; }

    /// <summary>
    /// For a compound select: its selects in order, the first without an operator. The compound itself
    /// has no sources; its columns and ORDER BY terms refer to the result columns.
    /// </summary>
    public CompoundMember[] Compound { get; init; } = [];

    /// <summary>For <c>SELECT *</c> over one source: that source (Query&lt;T&gt; reads its documents with the generated serializer).</summary>
    public required int? WholeDocumentSource { get; init; }
}
