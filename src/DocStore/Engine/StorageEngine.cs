using System.Diagnostics.Metrics;
using DocStore.Diagnostics;
using DocStore.Engine.Backups;
using DocStore.Engine.Compaction;
using DocStore.Engine.Lifecycle;
using DocStore.Engine.Statistics;
using DocStore.Engine.Upkeep;
using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.Engine;

/// <summary>
/// The low-level entry point: a file (or <c>:memory:</c>) of named B+trees with snapshot reads, one writer
/// at a time, a write-ahead log and crash recovery. Thread-safe; transactions are not (use each from one
/// caller at a time, on any thread). A facade over parts that share one <see cref="EngineState"/>:
/// checkpoint scheduling, backup, compaction, sizes and closing.
/// </summary>
internal sealed class StorageEngine : IDisposable
{
    /// <summary>The name that opens an in-memory database (same engine, memory devices, nothing persisted).</summary>
    public const string InMemory = ":memory:";

    private readonly EngineState _state;
    private readonly CheckpointScheduler _checkpoints;
    private readonly EngineCloser _closer;
    private readonly Action _afterCommit;

    internal StorageEngine(Pager pager, StorageOptions options, string name, bool backupLockFoundAtOpen)
    {
        _state = new EngineState(pager, options, name, backupLockFoundAtOpen);
        _checkpoints = new CheckpointScheduler(_state);
        _closer = new EngineCloser(_state, _checkpoints);
        Sizes = new EngineSizes(_state);
        Backups = new EngineBackup(_state, Sizes);
        Compaction = new EngineCompaction(_state, Sizes, Backups, _checkpoints);
        DocStoreMetrics.TrackWalSize(this, MeasureWalSize);
        _afterCommit = AfterCommit;
    }

    // Read by the metrics thread without locks: an approximate size is all a gauge needs.
    private Measurement<long> MeasureWalSize() =>
        new(_state.IsDisposed ? 0 : _state.Pager.WalSizeInPages * (long)_state.Pager.PageSize, new KeyValuePair<string, object?>("db", Name));

    /// <summary>Online backups of this database.</summary>
    internal EngineBackup Backups { get; }

    /// <summary>Dense rewrites of this database, in place or to another file.</summary>
    internal EngineCompaction Compaction { get; }

    /// <summary>The sizes of the database's files.</summary>
    internal EngineSizes Sizes { get; }

    /// <summary>The path (or <see cref="InMemory"/>) the engine was opened with.</summary>
    public string Name => _state.Name;

    /// <summary>The page size of the file.</summary>
    public int PageSize => _state.Pager.PageSize;

    /// <summary>The durability commits get.</summary>
    public Durability Durability => _state.Pager.Durability;

    /// <summary>Frames currently in the WAL (0 right after a complete checkpoint).</summary>
    public long WalFrameCount => _state.Pager.WalFrameCount;

    internal Pager Pager => _state.Pager;

    /// <summary>Tree roots by name, shared by all transactions (see <see cref="TreeRootCache"/>).</summary>
    internal TreeRootCache RootCache => _state.RootCache;

    /// <summary>Whether this is a shared read-only open that takes in another process's commits (docs/storage.md, "Many processes").</summary>
    /// <summary>Signalled after each acknowledged commit of this process (the change feed waits on it).</summary>
    internal CommitSignal Commits { get; } = new();

    internal bool FollowsAnotherProcess => _state.Pager.Follower is not null;

    /// <summary>How many times such an open took in another process's commits: what it caches from the catalog is stale when this moved.</summary>
    internal long FollowedCommits => _state.Pager.Follower?.FollowedCommits ?? 0;

    /// <summary>Whether the database was opened read-only (<see cref="StorageOptions.ReadOnly"/>).</summary>
    public bool IsReadOnly => _state.Options.ReadOnly;

    /// <summary>
    /// Opens the database at <paramref name="path"/> (creating it, with <c>path-wal</c> beside it, and
    /// <c>path-redo</c> when commits go through a redo log), or an in-memory database for
    /// <see cref="InMemory"/>. Opening runs recovery: committed transactions in the WAL are kept, a torn or
    /// uncommitted tail is dropped.
    /// </summary>
    /// <exception cref="ArgumentException">The path looks like a connection string (see <see cref="Files.ConnectionStringPath"/>), or is a directory.</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open.</exception>
    /// <exception cref="DatabaseCorruptException">The file is not a DocStore database (nothing is created beside it), or the header or an acknowledged WAL frame is damaged.</exception>
    /// <exception cref="DatabaseReadOnlyException">Opening read-only, the file is missing but its logs are there.</exception>
    /// <exception cref="FileNotFoundException">Opening read-only, there is no file and no log.</exception>
    public static StorageEngine Open(string path, StorageOptions? options = null) => EngineOpener.Open(path, options);

    /// <summary>
    /// The asynchronous twin of <see cref="Open(string, StorageOptions?)"/>: a shared open that may write waits
    /// for another process's writer turn without blocking a thread; every other open completes synchronously.
    /// </summary>
    /// <exception cref="DatabaseBusyException">Shared, another process held the writer lock for the whole <see cref="StorageOptions.BusyTimeout"/>.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; nothing is left open.</exception>
    internal static ValueTask<StorageEngine> OpenAsync(string path, StorageOptions? options, CancellationToken cancellationToken) =>
        EngineOpener.OpenAsync(path, options, cancellationToken);

    /// <summary>Opens a database on explicit devices (in memory, or wrapping a file), without a redo log.</summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, StorageOptions options, string? name = null) =>
        EngineOpener.Open(db, wal, null, options, name, backupLockFoundAtOpen: false);

    /// <summary>
    /// Opens a database on explicit devices; with a <paramref name="redo"/> device, replays the commits that
    /// its records hold and the WAL lost, and (under <see cref="Durability.Full"/> with
    /// <see cref="StorageOptions.RedoLog"/>) commits through it.
    /// </summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, IStorageDevice? redo, StorageOptions options, string? name = null) =>
        EngineOpener.Open(db, wal, redo, options, name, backupLockFoundAtOpen: false);

    /// <summary>Begins a read transaction on the latest acknowledged commit.</summary>
    public ReadTransaction BeginRead() => _state.BeginRead();

    /// <summary>
    /// Registers a bare snapshot of the latest acknowledged commit, for a point read that needs no
    /// <see cref="ReadTransaction"/> object; the caller reads through a <see cref="BTree.PageSource"/> and
    /// calls <see cref="ReaderSnapshot.Leave"/> when done.
    /// </summary>
    internal ReaderSnapshot RegisterSnapshot()
    {
        _state.ThrowIfDisposed();
        return _state.Register().Snapshot;
    }

    /// <summary>Throws when an earlier write or fsync failed, after which the engine refuses every commit.</summary>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    public void ThrowIfFailed() => _state.Pager.ThrowIfFailed();

    /// <summary>Begins the write transaction, waiting up to <see cref="StorageOptions.WriteLockTimeout"/> for the current one to end.</summary>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout.</exception>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="DatabaseBusyException">A shared open: another process's write transaction stayed open past <see cref="StorageOptions.BusyTimeout"/>.</exception>
    public WriteTransaction BeginWrite()
    {
        _state.ThrowIfDisposed();
        _state.ThrowIfReadOnly("a write transaction");
        if (!_state.WriteLock.Wait(_state.Options.WriteLockTimeout))
        {
            throw new WriteLockTimeoutException(Name, _state.Options.WriteLockTimeout);
        }

        return StartWrite();
    }

    /// <summary>The asynchronous twin of <see cref="BeginWrite"/>: waits for the write lock without blocking a thread.</summary>
    public async ValueTask<WriteTransaction> BeginWriteAsync(CancellationToken cancellationToken = default)
    {
        _state.ThrowIfDisposed();
        _state.ThrowIfReadOnly("a write transaction");
        if (!await _state.WriteLock.WaitAsync(_state.Options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(Name, _state.Options.WriteLockTimeout);
        }

        if (_state.Pager.Turns is { } turns)
        {
            try
            {
                _state.ThrowIfDisposed();
                await turns.TakeAsync(_state.Options.BusyTimeout, cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                _state.WriteLock.Release();
                throw;
            }

            return StartWrite(turnTaken: true);
        }

        return StartWrite();
    }

    /// <summary>
    /// A write transaction for recovery at open (see <see cref="RedoReplay"/>): unlike <see cref="BeginWrite"/>,
    /// it leaves the writes opening put off for later, so its commits stay in memory.
    /// </summary>
    internal WriteTransaction BeginRecoveryWrite()
    {
        _state.WriteLock.Wait(Timeout.InfiniteTimeSpan);
        return StartWrite(finishOpen: false);
    }

    private WriteTransaction StartWrite(bool finishOpen = true, bool turnTaken = false)
    {
        try
        {
            // Dispose may have begun while this caller waited for the lock.
            _state.ThrowIfDisposed();
            if (finishOpen && !turnTaken && _state.Pager.Turns is { } turns)
            {
                // A shared open: the other processes' commits are taken in before this transaction's snapshot.
                turns.Take(_state.Options.BusyTimeout);
                turnTaken = true;
            }

            _state.Pager.ThrowIfFailed();
            if (finishOpen)
            {
                // The first write does what opening put off (docs/storage.md, "Recovery").
                _state.Pager.FinishOpen();
                _state.Pager.PublishShared();
            }

            var writer = new WriteTransaction(_state.Pager, _state.RootCache, ReleaseWriter, _afterCommit, InvariantCheck);
            Volatile.Write(ref _state.Writer, writer);
            return writer;
        }
        catch
        {
            _state.EndTurnAndRelease(turnTaken);
            throw;
        }
    }

    // Each acknowledged commit: the checkpoint schedule, then whoever waits for commits.
    private void AfterCommit()
    {
        _checkpoints.AfterCommit();
        Commits.Signal();
    }

    private void ReleaseWriter()
    {
        Volatile.Write(ref _state.Writer, null);
        _state.EndTurnAndRelease(_state.Pager.Turns is { Held: true });
    }

    /// <summary>
    /// The invariant checker run before every commit in builds that define DOCSTORE_INVARIANTS (.ci/run
    /// runs the engine tests so, built with <c>-p:DocStoreInvariants=true</c>): it walks every tree and the
    /// free list and refuses to commit a broken state. Off otherwise, because the walk costs time
    /// proportional to the database.
    /// </summary>
    private static Action<WriteTransaction>? InvariantCheck =>
#if DOCSTORE_INVARIANTS
        static transaction =>
        {
            var report = IntegrityChecker.Check(transaction);
            if (!report.IsValid)
            {
                throw new DatabaseCorruptException(transaction.DatabaseName, -1, "invariant check before commit failed: " + report);
            }
        };
#else
        null;
#endif

    /// <summary>Checks every tree, the free list and page ownership on a fresh snapshot.</summary>
    public IntegrityReport CheckIntegrity()
    {
        using var tx = BeginRead();
        return IntegrityChecker.Check(tx);
    }

    /// <summary>
    /// Copies committed pages from the WAL into the database file, as far as live readers allow, and
    /// restarts the WAL when all of it was copied and no reader is live. Waits for the write lock.
    /// </summary>
    /// <returns>True when the WAL is now empty.</returns>
    public bool Checkpoint() => _checkpoints.Checkpoint();

    /// <summary>The asynchronous twin of <see cref="Checkpoint"/>: waits for the write lock without blocking a thread.</summary>
    public ValueTask<bool> CheckpointAsync(CancellationToken cancellationToken = default) => _checkpoints.CheckpointAsync(cancellationToken);

    /// <summary>
    /// Waits for the background checkpoint that is running, if any (one that starts later is not waited
    /// for): <see cref="Dispose"/> does before it takes the write lock, which that checkpoint may need.
    /// </summary>
    public void WaitForBackgroundCheckpoint() => _checkpoints.WaitForBackgroundCheckpoint();

    /// <summary>
    /// The asynchronous twin of <see cref="WaitForBackgroundCheckpoint"/>: completes when the background
    /// checkpoint running now ends (at once when none is).
    /// </summary>
    public Task WaitForBackgroundCheckpointAsync() => _checkpoints.WaitForBackgroundCheckpointAsync();

    /// <summary>
    /// The asynchronous twin of <see cref="Dispose"/>: waits for a running background checkpoint without
    /// blocking a thread, then closes as <see cref="Dispose"/> does (the final checkpoint writes synchronously).
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        await WaitForBackgroundCheckpointAsync().ConfigureAwait(false);
        Dispose();
    }

    /// <summary>
    /// Checkpoints everything and closes the files. A write transaction still open is rolled back (see
    /// <see cref="EngineCloser"/>); using it afterwards throws <see cref="ObjectDisposedException"/>.
    /// </summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _state.Disposed, 1) != 0)
        {
            return;
        }

        DocStoreMetrics.UntrackWalSize(this);
        _closer.Close();
    }
}
