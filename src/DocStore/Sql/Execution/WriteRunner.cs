using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Runs the statements that change the database or its transaction state: INSERT, UPDATE, DELETE,
/// CREATE INDEX, DROP INDEX, CREATE, DROP and ALTER COLLECTION, BEGIN, COMMIT and ROLLBACK (docs/sql.md, "Writing"). A write runs in the
/// session's transaction when it has one, else in a transaction of its own that commits when the
/// statement succeeds; either way a failing statement changes nothing.
/// </summary>
internal static class WriteRunner
{
    public static bool Handles(SqlStatement statement) => statement is InsertStatement or UpdateStatement or DeleteStatement
        or CreateIndexStatement or DropIndexStatement or CreateCollectionStatement or DropCollectionStatement or RenameCollectionStatement or BeginStatement or CommitStatement or RollbackStatement;

    public static SqlResult Run(IPreparedSql prepared, int index, SqlStatement statement, ISqlParameterValues? parameters, ISqlSessionState session)
    {
        var sql = prepared.Text;
        switch (statement)
        {
            case BeginStatement:
                if (session.Transaction is not null)
                {
                    throw SqlErrors.At(sql, statement.Span, DocStoreErrorCode.SqlTransaction, "BEGIN inside a transaction: this session already has one; COMMIT or ROLLBACK it first");
                }

                session.Transaction = prepared.Owner.Context.BeginTransaction();
                session.OwnsTransaction = true;
                return Done(-1);
            case CommitStatement or RollbackStatement:
                var word = statement is CommitStatement ? "COMMIT" : "ROLLBACK";
                if (session.Transaction is not { } transaction)
                {
                    throw SqlErrors.At(sql, statement.Span, DocStoreErrorCode.SqlTransaction, $"{word} without BEGIN: no transaction is active");
                }

                if (!session.OwnsTransaction)
                {
                    throw SqlErrors.At(sql, statement.Span, DocStoreErrorCode.SqlTransaction, $"{word} of a transaction the caller set on the session: end it through DocStoreTransaction");
                }

                // The session forgets the transaction even when the commit fails: a failed commit rolls it back.
                session.Transaction = null;
                session.OwnsTransaction = false;
                if (statement is CommitStatement)
                {
                    transaction.Commit();
                }
                else
                {
                    transaction.Rollback();
                }

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
            default:
                return Done(RunWrite(prepared, index, statement, parameters, session));
        }
    }

    private static int RunWrite(IPreparedSql prepared, int index, SqlStatement statement, ISqlParameterValues? parameters, ISqlSessionState session)
    {
        var context = prepared.Owner.Context;
        context.ThrowIfDisposed();
        using var own = session.Transaction is null ? context.BeginTransaction() : null;
        var transaction = own ?? session.Transaction!;
        transaction.ThrowIfUnusable(context);
        var write = transaction.Write;

        // Open the target before binding, inside the transaction that holds the write lock, so the
        // statement binds to the live field names that the collection's writes use.
        var catalog = prepared.Owner.Catalog(write);
        var name = statement switch
        {
            InsertStatement insert => insert.Collection,
            UpdateStatement update => update.Collection,
            _ => ((DeleteStatement)statement).Collection,
        };
        if (catalog.Find(name.Text, name.Quoted, _ => { }) is { IsSystem: false } target)
        {
            context.GetCollection(target.Name, write);
        }

        var compiled = prepared.Compiled(index, catalog, write);
        var state = new ExecState(write, prepared.Owner, catalog, compiled.BindParameters(prepared.Text, parameters), prepared.Text, session);
        var collection = context.GetCollection(compiled.Write!.Collection.Name, write);
        var count = DocumentWrites.Run(compiled.Write, state, collection, transaction);
        own?.Commit();
        return count;
    }

    private static SqlResult Done(int affected) => new([], [], affected);
}
