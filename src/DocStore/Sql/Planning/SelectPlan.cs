using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>How one source's documents are reached.</summary>
internal enum AccessKind
{
    FullScan,
    KeySeek,
    KeyRange,
    KeyOrder,
    IndexSeek,
    IndexRange,
    IndexPrefix,
    IndexOrder,
    IndexUnion,
    SystemTable,
}

/// <summary>How a joined source meets the rows before it.</summary>
internal enum JoinMethod
{
    None,
    IndexNestedLoop,
    HashJoin,
    NestedLoop,
}

/// <summary>
/// One source's access: the tree walked and the key intervals, given as expressions evaluated when the
/// statement runs (parameters, or the outer row's values for an index nested-loop join).
/// </summary>
internal sealed class AccessPath
{
    public required AccessKind Kind { get; init; }

    /// <summary>The index walked; null for the primary key and full scans.</summary>
    public SqlIndex? Index { get; init; }

    /// <summary>Values of the leading components, each with its alternatives (an IN list).</summary>
    public BoundExpr[][] Equalities { get; init; } = [];

    /// <summary>The bounds of the component after the equalities (BETWEEN, &lt;, &gt;, ...); the conjuncts stay as residual filters.</summary>
    public BoundExpr? Low { get; init; }

    public BoundExpr? High { get; init; }

    /// <summary>The constant prefix of <c>LIKE 'prefix%'</c>.</summary>
    public string? LikePrefix { get; init; }

    /// <summary>The prefix of an ordinal starts-with test, evaluated when the statement runs.</summary>
    public BoundExpr? PrefixValue { get; init; }

    /// <summary>The range's lower end includes NULL and missing (indexed under the NULL tag, first in key order).</summary>
    public bool IncludesNull { get; init; }

    /// <summary>For <see cref="IncludesNull"/>: the NULL entries are walked only when this test of the statement's values holds; null for always.</summary>
    public BoundExpr? NullGuard { get; init; }

    /// <summary>For an ordered walk: the value a NULL component sorts as (ORDER BY COALESCE(path, value)), merged among the others.</summary>
    public SqlValue? NullsAs { get; init; }

    /// <summary>Walk the keys backwards (ORDER BY ... DESC answered by the index).</summary>
    public bool Descending { get; init; }

    /// <summary>Rows come in the order ORDER BY asks for, so no sort runs.</summary>
    public bool Ordered { get; init; }

    /// <summary>The conjuncts the access answers exactly; they are not checked again.</summary>
    public IReadOnlyList<BoundExpr> Consumed { get; init; } = [];

    /// <summary>For an index union: one seek, range or prefix per disjunct, each on the key or an index (see <see cref="IndexUnions"/>).</summary>
    public IReadOnlyList<AccessPath> Branches { get; init; } = [];

    /// <summary>What the conditions on the index are, for EXPLAIN.</summary>
    public string Detail { get; init; } = string.Empty;

    public static AccessPath FullScan => new() { Kind = AccessKind.FullScan };
}

/// <summary>One source of the plan: its access, its join and the filter applied once its row is known.</summary>
internal sealed class SourcePlan
{
    public required BoundSource Source { get; init; }

    public required AccessPath Access { get; init; }

    public JoinMethod Join { get; init; }

    /// <summary>For a hash join: the key computed from the earlier sources' row.</summary>
    public BoundExpr? OuterKey { get; init; }

    /// <summary>For a hash join: the key computed from this source's document.</summary>
    public BoundExpr? InnerKey { get; init; }

    /// <summary>The WHERE conjuncts that need this source and no later one, checked after it joins (NULLs filled in for a LEFT JOIN's missing side first).</summary>
    public BoundExpr? Filter { get; init; }

    /// <summary>For a LEFT JOIN: its ON conditions, which decide whether a document matches (no match leaves NULLs).</summary>
    public BoundExpr? On { get; init; }

    /// <summary>For a source read once and reused (hash join, nested loop): the conditions on it alone, applied while reading it.</summary>
    public BoundExpr? BuildFilter { get; init; }
}

/// <summary>How a bound SELECT runs: per source access and join, then whether a sort is needed.</summary>
internal sealed class SelectPlan
{
    public required BoundSelect Query { get; init; }

    public required SourcePlan[] Sources { get; init; }

    /// <summary>True when ORDER BY needs a sort (false when there is none or an index delivers the order).</summary>
    public required bool SortNeeded { get; init; }

    /// <summary><c>SELECT COUNT(*)</c> answered by counting keys, without reading documents.</summary>
    public required bool CountFromKeys { get; init; }

    public required SelectPlan[] Subqueries { get; init; }

    /// <summary>For a compound select: the plan of each select, in order (see <see cref="BoundSelect.Compound"/>).</summary>
    public SelectPlan[] Parts { get; init; } = [];

    /// <summary>The output column names, made once.</summary>
    public string[] ColumnNames => field ??= [.. Query.Columns.Select(c => c.Name)];
}
