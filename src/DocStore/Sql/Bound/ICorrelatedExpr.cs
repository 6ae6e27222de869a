namespace DocStore.Sql.Bound;

/// <summary>
/// A subquery used as a value (EXISTS, IN, a scalar subquery) that may read the current row of the query it
/// is in. The planner must not treat it as a constant of that query: it reads up to <see cref="ReadsSource"/>.
/// </summary>
internal interface ICorrelatedExpr
{
    /// <summary>The highest source of the enclosing query the subquery reads; -1 when it reads none.</summary>
    int ReadsSource { get; }

    /// <summary>The sources of the enclosing query the subquery reads, one bit per source index (past 63 share the top bit).</summary>
    ulong ReadsSources { get; }
}
