using DocStore.Bson.Model;
using DocStore.Sql.Execution;

namespace DocStore;

/// <summary>
/// A sequence of SQL statements that share an explicit transaction: while <see cref="Transaction"/> is
/// set, every statement run through the session reads (and, for writes, changes) the database as that
/// transaction sees it; while it is null, each statement runs on its own snapshot of the last commit.
/// Get one from <see cref="DocStoreSql.OpenSession"/>. Use it from one caller at a time.
/// </summary>
public sealed class SqlSession : IDisposable, ISqlSessionState
{
    internal SqlSession(DocStoreSql sql)
    {
        Sql = sql;
    }

    /// <summary>The SQL surface the session belongs to.</summary>
    public DocStoreSql Sql { get; }

    /// <summary>
    /// The transaction statements run in, or null. Set it to a transaction of the same context to run SQL
    /// inside it (next to typed operations on the same transaction); the session neither commits nor
    /// disposes a transaction set here.
    /// </summary>
    public DocStoreTransaction? Transaction { get; set; }

    /// <summary>Runs <paramref name="sql"/> in the session and returns a reader over its results.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The reader.</returns>
    public SqlDataRows ExecuteReader(string sql, SqlParameters? parameters = null) => Sql.Prepare(sql).ExecuteReader(parameters, this);

    /// <summary>Runs <paramref name="sql"/> in the session and returns its rows as documents.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The rows.</returns>
    public IReadOnlyList<BsonDocument> Query(string sql, SqlParameters? parameters = null) => Sql.Prepare(sql).Query(parameters, this);

    /// <summary>Runs a <c>SELECT *</c> in the session and reads the documents as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The documents.</returns>
    public IReadOnlyList<T> Query<T>(string sql, SqlParameters? parameters = null) => Sql.Prepare(sql).Query<T>(parameters, this);

    /// <summary>Runs every statement of <paramref name="sql"/> in the session and returns the rows changed (-1 when none is a write).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The count.</returns>
    public int Execute(string sql, SqlParameters? parameters = null) => Sql.Prepare(sql).Execute(parameters, this);

    /// <summary>Runs <paramref name="sql"/> in the session and returns the first column of the first row.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <returns>The value.</returns>
    public BsonValue ExecuteScalar(string sql, SqlParameters? parameters = null) => Sql.Prepare(sql).ExecuteScalar(parameters, this);

    /// <summary>Ends the session. A transaction set by the caller is left as it is; one the session began itself (BEGIN) is rolled back unless committed.</summary>
    public void Dispose()
    {
        if (OwnsTransaction && Transaction is { IsCompleted: false } transaction)
        {
            transaction.Rollback();
        }

        Transaction = null;
        OwnsTransaction = false;
    }

    /// <summary>True when the session began <see cref="Transaction"/> itself (BEGIN) and so ends it.</summary>
    internal bool OwnsTransaction { get; set; }

    bool ISqlSessionState.CaseSensitiveLike { get; set; }

    bool ISqlSessionState.OwnsTransaction
    {
        get => OwnsTransaction;
        set => OwnsTransaction = value;
    }
}
