using DocStore.Bson;
using DocStore.Collections;
using DocStore.Metadata;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Errors;
using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Collections;

/// <summary>A typed collection's open state on PostgreSQL: its table layout and the backend it runs on.</summary>
internal sealed class PostgresCollection<T, TKey>(PostgresBackend backend, DocStoreContext context, ICollectionModel<T, TKey> model, CollectionTable<T, TKey> table) : ICollectionHandle<T, TKey>
    where TKey : notnull
{
    public PostgresBackend Backend => backend;

    public CollectionTable<T, TKey> Table => table;

    public string Name => model.CollectionName;

    public DocStoreContext Context => context;

    public ICollectionModel<T, TKey> Model => model;

    public IFieldDictionary CommittedFields => table.Documents.Fields;

    /// <summary>Never: a PostgreSQL collection is dropped with SQL, outside this context.</summary>
    public bool IsDropped => false;

    public ValueTask<OperationScope> BeginAsync(DocStoreTransaction? transaction, bool write, bool async, CancellationToken cancellationToken)
    {
        if (write && transaction?.External is PostgresTransaction { ReadOnly: true })
        {
            // Refused before the server sees it, so the transaction stays usable for its reads.
            throw new DatabaseReadOnlyException($"A write to collection '{Name}' was made in a read-only transaction (BeginReadOnlyTransaction); write in a transaction from BeginTransaction, or outside one.");
        }

        return OperationScope.BeginAsync(backend, context, transaction, write, async, cancellationToken);
    }

    /// <summary>The DocStore exception for a failure of an operation on document <paramref name="key"/> (<paramref name="writing"/>: a write whose statements were sent); a transaction the failure broke is marked failed.</summary>
    public DocStoreException? Translate(Exception error, string? key, DocStoreTransaction? transaction, string? value = null, bool writing = false)
    {
        var translated = PostgresErrors.Translate(error, Name, key, table.IndexOfTable, value, writing, backend.Server);
        if (translated is not null and not DuplicateKeyException)
        {
            transaction?.Fail(translated);
        }

        return translated;
    }
}
