using System.Diagnostics.CodeAnalysis;
using DocStore.Collections;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Queries;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>The reads of a collection on PostgreSQL: point reads, counts and unique finds as single statements; walks in <see cref="PostgresWalk{T, TKey}"/>.</summary>
internal sealed class PostgresReads<T, TKey>(PostgresCollection<T, TKey> collection) : ICollectionReads<T, TKey>
    where TKey : notnull
{
    private readonly PostgresWalk<T, TKey> _walk = new(collection);
    private readonly ReadStatements _sql = new(collection.Table.Table, collection.Table.IndexTables, collection.Table.KeyColumns);

    public int CheckIndex(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, collection.Model.Indexes.Count);
        return index;
    }

    public T? Get(TKey key) => ReadDocument(null, key);

    public T? Get(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return ReadDocument(transaction, key);
    }

    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document)
    {
        var json = ReadJson(null, key);
        document = json is null ? default! : collection.Table.Documents.Read(json);
        return json is not null;
    }

    public bool Exists(TKey key) => ReadJson(null, key) is not null;

    public bool Exists(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return ReadJson(transaction, key) is not null;
    }

    public byte[]? GetDocumentBytes(TKey key) => ReadJson(null, key) is { } json ? collection.Table.Documents.ToCBson(json) : null;

    public long Count() => Scalar<long>(null, _sql.Count);

    public long Count(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Scalar<long>(transaction, _sql.Count);
    }

    public T? FindUnique(DocStoreTransaction? transaction, int index, ReadOnlySpan<byte> key)
    {
        CheckIndex(index);
        var json = Document(transaction, _sql.FindUnique(index), WriteBatch.Bytes(key.ToArray()));
        return json is null ? default : collection.Table.Documents.Read(json);
    }

    public long CountEqual(DocStoreTransaction? transaction, int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckIndex(index);

        var high = EntryBounds.Successor(key);
        return high is null
            ? Scalar<long>(transaction, _sql.CountEqual(index, bounded: false), WriteBatch.Bytes(key))
            : Scalar<long>(transaction, _sql.CountEqual(index, bounded: true), WriteBatch.Bytes(key), WriteBatch.Bytes(high));
    }

    public async ValueTask<T?> GetAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        await ReadJsonAsync(transaction, key, cancellationToken).ConfigureAwait(false) is { } json ? collection.Table.Documents.Read(json) : default;

    public async ValueTask<bool> ExistsAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        await ReadJsonAsync(transaction, key, cancellationToken).ConfigureAwait(false) is not null;

    public ValueTask<long> CountAsync(DocStoreTransaction? transaction, CancellationToken cancellationToken) =>
        RunAsync(transaction, _sql.Count, [], static async (command, token) => await command.ExecuteScalarAsync(token).ConfigureAwait(false) is long count ? count : 0L, cancellationToken);

    public DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options) =>
        _walk.Query(transaction, index, low, high, options);

    public DocumentQuery<T> ScanFrom(DocStoreTransaction? transaction, TKey from, QueryOptions? options)
    {
        var key = DocumentEntries.PrimaryKey(collection.Table, from);
        return options?.Descending == true ? Query(transaction, -1, [], key, options) : Query(transaction, -1, key, null, options);
    }

    private T? ReadDocument(DocStoreTransaction? transaction, TKey key) =>
        ReadJson(transaction, key) is { } json ? collection.Table.Documents.Read(json) : default;

    private byte[]? ReadJson(DocStoreTransaction? transaction, TKey key)
    {
        var encoded = DocumentEntries.PrimaryKey(collection.Table, key);
        return Document(transaction, _sql.Get, WriteBatch.Value(collection.Table.Key.Value(key, encoded)));
    }

    private ValueTask<byte[]?> ReadJsonAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken)
    {
        var encoded = DocumentEntries.PrimaryKey(collection.Table, key);
        return RunAsync(transaction, _sql.Get, [WriteBatch.Value(collection.Table.Key.Value(key, encoded))], static async (command, token) =>
        {
            var reader = await command.ExecuteReaderAsync(token).ConfigureAwait(false);
            await using (reader.ConfigureAwait(false))
            {
                return await reader.ReadAsync(token).ConfigureAwait(false) && !await reader.IsDBNullAsync(0, token).ConfigureAwait(false)
                    ? await reader.GetFieldValueAsync<byte[]>(0, token).ConfigureAwait(false)
                    : null;
            }
        }, cancellationToken);
    }

    /// <summary>As <see cref="Run"/>, with Npgsql's asynchronous I/O from the connection's open to the last row.</summary>
    private async ValueTask<TResult> RunAsync<TResult>(DocStoreTransaction? transaction, string sql, NpgsqlParameter[] parameters, Func<NpgsqlCommand, CancellationToken, Task<TResult>> execute, CancellationToken cancellationToken)
    {
        try
        {
            var scope = await collection.BeginAsync(transaction, write: false, async: true, cancellationToken).ConfigureAwait(false);
            await using (scope.ConfigureAwait(false))
            {
                var command = scope.Command(sql);
                await using (command.ConfigureAwait(false))
                {
                    foreach (var parameter in parameters)
                    {
                        command.Parameters.Add(parameter);
                    }

                    await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
                    return await execute(command, cancellationToken).ConfigureAwait(false);
                }
            }
        }
        catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>The UTF-8 text of the one document <paramref name="sql"/> selects, or null when there is none.</summary>
    private byte[]? Document(DocStoreTransaction? transaction, string sql, params ReadOnlySpan<NpgsqlParameter> parameters) =>
        Run(transaction, sql, parameters, static command =>
        {
            using var reader = command.ExecuteReader();
            return reader.Read() && !reader.IsDBNull(0) ? reader.GetFieldValue<byte[]>(0) : null;
        });

    private TResult Scalar<TResult>(DocStoreTransaction? transaction, string sql, params ReadOnlySpan<NpgsqlParameter> parameters) =>
        Run(transaction, sql, parameters, static command => command.ExecuteScalar() is { } result and not DBNull ? (TResult)result : default!);

    /// <summary>Runs <paramref name="sql"/> prepared, in <paramref name="transaction"/> or a read of its own, with PostgreSQL's errors as DocStore's.</summary>
    private TResult Run<TResult>(DocStoreTransaction? transaction, string sql, ReadOnlySpan<NpgsqlParameter> parameters, Func<NpgsqlCommand, TResult> execute)
    {
        try
        {
            using var scope = Synchronously.Result(collection.BeginAsync(transaction, write: false, async: false, default));
            using var command = scope.Command(sql);
            foreach (var parameter in parameters)
            {
                command.Parameters.Add(parameter);
            }

            // Prepared once per pooled connection; later calls send no Parse.
            command.Prepare();
            return execute(command);
        }
        catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
        {
            throw translated;
        }
    }
}
