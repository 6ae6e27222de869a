using DocStore.Catalog;
using DocStore.Collections;
using DocStore.Engine;
using DocStore.Integrity;
using DocStore.Metadata;

namespace DocStore;

/// <summary>
/// Base class of a user's database context: <c>public partial class AppDb : DocStoreContext { }</c>.
/// The source generator adds one typed collection property per <c>[Collection]</c> type of the
/// compilation, a private constructor, and the static <c>Open(path, options)</c> and <c>OpenInMemory(options)</c>.
/// </summary>
/// <remarks>
/// The context owns one <see cref="StorageEngine"/>: a database file (with its logs beside it), or
/// an in-memory database for <see cref="InMemoryPath"/>. It is thread-safe: any number of threads may read
/// and write through it; writes are serialized by the engine's single write lock.
/// </remarks>
public abstract partial class DocStoreContext : IDisposable, IAsyncDisposable
{
    /// <summary>The path that opens an in-memory database.</summary>
    public const string InMemoryPath = StorageEngine.InMemory;

    private readonly List<ICheckedCollection> _collections = [];

    // The file's entry in the process's registry: the open collections' shared states live there, so contexts on one file share them.
    private readonly OpenFile? _lease;
    private readonly Dictionary<string, BsonCollection> _untyped = new(StringComparer.Ordinal);
    private readonly Lock _untypedLock = new();
    private int _disposed;

    /// <summary>Opens the database at <paramref name="path"/> (or <see cref="InMemoryPath"/>) with default options.</summary>
    /// <param name="path">The database file path, or <see cref="InMemoryPath"/>.</param>
    protected DocStoreContext(string path)
        : this(path, null)
    {
    }

    /// <summary>Opens the database at <paramref name="path"/> (or <see cref="InMemoryPath"/>), creating the file when it does not exist.</summary>
    /// <param name="path">The database file path, or <see cref="InMemoryPath"/>.</param>
    /// <param name="options">Durability, cache size, write lock timeout and page size; null for the defaults.</param>
    /// <remarks>
    /// Contexts opened on the same file in one process (and the ADO.NET provider's connections) share one
    /// open database: each sees the others' commits, and the file closes when the last of them is disposed.
    /// The first opener's options apply to all of them; a later opener that sets an engine-wide option to
    /// another value fails, and one that leaves an option unset takes the open database's (docs/ado-net.md,
    /// "One open database per file").
    /// </remarks>
    /// <exception cref="ArgumentException">The path is empty or a directory, or looks like a connection string (<c>Data Source=app.db;Mode=ReadOnly</c>): pass the file's path and set options through <see cref="DocStoreOptions"/>; connection strings are for <c>DocStoreConnection</c> (DocStore.Data).</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open, or this process has it open with another value of an option <paramref name="options"/> sets (<see cref="DocStoreOptions.ReadOnly"/>, <see cref="DocStoreOptions.Durability"/>, <see cref="DocStoreOptions.CacheSizePages"/>, ...): the message names the option, both values and the file.</exception>
    /// <exception cref="DatabaseCorruptException">The file is damaged, or is not a DocStore database (then nothing is created beside it).</exception>
    protected DocStoreContext(string path, DocStoreOptions? options)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        Options = options ?? new DocStoreOptions();
        Options.ChangeRetention?.Validate();
        if (TakePendingBackend() is { } backend)
        {
            // Opened by OpenOn: the backend stores the collections, so no file is opened.
            Backend = backend;
            Path = backend.Description;
            return;
        }

        Path = path;
        _lease = OpenFiles.Acquire(path, Options);
        _engine = _lease.Engine;
    }

    /// <summary>The path the context was opened with.</summary>
    public string Path { get; }

    /// <summary>The options the context was opened with.</summary>
    public DocStoreOptions Options { get; }

    /// <summary>True for a context opened with <see cref="InMemoryPath"/>.</summary>
    public bool IsInMemory => Path == InMemoryPath;

    /// <summary>True once <see cref="Dispose()"/> has run; collections then refuse every operation.</summary>
    public bool IsDisposed => Volatile.Read(ref _disposed) != 0;

    /// <summary>The file's entry in the process's registry of open files.</summary>
    internal OpenFile File => Lease;

    /// <summary>The storage engine underneath (for tools: checkpoints, backups, raw trees).</summary>
    internal StorageEngine Engine => _engine ?? throw EmbeddedOnly();

    /// <summary>
    /// Begins an explicit write transaction over every collection of this context, waiting up to
    /// <see cref="DocStoreOptions.WriteLockTimeout"/> for the current writer.
    /// </summary>
    /// <returns>The transaction; commit it, or dispose it to roll back.</returns>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout.</exception>
    public DocStoreTransaction BeginTransaction()
    {
        ThrowIfDisposed();
        return Backend is { } backend ? backend.BeginTransaction(this) : new DocStoreTransaction(this, Engine.BeginWrite());
    }

    /// <summary>The asynchronous twin of <see cref="BeginTransaction"/>: waits for the write lock without blocking a thread.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The transaction.</returns>
    public async ValueTask<DocStoreTransaction> BeginTransactionAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return Backend is { } backend
            ? await backend.BeginTransactionAsync(this, cancellationToken).ConfigureAwait(false)
            : new DocStoreTransaction(this, await Engine.BeginWriteAsync(cancellationToken).ConfigureAwait(false));
    }

    /// <summary>
    /// The untyped collection <paramref name="name"/> over the document model (for tools, SQL, import and
    /// export), with the key convention and indexes the catalog records; <paramref name="indexes"/> are
    /// created (and built) when the catalog lacks them. The same object is returned for the same name. A
    /// collection open here through a typed model is returned as an untyped view sharing its trees, field
    /// dictionary and index definitions (docs/catalog.md, "Untyped collections").
    /// </summary>
    /// <param name="name">The collection name (created on first use).</param>
    /// <param name="indexes">Indexes to ensure, built with <see cref="IndexDefinition.On"/> and <see cref="IndexDefinition.UniqueOn"/>.</param>
    /// <returns>The collection.</returns>
    /// <exception cref="ArgumentException">An index path is malformed.</exception>
    /// <exception cref="InvalidOperationException">The collection is already open with a different index set, which cannot change while it is open.</exception>
    /// <exception cref="DuplicateKeyException">A new unique index finds two documents with the same value.</exception>
    public BsonCollection GetCollection(string name, params IndexDefinition[] indexes) =>
        GetCollection(name, new BsonCollectionOptions { Indexes = indexes });

    /// <summary>The untyped collection <paramref name="name"/> with explicit options (key convention for a new collection, indexes to ensure).</summary>
    /// <param name="name">The collection name (created on first use).</param>
    /// <param name="options">Key field, key generation and indexes.</param>
    /// <returns>The collection.</returns>
    /// <exception cref="ArgumentException">An index path is malformed, or the options name a key field other than the recorded one.</exception>
    /// <exception cref="InvalidOperationException">The collection is already open with a different index set.</exception>
    public BsonCollection GetCollection(string name, BsonCollectionOptions options)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentNullException.ThrowIfNull(options);
        ThrowIfDisposed();

        // Opening runs a write transaction; one lock keeps two callers from opening the same name twice.
        lock (_untypedLock)
        {
            if (_untyped.TryGetValue(name, out var open) && !open.IsDropped)
            {
                open.EnsureDeclared(options);
                return open;
            }

            var collection = BsonCollection.Open(this, name, options, FindOpen(name));
            _untyped[name] = collection;
            return collection;
        }
    }

    /// <summary>
    /// The untyped collection <paramref name="name"/> as it stands, opened inside <paramref name="within"/>
    /// when it is not open yet: SQL writes run while their transaction holds the write lock, so the open
    /// cannot take a transaction of its own.
    /// </summary>
    internal BsonCollection GetCollection(string name, Transactions.WriteTransaction within) => GetCollection(name, new BsonCollectionOptions(), within);

    /// <summary>As <see cref="GetCollection(string, Transactions.WriteTransaction)"/>, with the key convention of a new collection in <paramref name="options"/>.</summary>
    internal BsonCollection GetCollection(string name, BsonCollectionOptions options, Transactions.WriteTransaction within)
    {
        ThrowIfDisposed();
        lock (_untypedLock)
        {
            if (_untyped.TryGetValue(name, out var open) && !open.IsDropped)
            {
                return open;
            }

            var collection = BsonCollection.Open(this, name, options, FindOpen(name), within);
            _untyped[name] = collection;
            return collection;
        }
    }

    /// <summary>
    /// The names of the collections stored in the database, whichever context created them, in the
    /// catalog's order (ordinal by UTF-8 bytes). Lets tools tell an existing collection from a new one,
    /// since <see cref="GetCollection(string, IndexDefinition[])"/> creates a collection it does not find.
    /// </summary>
    /// <returns>The names, read on one snapshot.</returns>
    public IReadOnlyList<string> GetCollectionNames()
    {
        ThrowIfDisposed();
        using var tx = Engine.BeginRead();
        return CollectionCatalog.CollectionNames(tx);
    }

    /// <summary>
    /// Checks the storage (page checksums, tree order, free list, page ownership) and every collection
    /// opened by this context (each index entry matches a document, each document has all its index
    /// entries, on one snapshot), and that every stored document of a collection whose catalog records member
    /// types fits them as a typed reader reads them (at most 20 misfits listed per collection).
    /// </summary>
    /// <returns>The problems found, engine first.</returns>
    public IntegrityReport CheckIntegrity()
    {
        ThrowIfDisposed();
        using var tx = Engine.BeginRead();
        var engine = IntegrityChecker.Check(tx);
        var problems = new List<string>(engine.Problems);
        List<ICheckedCollection> collections;
        lock (_collections)
        {
            collections = [.. _collections];
        }

        foreach (var collection in collections)
        {
            // One collection's failure must not hide what the others, and the storage pass, found.
            try
            {
                collection.CheckIndexes(tx, problems);
            }
            catch (DocStoreException e)
            {
                problems.Add($"collection check stopped: {e.Message}");
            }
        }

        Collections.Typing.RecordedTypeCheck.Run(tx, problems);
        return new IntegrityReport(problems, engine.PagesChecked, engine.TreesChecked);
    }

    /// <summary>Closes the database: rolls back a write transaction still open, checkpoints and closes the files.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>
    /// Closes the database without blocking a thread on a background checkpoint that is still running; the
    /// final checkpoint then runs as in <see cref="Dispose()"/>.
    /// </summary>
    /// <returns>A task that completes when the files are closed.</returns>
    public async ValueTask DisposeAsync()
    {
        await DisposeAsyncCore().ConfigureAwait(false);
        GC.SuppressFinalize(this);
    }

    /// <summary>The asynchronous close; derived classes that hold resources of their own override it and call the base implementation.</summary>
    /// <returns>A task that completes when the files are closed.</returns>
    protected virtual async ValueTask DisposeAsyncCore()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        SignalClosed();
        if (Backend is { } backend)
        {
            await backend.DisposeAsync().ConfigureAwait(false);
        }
        else if (_lease!.Release())
        {
            try
            {
                await Engine.DisposeAsync().ConfigureAwait(false);
            }
            finally
            {
                _lease.Closed();
            }
        }
    }

    /// <summary>Releases resources; derived classes call the base implementation.</summary>
    /// <param name="disposing">True when called from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing)
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0 || !disposing)
        {
            return;
        }

        SignalClosed();
        if (Backend is { } backend)
        {
            backend.Dispose();
        }
        else if (_lease!.Release())
        {
            try
            {
                Engine.Dispose();
            }
            finally
            {
                _lease.Closed();
            }
        }
    }

    /// <summary>Throws <see cref="ObjectDisposedException"/> after <see cref="Dispose()"/>.</summary>
    protected internal void ThrowIfDisposed()
    {
        if (IsDisposed)
        {
            throw new ObjectDisposedException(GetType().Name, $"The database '{Path}' was closed: this context has been disposed.");
        }
    }

    /// <summary>
    /// The shared state of collection <paramref name="name"/> when it is already open on this file (by this
    /// or another context), else claims the name (null): two independent objects over one collection would
    /// each cache tree roots, field ids and sequences that the other's writes invalidate.
    /// </summary>
    internal CollectionState? ClaimOrShare(string name) => Lease.ClaimOrShare(name);

    internal void Release(string name) => Lease.Release(name);

    internal void Register(ICheckedCollection collection, CollectionState state)
    {
        lock (_collections)
        {
            _collections.Add(collection);
        }

        Lease.Register(state);
    }

    /// <summary>The collection objects open in this context, with their generated models.</summary>
    internal IModelOwner[] ModelOwners()
    {
        lock (_collections)
        {
            return [.. _collections.OfType<IModelOwner>()];
        }
    }

    /// <summary>The shared state of a collection open on this file (by this or another context sharing it), or null.</summary>
    internal CollectionState? FindOpen(string name) => Lease.Find(name);
}
