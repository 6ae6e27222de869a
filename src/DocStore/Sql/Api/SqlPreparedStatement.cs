using System.Collections.Immutable;
using DocStore.Bson.Model;
using DocStore.Collections;
using DocStore.Metadata;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;
using DocStore.Transactions;
using AstStatement = DocStore.Sql.Ast.SqlStatement;

namespace DocStore;

/// <summary>
/// A parsed SQL text (one statement or a script) whose plans are made on first execution and kept while
/// the catalog stays the same, so executing it again costs neither parsing nor planning. Get one from
/// <see cref="DocStoreSql.Prepare"/>. Thread-safe: any number of executions may run at once.
/// </summary>
public sealed class SqlPreparedStatement : IPreparedSql
{
    private readonly ImmutableArray<AstStatement> _statements;
    private readonly CompiledStatement?[] _compiled;

    // The generated serializer the point-query path of Query<T> last used, with its type: looking it up by
    // (type, collection name) on every call costs as much as a fifth of a point query.
    private PointSerializer? _pointSerializer;

    internal SqlPreparedStatement(DocStoreSql owner, string text, ImmutableArray<AstStatement> statements)
    {
        Owner = owner;
        Text = text;
        _statements = statements;
        _compiled = new CompiledStatement?[statements.Length];
    }

    /// <summary>The SQL text.</summary>
    public string Text { get; }

    /// <summary>How many statements the text holds (each gives one result).</summary>
    public int StatementCount => _statements.Length;

    internal DocStoreSql Owner { get; }

    /// <summary>Statement <paramref name="index"/> as parsed.</summary>
    internal AstStatement StatementAt(int index) => _statements[index];

    /// <summary>Runs the statements and returns a reader over their results.</summary>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="session">The session whose transaction the statements run in; null for a snapshot per statement.</param>
    /// <returns>The reader, before the first row of the first result.</returns>
    /// <exception cref="SqlExecutionException">A name is unknown, a parameter is missing, or a statement cannot run.</exception>
    public SqlDataRows ExecuteReader(SqlParameters? parameters = null, SqlSession? session = null) => new(this, parameters, session);

    /// <summary>Runs the statements and returns the last one's rows as documents (see <see cref="DocStoreSql.Query(string, SqlParameters?)"/>).</summary>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="session">The session, or null.</param>
    /// <returns>The rows.</returns>
    public IReadOnlyList<BsonDocument> Query(SqlParameters? parameters = null, SqlSession? session = null)
    {
        using var rows = ExecuteReader(parameters, session);
        var result = new List<BsonDocument>();
        do
        {
            result.Clear();
            while (rows.Read())
            {
                result.Add(rows.ToDocument());
            }
        }
        while (rows.NextResult());

        return result;
    }

    /// <summary>Runs a <c>SELECT *</c> over the collection of <typeparamref name="T"/> and reads each document with its generated serializer.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="session">The session, or null.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="SqlExecutionException">The query does not select whole documents of one collection of <typeparamref name="T"/>.</exception>
    public IReadOnlyList<T> Query<T>(SqlParameters? parameters = null, SqlSession? session = null)
    {
        if (session?.Transaction is null && _statements.Length == 1 && Volatile.Read(ref _compiled[0]) is { IsPointQuery: true, Plan: { } known, Write: null } compiled
            && PointSerializerFor<T>(known.Query.Sources[0].Collection.Name) is { } fast)
        {
            Owner.Context.ThrowIfDisposed();
            if (PointLookup.TryRun(Owner.State, compiled, compiled.BindParameters(Text, parameters), fast) is { } found)
            {
                return found;
            }
        }

        using var rows = ExecuteReader(parameters, session);
        var result = new List<T>();
        var plan = rows.CurrentPlan;
        if (plan?.Query.WholeDocumentSource is not { } source)
        {
            throw new SqlExecutionException(DocStoreErrorCode.SqlNotSupported, $"Query<{typeof(T).Name}> reads whole documents: write SELECT * (or alias.*) over one collection; use Query or ExecuteReader for other columns.", -1, 0, 0);
        }

        var collection = plan.Query.Sources[source].Collection.Name;
        var serializer = Owner.State.Serializer<T>(collection)
            ?? throw new SqlExecutionException(DocStoreErrorCode.SqlNotSupported, $"No collection of {typeof(T).Name} named '{collection}' is open in this context, so its documents cannot be read as {typeof(T).Name}.", -1, 0, 0);
        while (rows.Read())
        {
            var value = rows.GetRaw(0);
            if (!value.IsNull)
            {
                result.Add(serializer.Read(value.Bytes.Span, (Bson.IFieldDictionary)value.Boxed!));
            }
        }

        return result;
    }

    /// <summary>Runs every statement and returns the rows they changed (-1 when none is a write).</summary>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="session">The session, or null.</param>
    /// <returns>The count.</returns>
    public int Execute(SqlParameters? parameters = null, SqlSession? session = null)
    {
        using var rows = ExecuteReader(parameters, session);
        while (rows.NextResult())
        {
        }

        return rows.RecordsAffected;
    }

    /// <summary>Runs the statements and returns the first column of the first row of the first result, or <see cref="BsonNull"/>.</summary>
    /// <param name="parameters">The parameter values, or null.</param>
    /// <param name="session">The session, or null.</param>
    /// <returns>The value.</returns>
    public BsonValue ExecuteScalar(SqlParameters? parameters = null, SqlSession? session = null)
    {
        using var rows = ExecuteReader(parameters, session);
        return rows.FieldCount > 0 && rows.Read() ? rows.GetValue(0) : BsonNull.Value;
    }

    /// <summary>Statement <paramref name="index"/>, bound and planned for <paramref name="catalog"/> (reused while the catalog is the same).</summary>
    internal CompiledStatement Compiled(int index, SqlCatalog catalog, Transaction transaction)
    {
        var compiled = Volatile.Read(ref _compiled[index]);
        if (compiled is not null && ReferenceEquals(compiled.Catalog, catalog) && compiled.FieldsCurrent(transaction, Owner.Context))
        {
            return compiled;
        }

        compiled = StatementDispatcher.Compile(Text, _statements[index], catalog, transaction, Owner.Context);
        if (catalog.Generation >= 0)
        {
            Volatile.Write(ref _compiled[index], compiled);
        }

        return compiled;
    }

    private IDocumentSerializer<T>? PointSerializerFor<T>(string collection)
    {
        if (Volatile.Read(ref _pointSerializer) is { } known && known.Type == typeof(T) && known.Collection == collection)
        {
            return (IDocumentSerializer<T>)known.Serializer;
        }

        var found = Owner.State.Serializer<T>(collection);
        if (found is not null)
        {
            Volatile.Write(ref _pointSerializer, new PointSerializer(typeof(T), collection, found));
        }

        return found;
    }

    private sealed record PointSerializer(Type Type, string Collection, object Serializer);

    ISqlDatabase IPreparedSql.Owner => Owner.State;

    AstStatement IPreparedSql.StatementAt(int index) => StatementAt(index);

    CompiledStatement IPreparedSql.Compiled(int index, SqlCatalog catalog, Transaction transaction) => Compiled(index, catalog, transaction);
}
