using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// CREATE, DROP and ALTER ... RENAME TO of a collection (docs/sql.md, "Collections"). Each runs in a write
/// transaction of its own, like the index statements, so it is refused inside an explicit transaction; a
/// collection a typed model open in this process holds cannot be dropped or renamed.
/// </summary>
internal static class CollectionStatements
{
    public static void Create(IPreparedSql prepared, CreateCollectionStatement statement, ISqlSessionState session)
    {
        var context = Begin(prepared, statement, session);
        var table = statement.Columns is null ? null : TableDefinition.From(prepared.Text, statement);
        using var transaction = context.BeginTransaction();
        if (Find(prepared, transaction.Write, statement.Name) is { } existing)
        {
            if (statement.IfNotExists && !existing.IsSystem)
            {
                return;
            }

            throw SqlErrors.At(prepared.Text, statement.Name.Span, DocStoreErrorCode.SqlNameTaken, existing.IsSystem
                ? $"'{existing.Name}' is a system table; choose another collection name"
                : $"Collection '{existing.Name}' already exists; use CREATE COLLECTION IF NOT EXISTS, or drop it first");
        }

        if (table is null)
        {
            context.GetCollection(statement.Name.Text, transaction.Write);
        }
        else
        {
            DefaultValues.Check(prepared, statement, transaction.Write);
            var options = new BsonCollectionOptions { KeyField = table.KeyField, KeyGeneration = KeyGeneration.Sequence };
            var collection = context.GetCollection(statement.Name.Text, options, transaction.Write);
            collection.DeclareFields(transaction, table.Columns.Select(c => c.Name));
            var record = Catalog.CollectionCatalog.FindCollection(transaction.Write, statement.Name.Text)!;
            Catalog.CollectionCatalog.PutCollection(transaction.Write, record with { Columns = table.Columns });
            foreach (var key in table.UniqueKeys)
            {
                Indexing.IndexBuild.Create(transaction.Write, record.Name, record.PrimaryTree, key.Index, BTree.TreeLimits.MaxKeyLength(context.Engine.PageSize));
            }
        }

        transaction.Commit();
    }

    public static void Drop(IPreparedSql prepared, DropCollectionStatement statement, ISqlSessionState session)
    {
        var context = Begin(prepared, statement, session);
        var name = Existing(prepared, context, statement.Name, "DROP COLLECTION", statement.IfExists);
        if (name is null)
        {
            return;
        }

        ThrowIfModelHolds(prepared, context, statement, name);
        if (!context.DropCollection(name) && !statement.IfExists)
        {
            throw Unknown(prepared, context, statement.Name);
        }
    }

    public static void Rename(IPreparedSql prepared, RenameCollectionStatement statement, ISqlSessionState session)
    {
        var context = Begin(prepared, statement, session);
        var name = Existing(prepared, context, statement.Name, "ALTER COLLECTION", ifExists: false)!;
        ThrowIfModelHolds(prepared, context, statement, name);
        using (var read = context.Engine.BeginRead())
        {
            if (Find(prepared, read, statement.NewName) is { } taken)
            {
                throw SqlErrors.At(prepared.Text, statement.NewName.Span, DocStoreErrorCode.SqlNameTaken, $"Cannot rename collection '{name}' to '{statement.NewName.Text}': '{taken.Name}' exists; drop it first or choose another name");
            }
        }

        context.RenameCollection(name, statement.NewName.Text);
    }

    private static DocStoreContext Begin(IPreparedSql prepared, SqlStatement statement, ISqlSessionState session)
    {
        var context = prepared.Owner.Context;
        context.ThrowIfDisposed();
        if (session.Transaction is not null)
        {
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlTransaction, $"{StatementDispatcher.Kind(statement)} inside a transaction: collection statements run in a transaction of their own; COMMIT or ROLLBACK first");
        }

        return context;
    }

    /// <summary>The stored name of the collection named (matched as SQL matches names), null when there is none and IF EXISTS allows it.</summary>
    private static string? Existing(IPreparedSql prepared, DocStoreContext context, SqlName name, string kind, bool ifExists)
    {
        using var read = context.Engine.BeginRead();
        var found = Find(prepared, read, name);
        if (found is { IsSystem: true })
        {
            throw SqlErrors.NotSupported(prepared.Text, name.Span, $"{kind} on the system table '{found.Name}'");
        }

        return found?.Name ?? (ifExists ? null : throw Unknown(prepared, context, name));
    }

    private static SqlCollection? Find(IPreparedSql prepared, Transactions.Transaction transaction, SqlName name) =>
        prepared.Owner.Catalog(transaction).Find(name.Text, name.Quoted, matches =>
            throw SqlErrors.UnknownName(prepared.Text, name.Span, $"The collection name '{name.Text}' is ambiguous: it matches {string.Join(", ", matches.Select(m => $"'{m}'"))} ignoring case; quote the exact name"));

    private static SqlExecutionException Unknown(IPreparedSql prepared, DocStoreContext context, SqlName name)
    {
        var known = context.GetCollectionNames();
        return SqlErrors.UnknownName(prepared.Text, name.Span, $"Unknown collection '{name.Text}' (collections: {(known.Count == 0 ? "none" : string.Join(", ", known))})");
    }

    private static void ThrowIfModelHolds(IPreparedSql prepared, DocStoreContext context, SqlStatement statement, string collection)
    {
        if (context.FindOpen(collection) is { ModelOwned: true })
        {
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlCollectionOwned, $"{StatementDispatcher.Kind(statement)} on collection '{collection}', which a typed model open in this process holds (a context's collection property or an open typed collection); close that context first");
        }
    }
}
