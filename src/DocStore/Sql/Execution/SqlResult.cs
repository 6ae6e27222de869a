using DocStore.Sql.Bound;
using DocStore.Sql.Planning;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>One statement's result: column names, rows (lazy), and the count a write reports (-1 for queries).</summary>
internal sealed record SqlResult(string[] Names, IEnumerable<SqlValue[]> Rows, int RecordsAffected)
{
    /// <summary>The plan of a SELECT, whose rows these are; null for other statements.</summary>
    public SelectPlan? Plan { get; init; }

    /// <summary>The snapshot the lazy rows read, opened for this statement alone; its reader disposes it when done with the rows.</summary>
    public Transaction? Snapshot { get; init; }
}
