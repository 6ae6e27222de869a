using DocStore.Sql.Ast;

namespace DocStore.Sql.Execution;

/// <summary>
/// Runs INSERT, UPDATE and DELETE (docs/sql.md, "Writing"). A write runs in the session's transaction when
/// it has one, else in a transaction of its own that commits when the statement succeeds; either way a
/// failing statement changes nothing.
/// </summary>
internal static class WriteRunner
{
    /// <summary>Runs statement <paramref name="index"/> and returns how many documents it changed.</summary>
    public static int Run(IPreparedSql prepared, int index, SqlStatement statement, ISqlParameterValues? parameters, ISqlSessionState session)
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
}
