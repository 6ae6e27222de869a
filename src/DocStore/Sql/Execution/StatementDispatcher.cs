using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>
/// The one place that decides what each statement kind does: how it runs (<see cref="Run"/>, which the
/// reader calls for every statement) and what it is planned into (<see cref="Compile"/>, which a prepared
/// statement calls when its catalog changes). A new statement kind is added here and nowhere else.
/// </summary>
internal static class StatementDispatcher
{
    /// <summary>Runs statement <paramref name="index"/> of <paramref name="prepared"/> in <paramref name="session"/>.</summary>
    public static SqlResult Run(IPreparedSql prepared, int index, ISqlParameterValues? parameters, ISqlSessionState session)
    {
        prepared.Owner.Context.ThrowIfDisposed();
        var statement = prepared.StatementAt(index);
        switch (statement)
        {
            case SelectStatement or ExplainStatement:
                return RunQuery(prepared, index, statement, parameters, session);
            case InsertStatement or UpdateStatement or DeleteStatement:
                return Done(WriteRunner.Run(prepared, index, statement, parameters, session));
            case BeginStatement begin:
                TransactionStatements.Begin(prepared, begin, session);
                return Done(-1);
            case CommitStatement or RollbackStatement:
                TransactionStatements.End(prepared, statement, session);
                return Done(-1);
            case CreateIndexStatement create:
                IndexStatements.Create(prepared, create, session);
                return Done(-1);
            case DropIndexStatement drop:
                IndexStatements.Drop(prepared, drop, session);
                return Done(-1);
            case CreateCollectionStatement createCollection:
                CollectionStatements.Create(prepared, createCollection, session);
                return Done(-1);
            case DropCollectionStatement dropCollection:
                CollectionStatements.Drop(prepared, dropCollection, session);
                return Done(-1);
            case RenameCollectionStatement rename:
                CollectionStatements.Rename(prepared, rename, session);
                return Done(-1);
            case PragmaStatement pragma:
                Pragmas.Run(prepared.Text, pragma, session);
                return Done(-1);
            default:
                throw SqlErrors.NotSupported(prepared.Text, statement.Span, $"{Kind(statement)} statements are not supported");
        }
    }

    /// <summary>
    /// Binds and plans <paramref name="statement"/> against <paramref name="catalog"/>: a SELECT into its
    /// plan, a write into its write plan, an EXPLAIN into the plan of the statement it describes.
    /// </summary>
    public static CompiledStatement Compile(string sql, SqlStatement statement, SqlCatalog catalog, Transaction transaction, DocStoreContext context)
    {
        var parameters = new ParameterMap();

        // Names read fresh (SELECT * over a table lists every stored field) make the plan stale when more appear.
        var freshNames = new List<(SqlCollection Collection, int Count)>();
        IFieldDictionary Fields(SqlCollection collection, bool fresh)
        {
            if (!fresh)
            {
                return collection.Fields(transaction, context);
            }

            var names = collection.Refresh(transaction, context);
            freshNames.Add((collection, names.Count));
            return names;
        }

        Binder NewBinder() => new(sql, catalog, Fields, parameters);
        var planned = statement is ExplainStatement explained ? explained.Statement : statement;
        switch (planned)
        {
            case InsertStatement or UpdateStatement or DeleteStatement:
                var write = WritePlan.TryCompile(sql, planned, NewBinder, c => Fields(c, false))!;
                return new CompiledStatement(statement, catalog, parameters, write.Select, write) { FieldCounts = freshNames };
            case SelectStatement select:
                var plan = Planner.Plan(NewBinder().Bind(select.Query), new CollectionSizes(transaction).Of);
                return new CompiledStatement(statement, catalog, parameters, plan, null) { FieldCounts = freshNames };
            default:
                return new CompiledStatement(statement, catalog, parameters, null, null);
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
        PragmaStatement => "PRAGMA",
        ExplainStatement explain => "EXPLAIN " + Kind(explain.Statement),
        _ => statement.GetType().Name,
    };

    /// <summary>A SELECT, or an EXPLAIN of one whose plan finds rows; any other EXPLAIN is planned, then refused.</summary>
    private static SqlResult RunQuery(IPreparedSql prepared, int index, SqlStatement statement, ISqlParameterValues? parameters, ISqlSessionState session)
    {
        var query = QueryRunner.Open(prepared, index, parameters, session);
        try
        {
            return statement switch
            {
                SelectStatement => QueryRunner.Rows(query),
                ExplainStatement { Statement: SelectStatement or UpdateStatement or DeleteStatement } => QueryRunner.Describe(query),
                _ => throw SqlErrors.NotSupported(prepared.Text, statement.Span, $"{Kind(statement)} statements are not supported: EXPLAIN describes SELECT, UPDATE and DELETE, whose plans find rows"),
            };
        }
        catch
        {
            query.Snapshot?.Dispose();
            throw;
        }
    }

    private static SqlResult Done(int affected) => new([], [], affected);
}
