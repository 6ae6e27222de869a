using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>One statement's result: column names, rows (lazy), and the count a write reports (-1 for queries).</summary>
internal sealed record SqlResult(string[] Names, IEnumerable<SqlValue[]> Rows, int RecordsAffected);

/// <summary>
/// Runs one compiled statement in the transaction of <see cref="ExecState"/>. SELECT and EXPLAIN SELECT
/// run here; each other statement kind is one case of <see cref="Run"/>, refused until it has one.
/// </summary>
internal static class StatementRunner
{
    public static SqlResult Run(CompiledStatement compiled, ExecState state)
    {
        switch (compiled.Statement)
        {
            case SelectStatement:
                var plan = compiled.Plan!;
                return new SqlResult(plan.ColumnNames, SelectExecutor.Run(plan, state), -1);
            case ExplainStatement { Statement: SelectStatement or UpdateStatement or DeleteStatement }:
                return new SqlResult(Explain.Columns, Explain.Rows(compiled.Plan!), -1);
            default:
                throw SqlErrors.NotSupported(state.Sql, compiled.Statement.Span, $"{Kind(compiled.Statement)} statements are not supported: EXPLAIN describes SELECT, UPDATE and DELETE, whose plans find rows");
        }
    }

    /// <summary>The statement kind as its keywords name it.</summary>
    public static string Kind(SqlStatement statement) => statement switch
    {
        SelectStatement => "SELECT",
        InsertStatement => "INSERT",
        UpdateStatement => "UPDATE",
        DeleteStatement => "DELETE",
        CreateIndexStatement => "CREATE INDEX",
        DropIndexStatement => "DROP INDEX",
        CreateCollectionStatement => "CREATE COLLECTION",
        DropCollectionStatement => "DROP COLLECTION",
        RenameCollectionStatement => "ALTER COLLECTION",
        BeginStatement => "BEGIN",
        CommitStatement => "COMMIT",
        RollbackStatement => "ROLLBACK",
        ExplainStatement explain => "EXPLAIN " + Kind(explain.Statement),
        _ => statement.GetType().Name,
    };
}
