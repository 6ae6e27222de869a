using DocStore.Bson;
using DocStore.BTree;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Bound.Dates;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>One run of one statement: the transaction it reads, the catalog, the parameter values.</summary>
internal sealed class ExecState(Transaction transaction, ISqlDatabase database, SqlCatalog catalog, SqlValue[] parameters, string sql, ISqlSessionState? session)
{
    private readonly Dictionary<string, Tree?> _trees = new(StringComparer.Ordinal);

    public Transaction Transaction { get; } = transaction;

    /// <summary>The SQL surface the statement runs on, with its caches.</summary>
    public ISqlDatabase Database { get; } = database;

    public DocStoreContext Context => Database.Context;

    public SqlCatalog Catalog { get; } = catalog;

    public SqlValue[] Parameters { get; } = parameters;

    public string Sql { get; } = sql;

    /// <summary>'now' for the date functions: read once per statement from the database's time provider.</summary>
    public StatementClock Clock => _clock ??= new StatementClock(Context.Options.TimeProvider);

    private StatementClock? _clock;

    /// <summary>The session the statement runs in (BEGIN and COMMIT change its transaction), or null.</summary>
    public ISqlSessionState? Session { get; } = session;

    /// <summary>The tree <paramref name="name"/>, or null when it does not exist (an empty collection never written).</summary>
    public Tree? Tree(string name)
    {
        if (!_trees.TryGetValue(name, out var tree))
        {
            tree = Transaction.OpenTree(name);
            _trees[name] = tree;
        }

        return tree;
    }

    public IFieldDictionary Fields(SqlCollection collection) => collection.Fields(Transaction, Context);

    /// <summary>True when <paramref name="tree"/>'s first key components hold no doubles or decimals, so a number is sought by its integer key alone.</summary>
    public bool IntegersOnly(Tree tree) => !Database.HasNonIntegerNumbers(tree, Transaction);
}
