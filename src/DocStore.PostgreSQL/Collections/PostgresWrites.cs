using DocStore.Collections;
using DocStore.Metadata;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The writes of a collection on PostgreSQL. Each runs in one transaction (its own, or a savepoint of the
/// caller's): the document row, then its index entries; a unique violation anywhere undoes all of it and
/// surfaces as <see cref="DuplicateKeyException"/>. With <c>async: false</c> every await completes synchronously.
/// </summary>
internal sealed class PostgresWrites<T, TKey>(PostgresCollection<T, TKey> collection) : ICollectionWrites<T, TKey>
    where TKey : notnull
{
    private readonly PostgresStatements<T, TKey> _statements = new(collection.Table);

    private ICollectionModel<T, TKey> Model => collection.Model;

    public TKey Insert(DocStoreTransaction? transaction, T document) => Synchronously.Result(Run(transaction, document, InsertCore, async: false, default));

    public ValueTask<TKey> InsertAsync(T document, CancellationToken cancellationToken) => Run(null, document, InsertCore, async: true, cancellationToken);

    public IReadOnlyList<TKey> InsertMany(DocStoreTransaction? transaction, IEnumerable<T> documents) => Synchronously.Result(Run(transaction, documents, InsertManyCore, async: false, default));

    public ValueTask<IReadOnlyList<TKey>> InsertManyAsync(IEnumerable<T> documents, CancellationToken cancellationToken) => Run(null, documents, InsertManyCore, async: true, cancellationToken);

    public bool Update(DocStoreTransaction? transaction, T document) => Synchronously.Result(Run(transaction, document, UpdateCore, async: false, default));

    public ValueTask<bool> UpdateAsync(T document, CancellationToken cancellationToken) => Run(null, document, UpdateCore, async: true, cancellationToken);

    public TKey Upsert(DocStoreTransaction? transaction, T document) => Synchronously.Result(Run(transaction, document, UpsertCore, async: false, default));

    public ValueTask<TKey> UpsertAsync(T document, CancellationToken cancellationToken) => Run(null, document, UpsertCore, async: true, cancellationToken);

    public bool Delete(DocStoreTransaction? transaction, TKey key) => Synchronously.Result(Run(transaction, key, DeleteCore, async: false, default));

    public ValueTask<bool> DeleteAsync(TKey key, CancellationToken cancellationToken) => Run(null, key, DeleteCore, async: true, cancellationToken);

    private async ValueTask<TResult> Run<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<WriteCall, TArg, ValueTask<TResult>> operation, bool async, CancellationToken cancellationToken)
    {
        var call = new WriteCall(async, cancellationToken);
        try
        {
            var scope = await collection.BeginAsync(transaction, write: true, async, cancellationToken).ConfigureAwait(false);
            await using (scope.ConfigureAwait(false))
            {
                call.Scope = scope;
                var result = await operation(call, argument).ConfigureAwait(false);
                await scope.CompleteAsync(async, cancellationToken).ConfigureAwait(false);
                return result;
            }
        }
        catch (Exception e) when (collection.Translate(e, call.Key, transaction) is { } translated)
        {
            throw translated;
        }
    }

    private async ValueTask<TKey> InsertCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var key = Model.GetKey(document);
        var generated = Model.IsDefaultKey(key);
        if (generated)
        {
            // A string key cannot be generated: the model's NewKey says so with an InvalidOperationException.
            key = await _statements.NewKeyAsync(call).ConfigureAwait(false);
            Model.SetKey(ref document, key);
        }

        var row = Row(call, document, key);
        await _statements.InsertAsync(call, row).ConfigureAwait(false);
        if (collection.Table.UsesSequence && !generated)
        {
            await _statements.AdvanceSequenceAsync(call, Model.GetSequence(key)).ConfigureAwait(false);
        }

        return key;
    }

    private async ValueTask<IReadOnlyList<TKey>> InsertManyCore(WriteCall call, IEnumerable<T> documents)
    {
        ArgumentNullException.ThrowIfNull(documents);
        var keys = new List<TKey>();
        foreach (var document in documents)
        {
            keys.Add(await InsertCore(call, document).ConfigureAwait(false));
        }

        return keys;
    }

    private async ValueTask<bool> UpdateCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        return await _statements.UpdateAsync(call, Row(call, document, Model.GetKey(document))).ConfigureAwait(false);
    }

    private async ValueTask<TKey> UpsertCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var key = Model.GetKey(document);
        if (!Model.IsDefaultKey(key) && await _statements.UpdateAsync(call, Row(call, document, key)).ConfigureAwait(false))
        {
            return key;
        }

        return await InsertCore(call, document).ConfigureAwait(false);
    }

    private async ValueTask<bool> DeleteCore(WriteCall call, TKey key)
    {
        var encoded = DocumentEntries.PrimaryKey(collection.Table, key);
        call.Key = key.ToString();
        return await _statements.DeleteAsync(call, collection.Table.Key.Value(key, encoded)).ConfigureAwait(false);
    }

    /// <summary>The row of <paramref name="document"/>: its key column, encoded key, JSON and index entries, all checked before anything is written.</summary>
    private DocumentRow Row(WriteCall call, T document, TKey key)
    {
        call.Key = key.ToString() ?? string.Empty;
        return DocumentRows.Of(collection.Table, document, key);
    }
}
