using DocStore.Collections;
using DocStore.Metadata;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The writes of a collection on PostgreSQL. Each sends its statements (the document rows with their index
/// key columns, the multikey entries, the key sequence) as one batch: one round trip, run as one implicit
/// transaction, or under a savepoint inside the caller's transaction. A unique violation anywhere undoes all
/// of it and surfaces as <see cref="DuplicateKeyException"/>. With <c>async: false</c> every await completes synchronously.
/// </summary>
internal sealed class PostgresWrites<T, TKey>(PostgresCollection<T, TKey> collection) : ICollectionWrites<T, TKey>
    where TKey : notnull
{
    private readonly PostgresStatements<T, TKey> _statements = new(collection.Table);
    private readonly GeneratedKeyStatements<T, TKey> _generated = new(collection.Table);

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
        catch (Exception e) when (collection.Translate(e, call.Key, transaction, call.Value, writing: call.Scope is not null) is { } translated)
        {
            throw translated;
        }
    }

    private async ValueTask<TKey> InsertCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        return (await InsertManyCore(call, [document]).ConfigureAwait(false))[0];
    }

    /// <summary>
    /// Inserts the documents in one batch (one statement for the rows, one per multikey index, the sequence):
    /// one round trip, all or nothing. When every document wants a generated sequence key the server hands
    /// the keys out in that batch; otherwise (explicit keys among them) the write first locks and reads the
    /// last key, in a transaction of its own, and hands them out in order as the embedded engine would.
    /// </summary>
    private async ValueTask<IReadOnlyList<TKey>> InsertManyCore(WriteCall call, IEnumerable<T> documents)
    {
        ArgumentNullException.ThrowIfNull(documents);
        var list = documents as IReadOnlyList<T> ?? [.. documents];
        var keys = new TKey[list.Count];
        var generated = new bool[list.Count];
        var anyGenerated = false;
        for (var i = 0; i < list.Count; i++)
        {
            ArgumentNullException.ThrowIfNull(list[i], nameof(documents));
            keys[i] = Model.GetKey(list[i]);
            generated[i] = Model.IsDefaultKey(keys[i]);
            anyGenerated |= generated[i];
        }

        if (list.Count == 0)
        {
            return keys;
        }

        if (anyGenerated && collection.Table.UsesSequence && Array.TrueForAll(generated, g => g) && _generated.Applies
            && await InsertGeneratedAsync(call, list, keys).ConfigureAwait(false))
        {
            return keys;
        }

        long last = 0;
        if (anyGenerated && collection.Table.UsesSequence)
        {
            call.Scope.BeginOwnTransaction();
            last = (long)(await new WriteBatch(call.Scope).Add(_statements.LockSequence).ScalarAsync(call).ConfigureAwait(false))!;
        }

        var rows = new DocumentRow[list.Count];
        for (var i = 0; i < list.Count; i++)
        {
            var document = list[i];
            if (generated[i])
            {
                // A string key cannot be generated: the model's NewKey says so with an InvalidOperationException.
                keys[i] = collection.Table.UsesSequence ? SequenceKey(++last) : Model.NewKey(0);
                Model.SetKey(ref document, keys[i]);
            }
            else if (collection.Table.UsesSequence)
            {
                last = Math.Max(last, Model.GetSequence(keys[i]));
            }

            call.Key = keys[i].ToString() ?? string.Empty;
            rows[i] = DocumentRows.ForInsert(collection.Table, document, keys[i], call.Key);
        }

        var batch = new WriteBatch(call.Scope);
        _statements.AddInsert(batch, rows, keys);
        if (collection.Table.UsesSequence)
        {
            batch.Add(_statements.AdvanceSequence, WriteBatch.Value(last));
        }

        try
        {
            await batch.ExecuteAsync(call).ConfigureAwait(false);
        }
        catch (Npgsql.PostgresException e) when (e.SqlState == Npgsql.PostgresErrorCodes.UniqueViolation)
        {
            if (rows.Length > 1)
            {
                call.Key = await BatchDuplicates.FindAsync(collection, rows, e, call).ConfigureAwait(false);
            }

            call.Value = await HeldEntries.FindAsync(collection, rows, e, call).ConfigureAwait(false);
            throw;
        }

        return keys;
    }

    /// <summary>
    /// Inserts documents that all want a generated <c>int</c>/<c>long</c> key in one round trip, the server handing
    /// out the keys (<see cref="GeneratedKeyStatements{T, TKey}"/>). False when the documents must be written with
    /// their keys known first: an index key near the length limit, a document the engine refuses, a unique
    /// violation or the end of the key range, whose errors name the key the documents would get.
    /// </summary>
    private async ValueTask<bool> InsertGeneratedAsync(WriteCall call, IReadOnlyList<T> documents, TKey[] keys)
    {
        var rows = new DocumentRow[documents.Count];
        try
        {
            for (var i = 0; i < rows.Length; i++)
            {
                rows[i] = DocumentRows.WithoutKey(collection.Table, documents[i]);
            }
        }
        catch (Exception e) when (e is DocStoreException or ArgumentException)
        {
            // Refused before anything was sent: written with its key known, so the error names it.
            return false;
        }

        var batch = new WriteBatch(call.Scope);
        _generated.AddInsert(batch, rows);
        long last;
        try
        {
            last = (long)(await batch.ScalarAsync(call).ConfigureAwait(false))!;
        }
        catch (Npgsql.PostgresException e) when (e.SqlState is Npgsql.PostgresErrorCodes.UniqueViolation or Npgsql.PostgresErrorCodes.NumericValueOutOfRange)
        {
            await call.Scope.UndoBatchAsync(call.Async, call.CancellationToken).ConfigureAwait(false);
            return false;
        }

        for (var i = 0; i < keys.Length; i++)
        {
            var document = documents[i];
            keys[i] = Model.NewKey(last - keys.Length + 1 + i);
            Model.SetKey(ref document, keys[i]);
        }

        return true;
    }

    private TKey SequenceKey(long next)
    {
        try
        {
            return Model.NewKey(next);
        }
        catch (OverflowException)
        {
            // The generated model converts the sequence to an int key with a checked conversion.
            throw new KeySequenceExhaustedException(collection.Name, next - 1, typeof(TKey) == typeof(int) ? "int" : "long");
        }
    }

    private async ValueTask<bool> UpdateCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var batch = new WriteBatch(call.Scope);
        var row = Row(call, document, Model.GetKey(document));
        _statements.AddUpdate(batch, row);
        await ExecuteAsync(batch, row, call).ConfigureAwait(false);
        return batch.RecordsAffected(0) > 0;
    }

    private async ValueTask<TKey> UpsertCore(WriteCall call, T document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var key = Model.GetKey(document);
        if (Model.IsDefaultKey(key))
        {
            return await InsertCore(call, document).ConfigureAwait(false);
        }

        var batch = new WriteBatch(call.Scope);
        var row = Row(call, document, key);
        _statements.AddUpsert(batch, row);
        if (collection.Table.UsesSequence)
        {
            batch.Add(_statements.AdvanceSequence, WriteBatch.Value(Model.GetSequence(key)));
        }

        await ExecuteAsync(batch, row, call).ConfigureAwait(false);
        return key;
    }

    /// <summary>Runs the batch writing <paramref name="row"/>; a unique violation in a multikey index first looks up the value another document holds.</summary>
    private async ValueTask ExecuteAsync(WriteBatch batch, DocumentRow row, WriteCall call)
    {
        try
        {
            await batch.ExecuteAsync(call).ConfigureAwait(false);
        }
        catch (Npgsql.PostgresException e) when (e.SqlState == Npgsql.PostgresErrorCodes.UniqueViolation)
        {
            call.Value = await HeldEntries.FindAsync(collection, [row], e, call).ConfigureAwait(false);
            throw;
        }
    }

    private async ValueTask<bool> DeleteCore(WriteCall call, TKey key)
    {
        var encoded = DocumentEntries.PrimaryKey(collection.Table, key);
        call.Key = key.ToString();
        var batch = new WriteBatch(call.Scope).Add(_statements.Delete, WriteBatch.Value(collection.Table.Key.Value(key, encoded)));
        await batch.ExecuteAsync(call).ConfigureAwait(false);
        return batch.RecordsAffected(0) > 0;
    }

    /// <summary>The row of <paramref name="document"/>: its key column, encoded key, JSON and index entries, all checked before anything is written.</summary>
    private DocumentRow Row(WriteCall call, T document, TKey key)
    {
        call.Key = key.ToString() ?? string.Empty;
        return DocumentRows.Of(collection.Table, document, key, call.Key);
    }
}
