using DocStore.Bson.Model;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;
using DocStore.Sql.Planning;
using DocStore.Transactions;

namespace DocStore;

/// <summary>
/// A forward-only reader over the results of a SQL text: one result per statement, each a list of rows
/// with named columns. <see cref="Read"/> moves to the next row; <see cref="NextResult"/> to the next
/// statement's result. A statement runs on a snapshot taken when it starts (or in the session's
/// transaction) that stays open until the reader moves past it or is disposed. Not thread-safe.
/// </summary>
/// <remarks>
/// Values are <see cref="BsonValue"/>s: NULL and missing fields are <see cref="BsonNull"/>; integers stored
/// as int32 stay <see cref="BsonInt32"/>; computed integers are <see cref="BsonInt64"/>; <c>*</c> columns
/// hold whole documents. A value is converted only when asked for.
/// </remarks>
public sealed class SqlDataRows : IDisposable
{
    private readonly SqlPreparedStatement _statement;
    private readonly SqlParameters? _parameters;
    private readonly SqlSession _session;
    private readonly bool _ownsSession;
    private int _index = -1;
    private SqlResult? _result;
    private IEnumerator<SqlValue[]>? _rows;
    private SqlValue[]? _current;
    private Transaction? _owned;
    private int _recordsAffected = -1;
    private bool _disposed;

    internal SqlDataRows(SqlPreparedStatement statement, SqlParameters? parameters, SqlSession? session)
    {
        _statement = statement;
        _parameters = parameters;
        // Without a session a script still gets one, so its BEGIN ... COMMIT works within this call.
        _session = session ?? new SqlSession(statement.Owner);
        _ownsSession = session is null;
        try
        {
            Advance();
        }
        catch
        {
            Dispose();
            throw;
        }
    }

    /// <summary>The number of columns of the current result (0 when the text holds no statement).</summary>
    public int FieldCount => _result?.Names.Length ?? 0;

    /// <summary>The rows changed by the statements read so far; -1 while none of them is a write.</summary>
    public int RecordsAffected => _recordsAffected;

    /// <summary>True once disposed.</summary>
    public bool IsClosed => _disposed;

    /// <summary>The value of column <paramref name="ordinal"/> of the current row.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public BsonValue this[int ordinal] => GetValue(ordinal);

    /// <summary>The value of the column named <paramref name="name"/> of the current row.</summary>
    /// <param name="name">The column name.</param>
    /// <returns>The value.</returns>
    public BsonValue this[string name] => GetValue(GetOrdinal(name));

    /// <summary>
    /// True when the current result is <c>SELECT *</c> (or <c>alias.*</c>) over one source: its single column holds
    /// the stored document, which <see cref="ToDocument"/> returns, so a reader can show the document's own fields.
    /// </summary>
    public bool IsWholeDocument => CurrentPlan?.Query.WholeDocumentSource is not null && FieldCount == 1;

    /// <summary>The plan of the current result, when it is a query.</summary>
    internal SelectPlan? CurrentPlan { get; private set; }

    /// <summary>The name of column <paramref name="ordinal"/>: its alias, else its text as written (a source's name for <c>*</c>).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The name.</returns>
    public string GetName(int ordinal)
    {
        var names = _result?.Names ?? [];
        ArgumentOutOfRangeException.ThrowIfNegative(ordinal);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(ordinal, names.Length);
        return names[ordinal];
    }

    /// <summary>The position of the column named <paramref name="name"/> (exact, then ignoring case).</summary>
    /// <param name="name">The name.</param>
    /// <returns>The 0-based column.</returns>
    /// <exception cref="ArgumentException">No column has that name.</exception>
    public int GetOrdinal(string name)
    {
        var names = _result?.Names ?? [];
        var index = Array.IndexOf(names, name);
        if (index < 0)
        {
            index = Array.FindIndex(names, n => string.Equals(n, name, StringComparison.OrdinalIgnoreCase));
        }

        return index >= 0 ? index : throw new ArgumentException($"The result has no column '{name}'.", nameof(name));
    }

    /// <summary>The value of column <paramref name="ordinal"/> of the current row (<see cref="BsonNull"/> for NULL or missing).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidOperationException">There is no current row.</exception>
    public BsonValue GetValue(int ordinal) => BsonValues.ToBson(GetRaw(ordinal));

    /// <summary>True when column <paramref name="ordinal"/> of the current row is NULL or missing.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>True for NULL.</returns>
    public bool IsNull(int ordinal) => GetRaw(ordinal).IsNull;

    /// <summary>Moves to the next row of the current result.</summary>
    /// <returns>False when the result has no more rows.</returns>
    /// <exception cref="SqlExecutionException">Evaluating the row failed (a type error, say).</exception>
    public bool Read()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_rows is null)
        {
            return false;
        }

        try
        {
            if (_rows.MoveNext())
            {
                _current = _rows.Current;
                return true;
            }
        }
        catch
        {
            EndResult();
            throw;
        }

        EndResult();
        return false;
    }

    /// <summary>Moves to the next statement's result, running it.</summary>
    /// <returns>False when there are no more statements.</returns>
    public bool NextResult()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        EndResult();
        return Advance();
    }

    /// <summary>The current row as a document of column name to value; a <c>SELECT *</c> over one collection gives the stored document itself.</summary>
    /// <returns>The document.</returns>
    /// <exception cref="SqlExecutionException">A column's name (its text, when it has no alias) holds a NUL character, which no field name can.</exception>
    public BsonDocument ToDocument()
    {
        if (IsWholeDocument)
        {
            return GetValue(0) as BsonDocument ?? [];
        }

        var document = new BsonDocument(FieldCount);
        for (var i = 0; i < FieldCount; i++)
        {
            var name = GetName(i);
            if (name.Contains('\0', StringComparison.Ordinal))
            {
                // A column is named after its text unless aliased, and a field name cannot hold NUL.
                throw new SqlExecutionException(DocStoreErrorCode.SqlNotSupported, $"Column {i + 1} is named '{name.Replace("\0", "\\0", StringComparison.Ordinal)}', which has a NUL character that a document field name cannot hold; name it with AS.", -1, 0, 0);
            }

            document.Add(name, GetValue(i));
        }

        return document;
    }

    /// <summary>Ends the current result and releases its snapshot.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        EndResult();
        _disposed = true;
        if (_ownsSession)
        {
            // A script's BEGIN without COMMIT rolls back here.
            _session.Dispose();
        }
    }

    internal SqlValue GetRaw(int ordinal)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        var current = _current ?? throw new InvalidOperationException("There is no current row: call Read first, and only while it returns true.");
        ArgumentOutOfRangeException.ThrowIfNegative(ordinal);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(ordinal, FieldCount);
        return current[ordinal];
    }

    private bool Advance()
    {
        if (++_index >= _statement.StatementCount)
        {
            _result = null;
            CurrentPlan = null;
            return false;
        }

        _result = StatementDispatcher.Run(_statement, _index, _parameters, _session);
        _owned = _result.Snapshot;
        CurrentPlan = _result.Plan;
        if (_result.RecordsAffected >= 0)
        {
            _recordsAffected = Math.Max(_recordsAffected, 0) + _result.RecordsAffected;
        }

        _rows = _result.Rows.GetEnumerator();
        return true;
    }

    private void EndResult()
    {
        _current = null;
        _rows?.Dispose();
        _rows = null;
        _owned?.Dispose();
        _owned = null;
    }
}
