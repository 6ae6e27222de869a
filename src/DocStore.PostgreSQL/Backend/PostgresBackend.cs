using DocStore.Collections;
using DocStore.Metadata;
using DocStore.PostgreSQL.Collections;
using DocStore.PostgreSQL.Errors;
using DocStore.PostgreSQL.Routing;
using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// The PostgreSQL store behind a context: the data source writes (and schema creation) use, the route reads
/// take (the same source, or a prefer-standby one), the collections' tables, and REPEATABLE READ transactions.
/// </summary>
internal sealed class PostgresBackend : IContextBackend
{
    private readonly NpgsqlDataSource? _owned;
    private int _disposed;

    /// <summary>A backend that reads and writes on <paramref name="dataSource"/>.</summary>
    public PostgresBackend(NpgsqlDataSource dataSource, bool ownsDataSource)
        : this(dataSource, null, new PostgresOptions(), ownsDataSource ? dataSource : null)
    {
    }

    /// <summary>A backend that writes on <paramref name="writes"/> and reads on <paramref name="replica"/> when given; <paramref name="owned"/> is disposed with it.</summary>
    public PostgresBackend(NpgsqlDataSource writes, NpgsqlDataSource? replica, PostgresOptions options, NpgsqlDataSource? owned)
    {
        DataSource = writes;
        _owned = owned;
        Replay = replica is not null && options.ReadYourWrites ? new ReplayPosition() : null;
        Reads = new ReadRoute(writes, replica, options, Replay);
        Sessions = new SessionPool(writes);
        Description = Describe(owned ?? writes);
        Server = PostgresErrors.Server(owned ?? writes);
    }

    /// <summary>The server, database and user connection failures name (see <see cref="PostgresErrors.Server"/>).</summary>
    public string Server { get; }

    /// <summary>The primary: writes, read-write transactions and schema creation.</summary>
    public NpgsqlDataSource DataSource { get; }

    /// <summary>The primary's connection objects with their prepared commands, reused by writes and by reads that go to the primary.</summary>
    public SessionPool Sessions { get; }

    /// <summary>Where reads outside a transaction and read-only transactions open their connection.</summary>
    public ReadRoute Reads { get; }

    /// <summary>The context's last commit position, when reads on a standby wait for it (read-your-writes).</summary>
    public ReplayPosition? Replay { get; }

    public string Description { get; }

    public OpenedCollection<T, TKey> Open<T, TKey>(DocStoreContext context, ICollectionModel<T, TKey> model)
        where TKey : notnull
    {
        var table = new CollectionTable<T, TKey>(model);
        try
        {
            SchemaBuilder.Ensure(DataSource, table);
            if (Replay is not null)
            {
                // A standby read right after open must find the tables this open may just have created.
                using var connection = DataSource.OpenConnection();
                Synchronously.Run(Replay.RecordAsync(connection, async: false, default));
            }
        }
        catch (Exception e) when (PostgresErrors.Translate(e, table.Collection, null, server: Server) is { } translated)
        {
            throw translated;
        }

        var collection = new PostgresCollection<T, TKey>(this, context, model, table);
        return new OpenedCollection<T, TKey>(collection, new PostgresReads<T, TKey>(collection), new PostgresWrites<T, TKey>(collection));
    }

    public DocStoreTransaction BeginTransaction(DocStoreContext context) => Synchronously.Result(BeginAsync(context, readOnly: false, async: false, default));

    public ValueTask<DocStoreTransaction> BeginTransactionAsync(DocStoreContext context, CancellationToken cancellationToken) => BeginAsync(context, readOnly: false, async: true, cancellationToken);

    /// <summary>A REPEATABLE READ, READ ONLY transaction on the read route.</summary>
    public DocStoreTransaction BeginReadOnlyTransaction(DocStoreContext context) => Synchronously.Result(BeginAsync(context, readOnly: true, async: false, default));

    /// <summary>As <see cref="BeginReadOnlyTransaction"/>, with asynchronous I/O.</summary>
    public ValueTask<DocStoreTransaction> BeginReadOnlyTransactionAsync(DocStoreContext context, CancellationToken cancellationToken) => BeginAsync(context, readOnly: true, async: true, cancellationToken);

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            Sessions.Dispose();
            _owned?.Dispose();
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            Sessions.Dispose();
            if (_owned is not null)
            {
                await _owned.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    // With async false every await below completes synchronously (Npgsql's synchronous calls), so the sync twin blocks on nothing.
    private async ValueTask<DocStoreTransaction> BeginAsync(DocStoreContext context, bool readOnly, bool async, CancellationToken cancellationToken)
    {
        context.ThrowIfDisposed();
        try
        {
            var transaction = await PostgresTransaction.BeginAsync(this, readOnly, async, cancellationToken).ConfigureAwait(false);
            return new DocStoreTransaction(context, transaction);
        }
        catch (Exception e) when (PostgresErrors.Translate(e, null, null, server: Server) is { } translated)
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
