using System.Diagnostics.CodeAnalysis;
using DocStore.Collections;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Queries;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The reads of a collection on PostgreSQL: point reads, counts and unique finds as single statements; walks
/// in <see cref="PostgresWalk{T, TKey}"/>. Each runs a command kept on its connection object (parameters set
/// again, prepared once per physical connection) and decodes the document from Npgsql's row buffer. The
/// asynchronous twins await Npgsql's asynchronous calls from the connection's open to the last row and pass
/// the token on, so cancelling one cancels the statement on the server.
/// </summary>
internal sealed class PostgresReads<T, TKey>(PostgresCollection<T, TKey> collection) : ICollectionReads<T, TKey>
    where TKey : notnull
{
    private readonly PostgresWalk<T, TKey> _walk = new(collection);
    private readonly ReadStatements _sql = new(collection.Table.Table, collection.Table.IndexTables, collection.Table.KeyColumns);

    /// <summary>What a statement returns: the first row's document, whether there is a row, or the count.</summary>
    private enum Result
    {
        Document,
        Exists,
        Count,
        Json,
    }

    public int CheckIndex(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, collection.Model.Indexes.Count);
        return index;
    }

    public T? Get(TKey key) => ByKey(null, key, Result.Document).Document;

    public T? Get(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return ByKey(transaction, key, Result.Document).Document;
    }

    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document)
    {
        var row = ByKey(null, key, Result.Document);
        document = row.Document!;
        return row.Found;
    }

    public bool Exists(TKey key) => ByKey(null, key, Result.Exists).Found;

    public bool Exists(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return ByKey(transaction, key, Result.Exists).Found;
    }

    public byte[]? GetDocumentBytes(TKey key)
    {
        var json = Run(null, _sql.Get, KeyBound(key), Result.Json).Json;
        return json is null ? null : collection.Table.Documents.ToCBson(json);
    }

    public long Count() => Run(null, _sql.Count, default, Result.Count).Count;

    public long Count(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Run(transaction, _sql.Count, default, Result.Count).Count;
    }

    public T? FindUnique(DocStoreTransaction? transaction, int index, ReadOnlySpan<byte> key)
    {
        CheckIndex(index);
        return Run(transaction, _sql.FindUnique(index), new Bound(key.ToArray()), Result.Document).Document;
    }

    public async ValueTask<T?> FindUniqueAsync(DocStoreTransaction? transaction, int index, byte[] key, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckIndex(index);
        return (await RunAsync(transaction, _sql.FindUnique(index), new Bound(key), Result.Document, cancellationToken).ConfigureAwait(false)).Document;
    }

    public long CountEqual(DocStoreTransaction? transaction, int index, byte[] key)
    {
        var (sql, bound) = CountStatement(index, key);
        return Run(transaction, sql, bound, Result.Count).Count;
    }

    public async ValueTask<long> CountEqualAsync(DocStoreTransaction? transaction, int index, byte[] key, CancellationToken cancellationToken)
    {
        var (sql, bound) = CountStatement(index, key);
        return (await RunAsync(transaction, sql, bound, Result.Count, cancellationToken).ConfigureAwait(false)).Count;
    }

    public async ValueTask<T?> GetAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        (await RunAsync(transaction, _sql.Get, KeyBound(key), Result.Document, cancellationToken).ConfigureAwait(false)).Document;

    public async ValueTask<bool> ExistsAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        (await RunAsync(transaction, _sql.Get, KeyBound(key), Result.Exists, cancellationToken).ConfigureAwait(false)).Found;

    public async ValueTask<long> CountAsync(DocStoreTransaction? transaction, CancellationToken cancellationToken) =>
        (await RunAsync(transaction, _sql.Count, default, Result.Count, cancellationToken).ConfigureAwait(false)).Count;

    public DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options) =>
        _walk.Query(transaction, index, low, high, options);

    public DocumentQuery<T> ScanFrom(DocStoreTransaction? transaction, TKey from, QueryOptions? options)
    {
        var key = DocumentEntries.PrimaryKey(collection.Table, from);
        return options?.Descending == true ? Query(transaction, -1, [], key, options) : Query(transaction, -1, key, null, options);
    }

    private (string Sql, Bound Bound) CountStatement(int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckIndex(index);
        var high = EntryBounds.Successor(key);
        return high is null ? (_sql.CountEqual(index, bounded: false), new Bound(key)) : (_sql.CountEqual(index, bounded: true), new Bound(key, high));
    }

    private Row ByKey(DocStoreTransaction? transaction, TKey key, Result result) =>
        Run(transaction, _sql.Get, KeyBound(key), result);

    /// <summary>The parameter of a read by key: the key itself for the key types the column holds as such, else its column value (which may need the encoded key, checked against the key limit).</summary>
    private Bound KeyBound(TKey key)
    {
        var column = collection.Table.Key;
        if (key is null || column.NeedsEncoding)
        {
            return new Bound(key, column.Value(key!, DocumentEntries.PrimaryKey(collection.Table, key!)));
        }

        return new Bound(key, null);
    }

    private ValueTask<Row> RunAsync(DocStoreTransaction? transaction, string sql, Bound bound, Result result, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested
            ? ValueTask.FromCanceled<Row>(cancellationToken)
            : RunAsync(transaction, sql, bound, result, async: true, cancellationToken);

    private Row Run(DocStoreTransaction? transaction, string sql, Bound bound, Result result) =>
        Synchronously.Result(RunAsync(transaction, sql, bound, result, async: false, default));

    /// <summary>
    /// Runs <paramref name="sql"/> with <paramref name="bound"/> on the command kept for it, in
    /// <paramref name="transaction"/> or a read of its own, with PostgreSQL's errors as DocStore's, and reads
    /// its one row as <paramref name="result"/> asks. With <paramref name="async"/> false every await completes
    /// synchronously (Npgsql's synchronous calls).
    /// </summary>
    private async ValueTask<Row> RunAsync(DocStoreTransaction? transaction, string sql, Bound bound, Result result, bool async, CancellationToken cancellationToken)
    {
        try
        {
            var scope = await collection.BeginAsync(transaction, write: false, async, cancellationToken).ConfigureAwait(false);
            await using (scope.ConfigureAwait(false))
            {
                var command = scope.Kept(sql, out _);
                bound.Apply(command.Parameters, collection.Table.Key.Direct);

                // Prepared once per physical connection; later calls send no Parse.
                if (async)
                {
                    await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    command.Prepare();
                }

                var reader = async ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteReader();
                try
                {
                    var read = async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read();

                    // A non-sequential reader holds the whole row once Read returns: the columns below need no I/O.
                    return !read || reader.IsDBNull(0) ? default : result switch
                    {
                        Result.Count => new Row(true, reader.GetInt64(0), default, null),
                        Result.Exists => new Row(true, 0, default, null),
                        Result.Json => new Row(true, 0, default, JsonbColumn.ReadArray(reader, 0)),
                        _ => new Row(true, 0, collection.Table.Documents.Read(JsonbColumn.Read(reader, 0)), null),
                    };
                }
                finally
                {
                    // A synchronous call closes the reader synchronously, so it never waits on a task.
                    if (async)
                    {
                        await reader.DisposeAsync().ConfigureAwait(false);
                    }
                    else
                    {
                        reader.Dispose();
                    }
                }
            }
        }
        catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>What a read found: whether there was a row, the count, the document or its stored text.</summary>
    private readonly record struct Row(bool Found, long Count, T? Document, byte[]? Json);

    /// <summary>A statement's parameters: a key (typed, or its column value), or one or two byte strings.</summary>
    private readonly struct Bound
    {
        private readonly TKey? _key;
        private readonly object? _keyValue;
        private readonly byte[]? _first;
        private readonly byte[]? _second;
        private readonly int _kind;

        public Bound(TKey? key, object? keyValue) => (_key, _keyValue, _kind) = (key, keyValue, 1);

        public Bound(byte[] first, byte[]? second = null) => (_first, _second, _kind) = (first, second, second is null ? 2 : 3);

        public void Apply(NpgsqlParameterCollection command, bool directKey)
        {
            switch (_kind)
            {
                case 1:
                    CommandParameters.SetKey(command, 0, _key!, directKey && _keyValue is null, _keyValue!);
                    break;
                case 2:
                    CommandParameters.SetBytes(command, 0, _first);
                    break;
                case 3:
                    CommandParameters.SetBytes(command, 0, _first);
                    CommandParameters.SetBytes(command, 1, _second);
                    break;
            }
        }
    }
}
