using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Indexing;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// CREATE INDEX and DROP INDEX (docs/sql.md, "Indexes"). Each runs in a write transaction of its own and
/// changes only the catalog and the index tree; objects already open over the collection pick the new index
/// set up from the catalog at their next operation (<see cref="Collections.CollectionState"/>). Refused
/// inside an explicit transaction, and on a collection whose typed model is open in this process.
/// </summary>
internal static class IndexStatements
{
    public static void Create(IPreparedSql prepared, CreateIndexStatement statement, ISqlSessionState session)
    {
        var sql = prepared.Text;
        var context = Begin(prepared, statement, session);
        var definition = Definition(sql, statement);
        using var transaction = context.BeginTransaction();
        var write = transaction.Write;
        var collection = Collection(prepared, write, statement.Collection, "CREATE INDEX");
        if (collection is null)
        {
            throw UnknownCollection(prepared, write, statement.Collection);
        }

        ThrowIfOwned(context, sql, statement, collection.Name);
        if (definition.Unique && collection.Columns.Count > 0)
        {
            // On a table, uniqueness is SQLite's: rows whose values hold a NULL are not checked.
            definition = definition with { Unique = false, UniqueNonNull = true };
        }

        // An index on a table's columns is made under their declared collations, as SQLite's is.
        if (collection.Columns.Count > 0)
        {
            definition = definition with { Collations = KeyCollations.Of(definition.Paths.Select(p => collection.Columns.FirstOrDefault(c => c.Name == p)?.Collation)) };
        }

        if (CollectionCatalog.LoadIndexes(write, collection.Name).FirstOrDefault(r => r.Definition.Name == definition.Name) is { } existing)
        {
            if (statement.IfNotExists)
            {
                return;
            }

            throw SqlErrors.At(sql, statement.Name.Span, DocStoreErrorCode.SqlNameTaken, $"Collection '{collection.Name}' already has an index named '{existing.Definition.Name}' ({string.Join(", ", existing.Definition.Paths)}); drop it first or choose another name");
        }

        IndexBuild.Create(write, collection.Name, collection.PrimaryTree, definition, TreeLimits.MaxKeyLength(context.Engine.PageSize));
        transaction.Commit();
    }

    public static void Drop(IPreparedSql prepared, DropIndexStatement statement, ISqlSessionState session)
    {
        var sql = prepared.Text;
        var context = Begin(prepared, statement, session);
        using var transaction = context.BeginTransaction();
        var write = transaction.Write;
        var collection = Collection(prepared, write, statement.Collection, "DROP INDEX");
        if (collection is null)
        {
            if (statement.IfExists)
            {
                return;
            }

            throw UnknownCollection(prepared, write, statement.Collection);
        }

        var stored = CollectionCatalog.LoadIndexes(write, collection.Name);
        var name = statement.Name;
        var matches = stored.Where(r => r.Definition.Name == name.Text).ToList();
        if (matches.Count == 0 && !name.Quoted)
        {
            matches = [.. stored.Where(r => string.Equals(r.Definition.Name, name.Text, StringComparison.OrdinalIgnoreCase))];
        }

        if (matches.Count != 1)
        {
            if (matches.Count == 0 && statement.IfExists)
            {
                return;
            }

            var known = stored.Count == 0 ? "none" : string.Join(", ", stored.Select(r => r.Definition.Name));
            throw SqlErrors.UnknownName(sql, name.Span, matches.Count == 0
                ? $"Collection '{collection.Name}' has no index named '{name.Text}' (its indexes: {known})"
                : $"The index name '{name.Text}' of collection '{collection.Name}' is ambiguous: it matches {string.Join(", ", matches.Select(m => $"'{m.Definition.Name}'"))} ignoring case; quote the exact name");
        }

        ThrowIfOwned(context, sql, statement, collection.Name);
        write.DropTree(matches[0].Tree);
        CollectionCatalog.DeleteIndex(write, collection.Name, matches[0].Definition.Name);
        transaction.Commit();
    }

    /// <summary>Checks what needs no transaction: the context is open and the session has no explicit transaction.</summary>
    private static DocStoreContext Begin(IPreparedSql prepared, SqlStatement statement, ISqlSessionState session)
    {
        var context = prepared.Owner.Context;
        context.ThrowIfDisposed();
        if (session.Transaction is not null)
        {
            // The open objects take the new index set from the committed catalog, so the change commits at once.
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlTransaction, $"{StatementDispatcher.Kind(statement)} inside a transaction: index statements run in a transaction of their own; COMMIT or ROLLBACK first");
        }

        return context;
    }

    /// <summary>The collection named, or null when there is none; a system table is refused.</summary>
    private static SqlCollection? Collection(IPreparedSql prepared, Transactions.WriteTransaction write, SqlName name, string kind)
    {
        var catalog = prepared.Owner.Catalog(write);
        var collection = catalog.Find(name.Text, name.Quoted, matches =>
            throw SqlErrors.UnknownName(prepared.Text, name.Span, $"The collection name '{name.Text}' is ambiguous: it matches {string.Join(", ", matches.Select(m => $"'{m}'"))} ignoring case; quote the exact name"));
        if (collection is { IsSystem: true })
        {
            throw SqlErrors.NotSupported(prepared.Text, name.Span, $"{kind} on the system table '{collection.Name}': system tables have no indexes");
        }

        return collection;
    }

    private static SqlExecutionException UnknownCollection(IPreparedSql prepared, Transactions.WriteTransaction write, SqlName name)
    {
        var known = string.Join(", ", prepared.Owner.Catalog(write).Collections.Select(c => c.Name));
        return SqlErrors.UnknownName(prepared.Text, name.Span, $"Unknown collection '{name.Text}' (collections: {(known.Length == 0 ? "none" : known)})");
    }

    /// <summary>Refuses to change the indexes of a collection that a typed model open in this process declares: its writes maintain only those.</summary>
    private static void ThrowIfOwned(DocStoreContext context, string sql, SqlStatement statement, string collection)
    {
        if (context.FindOpen(collection) is { ModelOwned: true })
        {
            throw SqlErrors.At(sql, statement.Span, DocStoreErrorCode.SqlIndexOwned, $"{StatementDispatcher.Kind(statement)} on collection '{collection}', whose indexes are declared by a typed model open in this process: declare the index with [Index] on the model's class");
        }
    }

    /// <summary>The definition the statement asks for; a path combination an index cannot have is refused before anything is written.</summary>
    private static IndexDefinition Definition(string sql, CreateIndexStatement statement)
    {
        var paths = statement.Paths.Select(p => string.Join('.', p.Segments.Select(s => s.AnyElement ? s.Name.Text + "[]" : s.Name.Text))).ToArray();
        try
        {
            var definition = new IndexDefinition(statement.Name.Text, statement.Unique, paths.Any(p => p.Contains("[]", StringComparison.Ordinal)), paths);
            return new BsonIndex(definition).Definition;
        }
        catch (ArgumentException e)
        {
            throw SqlErrors.NotSupported(sql, statement.Paths[0].Span, $"Index '{statement.Name.Text}' cannot be created: {e.Message}");
        }
    }
}
