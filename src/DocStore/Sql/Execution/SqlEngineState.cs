using System.Collections.Concurrent;
using DocStore.Metadata;
using DocStore.Sql.Binding;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>
/// What the SQL surface of one context remembers between statements: prepared texts, the catalog, which
/// trees hold integers only, and the generated serializers found for collections. <see cref="DocStoreSql"/>
/// owns one and delegates to it. Thread-safe.
/// </summary>
internal sealed class SqlEngineState(DocStoreContext context) : ISqlDatabase
{
    /// <summary>How many prepared texts are kept: programs that build SQL text with values in it must not grow the cache without bound.</summary>
    public const int StatementCapacity = 512;

    private readonly ConcurrentDictionary<string, (long Snapshot, bool Mixed)> _numberKinds = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<(Type, string), object> _serializers = new();
    private SqlCatalog? _catalog;

    /// <inheritdoc/>
    public DocStoreContext Context { get; } = context;

    /// <summary>Prepared texts, the least recently used evicted first.</summary>
    public StatementCache<IPreparedSql> Statements { get; } = new(StatementCapacity);

    /// <summary>The generated serializer of <typeparamref name="T"/> for the collection open as <paramref name="collection"/>, or null; remembered once found (an open collection keeps its model).</summary>
    public IDocumentSerializer<T>? Serializer<T>(string collection)
    {
        if (_serializers.TryGetValue((typeof(T), collection), out var known))
        {
            return (IDocumentSerializer<T>)known;
        }

        var found = Context.ModelOwners().Where(o => o.CollectionName == collection).Select(o => o.Model).OfType<IDocumentSerializer<T>>().FirstOrDefault();
        if (found is not null)
        {
            _serializers[(typeof(T), collection)] = found;
        }

        return found;
    }

    /// <summary>
    /// Whether <paramref name="tree"/> has double or decimal first components, remembered per snapshot: a
    /// typical tree holds integers only, and then a numeric seek needs one lookup, not three.
    /// </summary>
    public bool HasNonIntegerNumbers(BTree.Tree tree, Transaction transaction)
    {
        if (transaction is WriteTransaction)
        {
            return KeyIntervals.HasNonIntegerNumbers(tree);
        }

        if (_numberKinds.TryGetValue(tree.Name, out var known) && known.Snapshot == transaction.SnapshotLsn)
        {
            return known.Mixed;
        }

        var mixed = KeyIntervals.HasNonIntegerNumbers(tree);
        _numberKinds[tree.Name] = (transaction.SnapshotLsn, mixed);
        return mixed;
    }

    /// <summary>What <see cref="HasNonIntegerNumbers"/> learned about <paramref name="tree"/> at snapshot <paramref name="snapshot"/>, if anything.</summary>
    public bool KnownIntegersOnly(string tree, long snapshot, out bool integersOnly)
    {
        var known = _numberKinds.TryGetValue(tree, out var entry) && entry.Snapshot == snapshot;
        integersOnly = known && !entry.Mixed;
        return known;
    }

    /// <summary>
    /// The catalog as <paramref name="transaction"/> sees it: the cached one while no commit has created or
    /// dropped a tree since it was loaded, else loaded again (and cached when it can serve later snapshots).
    /// </summary>
    public SqlCatalog Catalog(Transaction transaction)
    {
        var generation = Context.Engine.RootCache.GenerationStart;
        if (transaction is WriteTransaction { CatalogChanged: true })
        {
            return SqlCatalog.Load(transaction, -1);
        }

        var cached = Volatile.Read(ref _catalog);
        if (cached is not null && cached.Generation == generation && transaction.SnapshotLsn >= generation)
        {
            return cached;
        }

        var loaded = SqlCatalog.Load(transaction, generation);
        if (generation != long.MaxValue && transaction.SnapshotLsn >= generation)
        {
            Volatile.Write(ref _catalog, loaded);
        }

        return loaded;
    }
}
