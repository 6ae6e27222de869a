using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Data;

/// <summary>
/// An ADO.NET connection to a DocStore database (docs/ado-net.md). Commands run the SQL dialect of
/// docs/sql.md. The connection string names the file: <c>Data Source=app.db;Mode=ReadOnly;Durability=Normal</c>.
/// A connection and a typed context opened on the same file in one process share one open database: each
/// sees the other's commits and neither gets a lock error. Closed connections leave the database open for
/// the next one (pooling) until the idle timeout; <see cref="ClearAllPools"/> closes idle ones at once.
/// Not thread-safe, as ADO.NET connections are not.
/// </summary>
public sealed partial class DocStoreConnection : DbConnection
{
    private string _connectionString = string.Empty;
    private PooledDatabase? _entry;
    private SqlSession? _session;
    private ConnectionState _state = ConnectionState.Closed;

    // Set once the connection has opened with the current string: from then on the string is shown without its password.
    private bool _opened;

    /// <summary>The data source that created the connection (it holds the database open), or null.</summary>
    private readonly DocStoreDataSource? _source;

    /// <summary>Creates a closed connection with no connection string.</summary>
    public DocStoreConnection()
    {
    }

    /// <summary>Creates a closed connection.</summary>
    /// <param name="connectionString">The connection string, such as <c>Data Source=app.db</c>.</param>
    public DocStoreConnection(string? connectionString)
    {
        ConnectionString = connectionString;
    }

    /// <summary>Creates a closed connection whose database <paramref name="source"/> holds open.</summary>
    internal DocStoreConnection(DocStoreDataSource source)
    {
        _source = source;
        _connectionString = source.ConnectionString;
    }

    /// <summary>
    /// The connection string; it can change only while the connection is closed. Once the connection has
    /// opened, it is shown without its <c>Password</c> (as other ADO.NET providers hide it), unless the string
    /// says <c>Persist Security Info=True</c>; the connection keeps the password to open again.
    /// </summary>
    [AllowNull]
    public override string ConnectionString
    {
        get => _opened ? SecurityInfo.Hide(_connectionString) : _connectionString;
        set
        {
            if (_state != ConnectionState.Closed)
            {
                throw new InvalidOperationException("The connection string cannot change while the connection is open.");
            }

            _connectionString = value ?? string.Empty;
            _opened = false;
        }
    }

    /// <summary>The database file name without its directory (DocStore has one database per file).</summary>
    public override string Database => DataSource.Length == 0 || DataSource == DocStoreContext.InMemoryPath ? DataSource : Path.GetFileNameWithoutExtension(DataSource);

    /// <summary>The <c>Data Source</c> of the connection string.</summary>
    public override string DataSource => new DocStoreConnectionStringBuilder(_connectionString).DataSource;

    /// <summary>The version of the DocStore library.</summary>
    public override string ServerVersion => typeof(DocStoreContext).Assembly.GetName().Version?.ToString() ?? "0.0.0";

    /// <summary>Open or closed.</summary>
    public override ConnectionState State => _state;

    /// <summary>The open database the connection runs on (shared with typed contexts on the same file); null while closed.</summary>
    public DocStoreContext? Context => _entry?.Database;

    /// <summary>The transaction begun by <see cref="BeginTransaction(IsolationLevel)"/> and not yet ended, or null.</summary>
    internal DocStoreDataTransaction? CurrentTransaction { get; set; }

    /// <summary>The session every command of this connection runs in: it carries the connection's transaction (and one a <c>BEGIN</c> statement started).</summary>
    internal SqlSession Session => _session ?? throw new InvalidOperationException("The connection is not open: call Open first.");

    /// <summary>The factory that creates objects of this provider.</summary>
    protected override DbProviderFactory DbProviderFactory => DocStoreFactory.Instance;

    /// <summary>Closes the idle pooled databases of every connection string, so their files are closed now (connections still open keep theirs).</summary>
    public static void ClearAllPools() => PooledDatabase.Clear(null, null);

    /// <summary>Closes the idle pooled databases on the file of <paramref name="connection"/>.</summary>
    /// <param name="connection">A connection naming the file.</param>
    public static void ClearPool(DocStoreConnection connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var path = connection.DataSource;
        if (path.Length > 0 && path != DocStoreContext.InMemoryPath)
        {
            PooledDatabase.Clear(path, null);
        }
    }

    /// <summary>Opens the database named by the connection string (or takes the pooled one).</summary>
    /// <exception cref="InvalidOperationException">The connection is already open, or has no Data Source.</exception>
    /// <exception cref="ArgumentException">The connection string has an unknown key or a malformed value.</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open exclusively, or this process has it open with another value of an option the connection string sets (the message names the option, both values and the file).</exception>
    /// <exception cref="DatabaseBusyException">Shared (the default for a writable connection), another process held a write transaction open for the whole <c>Busy Timeout</c>.</exception>
    /// <exception cref="ObjectDisposedException">The connection came from a <see cref="DocStoreDataSource"/> that has been disposed.</exception>
    /// <exception cref="EncryptionKeyException">The <c>Password</c> does not open the file: a wrong one, none for an encrypted file, or one for a plain file.</exception>
    public override void Open()
    {
        ThrowIfOpen();

        // A data source's connection runs on the source's database, unless its string was changed since.
        Opened(FromSource() ? _source!.Acquire() : Acquire(new DocStoreConnectionStringBuilder(_connectionString)));
    }

    /// <summary>
    /// The asynchronous twin of <see cref="Open"/>: a shared open that waits for another process's write
    /// transaction (up to <c>Busy Timeout</c>) does so without blocking a thread.
    /// </summary>
    /// <param name="cancellationToken">Stops the wait; the connection stays closed.</param>
    /// <returns>A task that completes when the connection is open.</returns>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled before the database opened.</exception>
    public override async Task OpenAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        ThrowIfOpen();
        var entry = FromSource()
            ? await _source!.AcquireAsync(cancellationToken).ConfigureAwait(false)
            : await AcquireAsync(new DocStoreConnectionStringBuilder(_connectionString), null, cancellationToken).ConfigureAwait(false);
        Opened(entry);
    }

    /// <summary>Closes the connection: rolls back its open transaction and returns the database to the pool. Closing twice does nothing.</summary>
    public override void Close()
    {
        if (_state == ConnectionState.Closed)
        {
            return;
        }

        try
        {
            CurrentTransaction?.Dispose();
            _session?.Dispose();
        }
        finally
        {
            CurrentTransaction = null;
            _session = null;
            var entry = _entry;
            _entry = null;
            _state = ConnectionState.Closed;
            entry?.Release();
            OnStateChange(new StateChangeEventArgs(ConnectionState.Open, ConnectionState.Closed));
        }
    }

    /// <summary>
    /// Takes a reference to the pooled database of <paramref name="settings"/> (same file, same options set;
    /// the one a data source holds when <paramref name="sourceKey"/> names it), or opens a private one without pooling.
    /// </summary>
    internal static PooledDatabase Acquire(DocStoreConnectionStringBuilder settings, string? sourceKey = null)
    {
        var (path, options, poolKey, idleTimeout) = PoolEntry(settings, sourceKey);
        return PooledDatabase.Acquire(path, options, poolKey, idleTimeout);
    }

    /// <summary>The asynchronous twin of <see cref="Acquire"/>: a shared open waits for another process's write transaction without blocking a thread.</summary>
    internal static ValueTask<PooledDatabase> AcquireAsync(DocStoreConnectionStringBuilder settings, string? sourceKey, CancellationToken cancellationToken)
    {
        var (path, options, poolKey, idleTimeout) = PoolEntry(settings, sourceKey);
        return PooledDatabase.AcquireAsync(path, options, poolKey, idleTimeout, cancellationToken);
    }

    // The file, the options, the pool key (null: a private database) and the idle timeout the settings ask for.
    private static (string Path, DocStoreOptions Options, string? PoolKey, TimeSpan IdleTimeout) PoolEntry(DocStoreConnectionStringBuilder settings, string? sourceKey)
    {
        var options = settings.ToOptions();
        var path = settings.DataSource;
        if (string.IsNullOrWhiteSpace(path))
        {
            throw new InvalidOperationException("The connection string has no Data Source: set it to a file path or :memory:.");
        }

        if (!settings.Pooling)
        {
            return (path, options, null, TimeSpan.Zero);
        }

        return sourceKey is null
            ? (path, options, "connection:" + PooledDatabase.KeyFor(options), TimeSpan.FromSeconds(settings.IdleTimeout))
            : (path, options, sourceKey, Timeout.InfiniteTimeSpan);
    }

    private void ThrowIfOpen()
    {
        if (_state == ConnectionState.Open)
        {
            throw new InvalidOperationException("The connection is already open.");
        }
    }

    private bool FromSource() => _source is not null && _source.ConnectionString == _connectionString;

    private void Opened(PooledDatabase entry)
    {
        _entry = entry;
        try
        {
            _session = entry.Database.Sql.OpenSession();
        }
        catch
        {
            _entry = null;
            entry.Release();
            throw;
        }

        _state = ConnectionState.Open;
        _opened = true;
        OnStateChange(new StateChangeEventArgs(ConnectionState.Closed, ConnectionState.Open));
    }

    /// <summary>Not supported: a connection reaches one database file.</summary>
    /// <param name="databaseName">Ignored.</param>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void ChangeDatabase(string databaseName) =>
        throw new NotSupportedException("DocStore has one database per file: open another connection with another Data Source.");

    /// <summary>Creates a command on this connection.</summary>
    /// <returns>The command.</returns>
    public new DocStoreCommand CreateCommand() => new() { Connection = this };

    /// <summary>Begins a transaction: every command of this connection runs in it until it commits or rolls back.</summary>
    /// <returns>The transaction.</returns>
    public new DocStoreDataTransaction BeginTransaction() => BeginTransaction(IsolationLevel.Unspecified);

    /// <summary>Begins a transaction (snapshot isolation with one writer at a time, whatever level is asked for).</summary>
    /// <param name="isolationLevel">Accepted for compatibility: DocStore transactions are serializable (one writer, snapshot readers).</param>
    /// <returns>The transaction.</returns>
    /// <exception cref="InvalidOperationException">The connection is closed, or a transaction is already open on it.</exception>
    public new DocStoreDataTransaction BeginTransaction(IsolationLevel isolationLevel)
    {
        var session = Session;
        if (CurrentTransaction is not null || session.Transaction is { IsCompleted: false })
        {
            throw new InvalidOperationException("The connection already has an open transaction: commit or roll it back first (DocStore has no nested transactions).");
        }

        var inner = _entry!.Database.BeginTransaction();
        session.Transaction = inner;
        CurrentTransaction = new DocStoreDataTransaction(this, inner, isolationLevel);
        return CurrentTransaction;
    }

    /// <inheritdoc cref="BeginTransaction(IsolationLevel)"/>
    protected override DbTransaction BeginDbTransaction(IsolationLevel isolationLevel) => BeginTransaction(isolationLevel);

    /// <inheritdoc cref="CreateCommand"/>
    protected override DbCommand CreateDbCommand() => CreateCommand();

    /// <summary>Closes the connection.</summary>
    /// <param name="disposing">True from <see cref="IDisposable.Dispose"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    /// <summary>Ends <paramref name="transaction"/>'s hold on the connection.</summary>
    internal void EndTransaction(DocStoreDataTransaction transaction)
    {
        if (ReferenceEquals(CurrentTransaction, transaction))
        {
            CurrentTransaction = null;
            if (_session is not null && ReferenceEquals(_session.Transaction, transaction.Transaction))
            {
                _session.Transaction = null;
            }
        }
    }
}
