using System.Collections.Concurrent;
using DocStore.Bson.Model;
using DocStore.Sql.Binding;
using DocStore.Sql.Execution;
using DocStore.Sql.Syntax;
using DocStore.Transactions;

namespace DocStore;

/// <summary>
/// SQL over one context's database (docs/sql.md), reached as <c>db.Sql</c>. Each call runs its statements
/// on a snapshot of the last commit; a <see cref="SqlSession"/> runs them in an explicit transaction
/// instead. Texts are parsed once and cached; their plans are cached too and rebuilt when a collection
/// or index is created or dropped. Thread-safe.
/// </summary>
public sealed partial class DocStoreSql : ISqlDatabase
{
    // Past this many cached texts the cache starts over: programs that build SQL text with values in it
    // should not grow it without bound.
    private const int MaxCachedStatements = 512;

    private readonly ConcurrentDictionary<string, SqlPreparedStatement> _statements = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, (long Snapshot, bool Mixed)> _numberKinds = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<(Type, string), object> _serializers = new();
    private SqlCatalog? _catalog;

    internal DocStoreSql(DocStoreContext context)
    {
        Context = context;
    }

    /// <summary>The context the SQL runs against.</summary>
    public DocStoreContext Context { get; }

    /// <summary>Parses <paramref name="sql"/> (one statement or several separated by ';') for repeated execution.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The prepared statement; its plans are made on first execution and reused.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    public SqlPreparedStatement Prepare(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        if (_statements.TryGetValue(sql, out var cached))
        {
            return cached;
        }

        var prepared = new SqlPreparedStatement(this, sql, SqlParser.ParseScript(sql));
        if (_statements.Count >= MaxCachedStatements)
        {
            _statements.Clear();
        }

        return _statements.GetOrAdd(sql, prepared);
    }

    /// <summary>Opens a session: statements run in its <see cref="SqlSession.Transaction"/> when it has one.</summary>
    /// <returns>The session.</returns>
    public SqlSession OpenSession() => new(this);

    /// <summary>Runs <paramref name="sql"/> and returns a forward-only reader over its results (one per statement).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The reader, positioned before the first row of the first result; dispose it.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    /// <exception cref="SqlExecutionException">A name is unknown, a parameter is missing, or a statement cannot run.</exception>
    public SqlDataRows ExecuteReader(string sql, SqlParameters? parameters = null) => Prepare(sql).ExecuteReader(parameters);

    /// <summary>Runs a query and returns its rows as documents: column name to value (a <c>SELECT *</c> over one collection returns its documents as stored).</summary>
    /// <param name="sql">The SQL text (its last statement's rows are returned).</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The rows.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    /// <exception cref="SqlExecutionException">A name is unknown, a parameter is missing, or a statement cannot run.</exception>
    public IReadOnlyList<BsonDocument> Query(string sql, SqlParameters? parameters = null) => Prepare(sql).Query(parameters);

    /// <summary>
    /// Runs <c>SELECT *</c> (or <c>alias.*</c>) over the collection of <typeparamref name="T"/> and reads each
    /// document with the generated serializer of the collection open in this context.
    /// </summary>
    /// <typeparam name="T">A <c>[Collection]</c> type (or <see cref="BsonDocument"/> for an untyped collection).</typeparam>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="SqlExecutionException">The query does not select whole documents of one collection of <typeparamref name="T"/>.</exception>
    public IReadOnlyList<T> Query<T>(string sql, SqlParameters? parameters = null) => Prepare(sql).Query<T>(parameters);

    /// <summary>Runs every statement of <paramref name="sql"/> and returns the rows they changed (-1 when none is a write).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The count.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    /// <exception cref="SqlExecutionException">A statement cannot run.</exception>
    public int Execute(string sql, SqlParameters? parameters = null) => Prepare(sql).Execute(parameters);

    /// <summary>Runs <paramref name="sql"/> and returns the first column of its first row, or <see cref="BsonNull"/> when there is none.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The value.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    /// <exception cref="SqlExecutionException">A statement cannot run.</exception>
    public BsonValue ExecuteScalar(string sql, SqlParameters? parameters = null) => Prepare(sql).ExecuteScalar(parameters);

    /// <summary>The asynchronous twin of <see cref="ExecuteReader"/>. Page reads are synchronous, so this completes synchronously.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The reader.</returns>
    public ValueTask<SqlDataRows> ExecuteReaderAsync(string sql, SqlParameters? parameters = null, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<SqlDataRows>(cancellationToken) : ValueTask.FromResult(ExecuteReader(sql, parameters));

    /// <summary>The asynchronous twin of <see cref="Query(string, SqlParameters?)"/> (completes synchronously).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The rows.</returns>
    public ValueTask<IReadOnlyList<BsonDocument>> QueryAsync(string sql, SqlParameters? parameters = null, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<IReadOnlyList<BsonDocument>>(cancellationToken) : ValueTask.FromResult(Query(sql, parameters));

    /// <summary>The asynchronous twin of <see cref="Query{T}(string, SqlParameters?)"/> (completes synchronously).</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The documents.</returns>
    public ValueTask<IReadOnlyList<T>> QueryAsync<T>(string sql, SqlParameters? parameters = null, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<IReadOnlyList<T>>(cancellationToken) : ValueTask.FromResult(Query<T>(sql, parameters));

    /// <summary>The asynchronous twin of <see cref="Execute"/> (completes synchronously).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The count.</returns>
    public ValueTask<int> ExecuteAsync(string sql, SqlParameters? parameters = null, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<int>(cancellationToken) : ValueTask.FromResult(Execute(sql, parameters));

    /// <summary>The asynchronous twin of <see cref="ExecuteScalar"/> (completes synchronously).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The value.</returns>
    public ValueTask<BsonValue> ExecuteScalarAsync(string sql, SqlParameters? parameters = null, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonValue>(cancellationToken) : ValueTask.FromResult(ExecuteScalar(sql, parameters));

    /// <summary>The generated serializer of <typeparamref name="T"/> for the collection open as <paramref name="collection"/>, or null; remembered once found (an open collection keeps its model).</summary>
    internal Metadata.IDocumentSerializer<T>? Serializer<T>(string collection)
    {
        if (_serializers.TryGetValue((typeof(T), collection), out var known))
        {
            return (Metadata.IDocumentSerializer<T>)known;
        }

        var found = Context.ModelOwners().Where(o => o.CollectionName == collection).Select(o => o.Model).OfType<Metadata.IDocumentSerializer<T>>().FirstOrDefault();
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
    internal bool HasNonIntegerNumbers(BTree.Tree tree, Transaction transaction)
    {
        if (transaction is WriteTransaction)
        {
            return Sql.Execution.KeyIntervals.HasNonIntegerNumbers(tree);
        }

        if (_numberKinds.TryGetValue(tree.Name, out var known) && known.Snapshot == transaction.SnapshotLsn)
        {
            return known.Mixed;
        }

        var mixed = Sql.Execution.KeyIntervals.HasNonIntegerNumbers(tree);
        _numberKinds[tree.Name] = (transaction.SnapshotLsn, mixed);
        return mixed;
    }

    /// <summary>What <see cref="HasNonIntegerNumbers"/> learned about <paramref name="tree"/> at snapshot <paramref name="snapshot"/>, if anything.</summary>
    internal bool KnownIntegersOnly(string tree, long snapshot, out bool integersOnly)
    {
        var known = _numberKinds.TryGetValue(tree, out var entry) && entry.Snapshot == snapshot;
        integersOnly = known && !entry.Mixed;
        return known;
    }

    /// <summary>
    /// The catalog as <paramref name="transaction"/> sees it: the cached one while no commit has created or
    /// dropped a tree since it was loaded, else loaded again (and cached when it can serve later snapshots).
    /// </summary>
    internal SqlCatalog Catalog(Transaction transaction)
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

    SqlCatalog ISqlDatabase.Catalog(Transaction transaction) => Catalog(transaction);

    bool ISqlDatabase.HasNonIntegerNumbers(BTree.Tree tree, Transaction transaction) => HasNonIntegerNumbers(tree, transaction);

    bool ISqlDatabase.KnownIntegersOnly(string tree, long snapshot, out bool integersOnly) => KnownIntegersOnly(tree, snapshot, out integersOnly);
}
