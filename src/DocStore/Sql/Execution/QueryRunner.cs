using DocStore.Sql.Planning;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>A query opened to run: its plan, its execution state, and the snapshot it owns (null in a session's transaction).</summary>
internal readonly record struct OpenQuery(CompiledStatement Compiled, ExecState State, Transaction? Snapshot);

/// <summary>
/// Runs SELECT and EXPLAIN: in the session's transaction when it has one, else on a snapshot of the last
/// commit that stays open while the rows are read.
/// </summary>
internal static class QueryRunner
{
    /// <summary>Opens the transaction statement <paramref name="index"/> reads, plans it for that catalog and binds its parameters.</summary>
    public static OpenQuery Open(IPreparedSql prepared, int index, ISqlParameterValues? parameters, ISqlSessionState session)
    {
        var context = prepared.Owner.Context;
        Transaction? snapshot = null;
        Transaction transaction;
        if (session.Transaction is { } explicitTransaction)
        {
            explicitTransaction.ThrowIfUnusable(context);
            transaction = explicitTransaction.Write;
        }
        else
        {
            transaction = snapshot = context.Engine.BeginRead();
        }

        try
        {
            var catalog = prepared.Owner.Catalog(transaction);
            var compiled = prepared.Compiled(index, catalog, transaction);
            var state = new ExecState(transaction, prepared.Owner, catalog, compiled.BindParameters(prepared.Text, parameters), prepared.Text, session);
            return new OpenQuery(compiled, state, snapshot);
        }
        catch
        {
            snapshot?.Dispose();
            throw;
        }
    }

    /// <summary>The rows of a SELECT.</summary>
    public static SqlResult Rows(OpenQuery query)
    {
        var plan = query.Compiled.Plan!;
        return new SqlResult(plan.ColumnNames, SelectExecutor.Run(plan, query.State), -1) { Plan = plan, Snapshot = query.Snapshot };
    }

    /// <summary>The rows of an EXPLAIN: the plan that finds the rows of the statement it describes.</summary>
    public static SqlResult Describe(OpenQuery query) =>
        new(Explain.Columns, Explain.Rows(query.Compiled.Plan!), -1) { Snapshot = query.Snapshot };
}
