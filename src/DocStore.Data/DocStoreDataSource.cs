using System.Data.Common;

namespace DocStore.Data;

/// <summary>
/// The owner of a DocStore database for ADO.NET code (docs/ado-net.md, "Data sources"): create one per
/// connection string at startup (<c>DocStoreDataSource.Create("Data Source=app.db")</c>, or register it
/// in dependency injection), and take connections from it. The database opens with the first connection
/// and stays open, shared by the source's connections, until the source is disposed; disposing it closes
/// the file once its connections are closed and nothing else in the process holds the file.
/// Thread-safe; the connections it creates are not, as ADO.NET connections are not.
/// </summary>
public sealed class DocStoreDataSource : DbDataSource
{
    // The source's own entry in the file's pool: its connections share one database object that no idle timer closes.
    private readonly string _poolKey = "source:" + Guid.NewGuid().ToString("N");
    private readonly DocStoreConnectionStringBuilder _settings;
    private int _disposed;

    /// <summary>Creates a data source; nothing is opened until the first connection opens.</summary>
    /// <param name="connectionString">The connection string, such as <c>Data Source=app.db</c>.</param>
    /// <exception cref="ArgumentException">The connection string has an unknown key or a malformed value, or no Data Source.</exception>
    public DocStoreDataSource(string connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        _settings = new DocStoreConnectionStringBuilder(connectionString);
        _ = _settings.ToOptions();
        if (string.IsNullOrWhiteSpace(_settings.DataSource))
        {
            throw new ArgumentException("The connection string has no Data Source: set it to a file path or :memory:.", nameof(connectionString));
        }

        ConnectionString = connectionString;
    }

    /// <summary>The connection string the source was created with.</summary>
    public override string ConnectionString { get; }

    /// <summary>Creates a data source for <paramref name="connectionString"/>.</summary>
    /// <param name="connectionString">The connection string, such as <c>Data Source=app.db</c>.</param>
    /// <returns>The data source.</returns>
    /// <exception cref="ArgumentException">The connection string has an unknown key or a malformed value, or no Data Source.</exception>
    public static DocStoreDataSource Create(string connectionString) => new(connectionString);

    /// <summary>Creates a closed connection on the source's database.</summary>
    /// <returns>The connection.</returns>
    public new DocStoreConnection CreateConnection() => new(this);

    /// <summary>Creates and opens a connection on the source's database (the first one opens the file).</summary>
    /// <returns>The open connection.</returns>
    /// <exception cref="ObjectDisposedException">The source has been disposed.</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open, or this process has it open with another value of an option the connection string sets.</exception>
    public new DocStoreConnection OpenConnection()
    {
        var connection = CreateConnection();
        try
        {
            connection.Open();
            return connection;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    /// <summary>
    /// The asynchronous twin of <see cref="OpenConnection"/>: a shared open that waits for another process's
    /// write transaction does so without blocking a thread.
    /// </summary>
    /// <param name="cancellationToken">Stops the wait.</param>
    /// <returns>The open connection.</returns>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled before the database opened.</exception>
    public new async ValueTask<DocStoreConnection> OpenConnectionAsync(CancellationToken cancellationToken = default)
    {
        var connection = CreateConnection();
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Takes a reference to the database the source holds, opening it when it is not open.</summary>
    internal PooledDatabase Acquire()
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        return DocStoreConnection.Acquire(_settings, _poolKey);
    }

    /// <summary>The asynchronous twin of <see cref="Acquire"/>.</summary>
    internal ValueTask<PooledDatabase> AcquireAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        return DocStoreConnection.AcquireAsync(_settings, _poolKey, cancellationToken);
    }

    /// <inheritdoc cref="CreateConnection"/>
    protected override DbConnection CreateDbConnection() => CreateConnection();

    /// <inheritdoc cref="OpenConnection"/>
    protected override DbConnection OpenDbConnection() => OpenConnection();

    /// <inheritdoc cref="OpenConnectionAsync"/>
    protected override async ValueTask<DbConnection> OpenDbConnectionAsync(CancellationToken cancellationToken = default) =>
        await OpenConnectionAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>Closes the database the source holds, at once when none of its connections is open, else when the last one closes.</summary>
    /// <param name="disposing">True from <see cref="IDisposable.Dispose"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    /// <summary>Closes the database the source holds, as <see cref="Dispose(bool)"/> does.</summary>
    /// <returns>A task that completes when the file is closed (or left to the connections still open).</returns>
    protected override ValueTask DisposeAsyncCore()
    {
        Close();
        return base.DisposeAsyncCore();
    }

    private void Close()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            PooledDatabase.Clear(_settings.DataSource, _poolKey);
        }
    }
}
