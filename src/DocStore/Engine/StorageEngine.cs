using System.Diagnostics.Metrics;
using DocStore.Diagnostics;
using DocStore.Engine.Compaction;
using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine;

/// <summary>
/// The low-level entry point: a file (or <c>:memory:</c>) of named B+trees with snapshot reads, one writer
/// at a time, a write-ahead log and crash recovery. Thread-safe; transactions are not (use each from one
/// caller at a time, on any thread).
/// </summary>
internal sealed partial class StorageEngine : IDisposable
{
    /// <summary>The name that opens an in-memory database (same engine, memory devices, nothing persisted).</summary>
    public const string InMemory = ":memory:";

    // In memory a checkpoint only moves references, so it runs every few frames (see AfterCommit).
    private const int MemoryCheckpointFrames = 8;
    // Replaced only by compaction, while no reader is registered (see Register and StorageEngine.Compact.cs).
    private Pager _pager;
    private readonly WriteLock _writeLock = new();
    private readonly ReaderGate _readerGate = new();
    private readonly StorageOptions _options;
    private readonly Lock _backgroundGate = new();
    private Task _background = Task.CompletedTask;
    private int _disposed;

    // The open write transaction (null between writers), so that disposing the engine can close it.
    private WriteTransaction? _writer;

    // How long Dispose lets an open write transaction notice it was closed and roll itself back before
    // rolling it back itself (an idle one never notices).
    private static readonly TimeSpan DisposeGrace = TimeSpan.FromMilliseconds(100);

    private StorageEngine(Pager pager, StorageOptions options, string name)
    {
        _pager = pager;
        _options = options;
        Name = name;
        DocStoreMetrics.TrackWalSize(this, MeasureWalSize);
        if (!pager.IsInMemory && !options.ReadOnly)
        {
            _idleTimer = options.TimeProvider.CreateTimer(OnIdleTimer, null, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
        }
    }

    // Read by the metrics thread without locks: an approximate size is all a gauge needs.
    private Measurement<long> MeasureWalSize() =>
        new(Volatile.Read(ref _disposed) != 0 ? 0 : _pager.WalSizeInPages * (long)_pager.PageSize, new KeyValuePair<string, object?>("db", Name));

    /// <summary>The path (or <see cref="InMemory"/>) the engine was opened with.</summary>
    public string Name { get; }

    /// <summary>The page size of the file.</summary>
    public int PageSize => _pager.PageSize;

    /// <summary>The durability commits get.</summary>
    public Durability Durability => _pager.Durability;

    /// <summary>Frames currently in the WAL (0 right after a complete checkpoint).</summary>
    public long WalFrameCount => _pager.WalFrameCount;

    internal Pager Pager => _pager;

    /// <summary>Tree roots by name, shared by all transactions (see <see cref="TreeRootCache"/>).</summary>
    internal TreeRootCache RootCache { get; private set; } = new();

    /// <summary>Begins a read transaction on the latest acknowledged commit.</summary>
    public ReadTransaction BeginRead()
    {
        ThrowIfDisposed();
        var (pager, snapshot) = Register();
        return new ReadTransaction(pager, RootCache, snapshot);
    }

    /// <summary>
    /// Registers a bare snapshot of the latest acknowledged commit, for a point read that needs no
    /// <see cref="ReadTransaction"/> object; the caller reads through a <see cref="BTree.PageSource"/> and
    /// calls <see cref="ReaderSnapshot.Leave"/> when done.
    /// </summary>
    internal ReaderSnapshot RegisterSnapshot()
    {
        ThrowIfDisposed();
        return Register().Snapshot;
    }

    // A reader registers on the pager of the moment and keeps it: compaction swaps the pager only while no
    // reader is registered, so one that finds the pager replaced after registering leaves and tries again.
    // While compaction holds the reader gate, new readers wait at it (compaction's own reads pass it).
    private (Pager Pager, ReaderSnapshot Snapshot) Register(bool passGate = false)
    {
        while (true)
        {
            if (!passGate)
            {
                _readerGate.WaitWhileHeld();
            }

            var pager = Volatile.Read(ref _pager);
            var snapshot = pager.Readers.Register();
            if ((passGate || !_readerGate.IsHeld) && ReferenceEquals(pager, Volatile.Read(ref _pager)))
            {
                return (pager, snapshot);
            }

            snapshot.Leave();
        }
    }

    /// <summary>Whether the database was opened read-only (<see cref="StorageOptions.ReadOnly"/>).</summary>
    public bool IsReadOnly => _options.ReadOnly;

    /// <summary>Throws when an earlier write or fsync failed, after which the engine refuses every commit.</summary>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    public void ThrowIfFailed() => _pager.ThrowIfFailed();

    private void ThrowIfReadOnly(string what)
    {
        if (_options.ReadOnly)
        {
            throw DatabaseReadOnlyException.ForWrite(Name, what);
        }
    }

    /// <summary>Begins the write transaction, waiting up to <see cref="StorageOptions.WriteLockTimeout"/> for the current one to end.</summary>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout.</exception>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    public WriteTransaction BeginWrite()
    {
        ThrowIfDisposed();
        ThrowIfReadOnly("a write transaction");
        if (!_writeLock.Wait(_options.WriteLockTimeout))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        return StartWrite();
    }

    /// <summary>The asynchronous twin of <see cref="BeginWrite"/>: waits for the write lock without blocking a thread.</summary>
    public async ValueTask<WriteTransaction> BeginWriteAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        ThrowIfReadOnly("a write transaction");
        if (!await _writeLock.WaitAsync(_options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        return StartWrite();
    }

    /// <summary>
    /// A write transaction for recovery at open (see <see cref="RedoReplay"/>): unlike <see cref="BeginWrite"/>,
    /// it leaves the writes opening put off for later, so its commits stay in memory.
    /// </summary>
    internal WriteTransaction BeginRecoveryWrite()
    {
        _writeLock.Wait(Timeout.InfiniteTimeSpan);
        return StartWrite(finishOpen: false);
    }

    private WriteTransaction StartWrite(bool finishOpen = true)
    {
        try
        {
            // Dispose may have begun while this caller waited for the lock.
            ThrowIfDisposed();
            _pager.ThrowIfFailed();
            if (finishOpen)
            {
                // The first write does what opening put off (docs/storage.md, "Recovery").
                _pager.FinishOpen();
            }

            var writer = new WriteTransaction(_pager, RootCache, ReleaseWriter, AfterCommit, InvariantCheck);
            Volatile.Write(ref _writer, writer);
            return writer;
        }
        catch
        {
            _writeLock.Release();
            throw;
        }
    }

    private void ReleaseWriter()
    {
        Volatile.Write(ref _writer, null);
        _writeLock.Release();
    }

    /// <summary>Checks every tree, the free list and page ownership on a fresh snapshot.</summary>
    public IntegrityReport CheckIntegrity()
    {
        using var tx = BeginRead();
        return IntegrityChecker.Check(tx);
    }
}
