using DocStore.Bson.Model;
using DocStore.Sql.Execution;
using DocStore.Sql.Syntax;

namespace DocStore;

/// <summary>
/// SQL over one context's database (docs/sql.md), reached as <c>db.Sql</c>. Each call runs its statements
/// on a snapshot of the last commit; a <see cref="SqlSession"/> runs them in an explicit transaction
/// instead. Texts are parsed once and cached (past 512 texts the least recently used is evicted); their
/// plans are cached too and rebuilt when a collection or index is created or dropped. Thread-safe.
/// </summary>
public sealed class DocStoreSql
{
    internal DocStoreSql(DocStoreContext context)
    {
        Context = context;
        State = new SqlEngineState(context);
    }

    /// <summary>The context the SQL runs against.</summary>
    public DocStoreContext Context { get; }

    /// <summary>The caches the statements of this surface share: prepared texts, the catalog, number kinds, serializers.</summary>
    internal SqlEngineState State { get; }

    /// <summary>Parses <paramref name="sql"/> (one statement or several separated by ';') for repeated execution.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The prepared statement; its plans are made on first execution and reused.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    public SqlPreparedStatement Prepare(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        if (State.Statements.TryGet(sql, out var cached))
        {
            return (SqlPreparedStatement)cached;
        }

        var prepared = new SqlPreparedStatement(this, sql, SqlParser.ParseScript(sql));
        return (SqlPreparedStatement)State.Statements.GetOrAdd(sql, prepared);
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
}
