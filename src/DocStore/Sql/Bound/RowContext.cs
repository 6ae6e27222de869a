using DocStore.Bson;
using DocStore.Sql.Bound.Dates;

namespace DocStore.Sql.Bound;

/// <summary>
/// What expressions read while one execution of a statement runs: the current document of each source,
/// parameter values, the array element a <c>[]</c> predicate is testing, aggregate results, and subquery
/// results computed once. Plans are shared between threads; this is the per-execution part.
/// </summary>
internal sealed class RowContext
{
    public RowContext(int sources, int elementSlots, int subqueries, SqlValue[] parameters, string sql)
    {
        Docs = new ReadOnlyMemory<byte>[sources];
        Fields = new IFieldDictionary[sources];
        Elements = new SqlValue[elementSlots];
        ElementActive = new bool[elementSlots];
        ElementLists = new List<SqlValue>?[elementSlots];
        Subqueries = new object?[subqueries];
        Parameters = parameters;
        Sql = sql;
    }

    /// <summary>The current document of each source; empty for the missing side of a LEFT JOIN (every path reads NULL).</summary>
    public ReadOnlyMemory<byte>[] Docs { get; }

    /// <summary>The field names of each source, for documents returned whole.</summary>
    public IFieldDictionary[] Fields { get; }

    public SqlValue[] Parameters { get; }

    /// <summary>True when LIKE compares ASCII letters exactly (<c>PRAGMA case_sensitive_like = ON</c> in the session); by default it ignores their case, as SQLite's does.</summary>
    public bool CaseSensitiveLike { get; init; }

    /// <summary>
    /// The clock of the statement run this row belongs to (set by the executors). A function rather than the
    /// run itself, so that expressions need not know the executor's state.
    /// </summary>
    public Func<StatementClock>? StatementClock { get; set; }

    /// <summary>'now' for the date functions: the statement's clock, made on first use (the system's when no statement is set).</summary>
    public StatementClock Clock => StatementClock?.Invoke() ?? (_clock ??= new StatementClock(TimeProvider.System));

    private StatementClock? _clock;

    /// <summary>The array element each <c>[]</c> path stands for while its predicate is tested.</summary>
    public SqlValue[] Elements { get; }

    public bool[] ElementActive { get; }

    /// <summary>Reused element buffers, one per <c>[]</c> path, so testing a row allocates nothing.</summary>
    public List<SqlValue>?[] ElementLists { get; }

    /// <summary>The current group's aggregate results.</summary>
    public SqlValue[]? Aggregates { get; set; }

    /// <summary>The current output row, for ORDER BY terms that name an output column.</summary>
    public SqlValue[]? Columns { get; set; }

    /// <summary>Results of uncorrelated subqueries, computed on first use.</summary>
    public object?[] Subqueries { get; }

    /// <summary>Runs a subquery of this statement (set by the executor).</summary>
    public Func<int, RowContext, List<SqlValue[]>>? RunSubquery { get; set; }

    /// <summary>A subquery's rows as they are produced, so EXISTS can stop at the first (set by the executor).</summary>
    public Func<int, RowContext, IEnumerable<SqlValue[]>>? SubqueryRows { get; set; }

    /// <summary>The enclosing query's row, for a correlated subquery's references to it; null at the top.</summary>
    public RowContext? Outer { get; init; }

    public string Sql { get; }

    public List<SqlValue> ElementList(int slot) => ElementLists[slot] ??= [];
}
