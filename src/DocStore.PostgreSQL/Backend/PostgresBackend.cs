using DocStore.Collections;
using DocStore.Metadata;
using DocStore.PostgreSQL.Collections;
using DocStore.PostgreSQL.Errors;
using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>The PostgreSQL store behind a context: a data source, the collections' tables, and REPEATABLE READ transactions.</summary>
internal sealed class PostgresBackend(NpgsqlDataSource dataSource, bool ownsDataSource) : IContextBackend
{
    private int _disposed;

    public NpgsqlDataSource DataSource => dataSource;

    public string Description { get; } = Describe(dataSource);

    public OpenedCollection<T, TKey> Open<T, TKey>(DocStoreContext context, ICollectionModel<T, TKey> model)
        where TKey : notnull
    {
        var table = new CollectionTable<T, TKey>(model);
        try
        {
            SchemaBuilder.Ensure(dataSource, table);
        }
        catch (Exception e) when (PostgresErrors.Translate(e, table.Collection, null) is { } translated)
        {
            throw translated;
        }

        var collection = new PostgresCollection<T, TKey>(this, context, model, table);
        return new OpenedCollection<T, TKey>(collection, new PostgresReads<T, TKey>(collection), new PostgresWrites<T, TKey>(collection));
    }

    public DocStoreTransaction BeginTransaction(DocStoreContext context) => BeginAsync(context, async: false, default).AsTask().GetAwaiter().GetResult();

    public ValueTask<DocStoreTransaction> BeginTransactionAsync(DocStoreContext context, CancellationToken cancellationToken) => BeginAsync(context, async: true, cancellationToken);

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0 && ownsDataSource)
        {
            dataSource.Dispose();
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0 && ownsDataSource)
        {
            await dataSource.DisposeAsync().ConfigureAwait(false);
        }
    }

    // With async false every await below completes synchronously (Npgsql's synchronous calls), so the sync twin blocks on nothing.
    private async ValueTask<DocStoreTransaction> BeginAsync(DocStoreContext context, bool async, CancellationToken cancellationToken)
    {
        try
        {
            var transaction = await PostgresTransaction.BeginAsync(dataSource, async, cancellationToken).ConfigureAwait(false);
            return new DocStoreTransaction(context, transaction);
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    private static string Describe(NpgsqlDataSource source)
    {
        var builder = new NpgsqlConnectionStringBuilder(source.ConnectionString);
        return $"PostgreSQL database '{builder.Database}' on {builder.Host}";
    }
}
