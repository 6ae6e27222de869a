using DocStore.Storage;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;
using DocStore.Storage.Paging;

namespace DocStore.Transactions;

/// <summary>
/// A view of the database at one snapshot. Transactions are plain objects, never tied to a thread: one
/// may be used across <c>await</c> and resumed on any thread, as long as it is used by one caller at a time.
/// </summary>
internal abstract class Transaction : IDisposable
{
    private protected Transaction(Pager pager, TreeRootCache rootCache, long snapshotLsn)
    {
        Pager = pager;
        RootCache = rootCache;
        SnapshotLsn = snapshotLsn;
    }

    /// <summary>The LSN of the last commit this transaction sees.</summary>
    public long SnapshotLsn { get; }

    /// <summary>True once the transaction committed, rolled back or was disposed.</summary>
    public bool IsCompleted { get; private protected set; }

    internal Pager Pager { get; }

    /// <summary>The database's name for error messages.</summary>
    internal string DatabaseName => Pager.Name;

    /// <summary>True when the database was opened read-only (no transaction of it ever writes).</summary>
    internal bool OnReadOnlyDatabase => Pager.IsReadOnly;

    internal int PageSize => Pager.PageSize;

    /// <summary>Tree roots by name, shared by the engine's transactions; null where this transaction's view differs from every commit.</summary>
    internal TreeRootCache? SharedRootCache => UsesRootCache ? RootCache : null;

    private protected TreeRootCache RootCache { get; }

    /// <summary>Bumped by every mutation, so cursors notice that the pages under them changed.</summary>
    internal long Version { get; set; }

    /// <summary>What the tree layer keeps for this transaction (the trees it opened); opaque to this layer.</summary>
    internal object? TreeState { get; set; }

    /// <summary>What the change log keeps for this transaction (its commit position); opaque to this layer.</summary>
    internal object? ChangeLogState { get; set; }

    /// <summary>The image of a page as this transaction sees it. Callers never mutate it.</summary>
    internal byte[] ReadPage(uint pageNumber) => ReadPage(pageNumber, out _);

    /// <summary>Like <see cref="ReadPage(uint)"/>, and the cache entry of a committed image (null for a page this transaction changed).</summary>
    internal virtual byte[] ReadPage(uint pageNumber, out CachedPage? cached) => Pager.Read(pageNumber, SnapshotLsn, out cached);

    /// <summary>
    /// The page as this transaction sees it, for a walk over much of the database: a page not cached is read
    /// into <paramref name="scratch"/> without caching it (<see cref="Pager.ReadUncached"/>), so the result is
    /// valid only until the next read into the same scratch. Callers never mutate it.
    /// </summary>
    internal virtual byte[] ReadPageForWalk(uint pageNumber, byte[] scratch) => Pager.ReadUncached(pageNumber, SnapshotLsn, scratch);

    internal void ThrowIfCompleted()
    {
        if (Volatile.Read(ref _closedByEngine) != 0)
        {
            throw ClosedByEngine();
        }

        if (IsCompleted)
        {
            throw new ObjectDisposedException(GetType().Name, "The transaction has already completed.");
        }
    }

    // Set when the engine was disposed while this transaction was open: it is rolled back, and every later
    // use says why rather than failing on whatever the engine has let go of.
    private int _closedByEngine;

    /// <summary>Whether the engine was disposed while this transaction was open.</summary>
    internal bool IsClosedByEngine => Volatile.Read(ref _closedByEngine) != 0;

    /// <summary>Marks the transaction closed by the engine's disposal: every later use throws <see cref="ObjectDisposedException"/>.</summary>
    internal void MarkClosedByEngine() => Interlocked.Exchange(ref _closedByEngine, 1);

    private protected ObjectDisposedException ClosedByEngine() =>
        new(GetType().Name, $"The database '{DatabaseName}' was closed while this transaction was open; the transaction was rolled back.");

    /// <summary>False once a write transaction changed the catalog: its own view then differs from every committed one.</summary>
    private protected virtual bool UsesRootCache => true;

    /// <summary>Ends the transaction; a write transaction that was not committed rolls back.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Releases what the transaction holds (its snapshot, or the write lock and its private pages).</summary>
    protected abstract void Dispose(bool disposing);
}
