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
internal sealed class StorageEngine : IDisposable
{
    /// <summary>The name that opens an in-memory database (same engine, memory devices, nothing persisted).</summary>
    public const string InMemory = ":memory:";

    // In memory a checkpoint only moves references, so it runs every few frames (see AfterCommit).
    private const int MemoryCheckpointFrames = 8;
    private readonly Pager _pager;
    private readonly SemaphoreSlim _writeLock = new(1, 1);
    private readonly StorageOptions _options;
    private readonly Lock _backgroundGate = new();
    private Task _background = Task.CompletedTask;
    private int _disposed;

    private StorageEngine(Pager pager, StorageOptions options, string name)
    {
        _pager = pager;
        _options = options;
        Name = name;
    }

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
    internal TreeRootCache RootCache { get; } = new();

    /// <summary>
    /// Opens the database at <paramref name="path"/> (creating it, with <c>path-wal</c> beside it, and
    /// <c>path-redo</c> when commits go through a redo log), or an in-memory database for
    /// <see cref="InMemory"/>. Opening runs recovery: committed transactions in the WAL are kept, a torn or
    /// uncommitted tail is dropped.
    /// </summary>
    /// <exception cref="DatabaseLockedException">Another process has the file open.</exception>
    /// <exception cref="DatabaseCorruptException">The header or an acknowledged WAL frame is damaged.</exception>
    public static StorageEngine Open(string path, StorageOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        options ??= new StorageOptions();
        if (path == InMemory)
        {
            options.Validate();
            return new StorageEngine(Pager.OpenInMemory(options), options, path);
        }

        var db = FileStorageDevice.Open(path);
        FileStorageDevice? wal = null;
        FileStorageDevice? redo = null;
        try
        {
            // The file each commit fsyncs takes the unbuffered writes: the redo log's records, or the WAL's
            // frames without a redo log.
            wal = FileStorageDevice.Open(path + "-wal", unbufferedWrites: options.WalWritesUnbuffered);

            // A redo log left by a run that used one is read whatever the options say now: it may hold
            // acknowledged commits that only it has.
            redo = options.CommitsThroughRedo || File.Exists(path + "-redo") ? FileStorageDevice.Open(path + "-redo", unbufferedWrites: options.RedoWritesUnbuffered) : null;
            return Open(db, wal, redo, options, path);
        }
        catch
        {
            redo?.Dispose();
            wal?.Dispose();
            db.Dispose();
            throw;
        }
    }

    /// <summary>Opens a database on explicit devices (in memory, or wrapping a file), without a redo log.</summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, StorageOptions options, string? name = null) =>
        Open(db, wal, null, options, name);

    /// <summary>
    /// Opens a database on explicit devices; with a <paramref name="redo"/> device, replays the commits that
    /// its records hold and the WAL lost, and (under <see cref="Durability.Full"/> with
    /// <see cref="StorageOptions.RedoLog"/>) commits through it.
    /// </summary>
    internal static StorageEngine Open(IStorageDevice db, IStorageDevice wal, IStorageDevice? redo, StorageOptions options, string? name = null)
    {
        options.Validate();
        var pager = Pager.Open(db, wal, redo, options);
        var engine = new StorageEngine(pager, options, name ?? db.Name);
        try
        {
            RedoReplay.Run(engine);
        }
        catch
        {
            pager.Dispose();
            throw;
        }

        return engine;
    }

    /// <summary>Begins a read transaction on the latest acknowledged commit.</summary>
    public ReadTransaction BeginRead()
    {
        ThrowIfDisposed();
        return new ReadTransaction(_pager, RootCache, _pager.Readers.Register());
    }

    /// <summary>
    /// Registers a bare snapshot of the latest acknowledged commit, for a point read that needs no
    /// <see cref="ReadTransaction"/> object; the caller reads through a <see cref="BTree.PageSource"/> and
    /// calls <see cref="ReaderSnapshot.Leave"/> when done.
    /// </summary>
    internal ReaderSnapshot RegisterSnapshot()
    {
        ThrowIfDisposed();
        return _pager.Readers.Register();
    }

    /// <summary>Begins the write transaction, waiting up to <see cref="StorageOptions.WriteLockTimeout"/> for the current one to end.</summary>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout.</exception>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    public WriteTransaction BeginWrite()
    {
        ThrowIfDisposed();
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
        if (!await _writeLock.WaitAsync(_options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        return StartWrite();
    }

    private WriteTransaction StartWrite()
    {
        try
        {
            _pager.ThrowIfFailed();
            return new WriteTransaction(_pager, RootCache, () => _writeLock.Release(), AfterCommit, InvariantCheck);
        }
        catch
        {
            _writeLock.Release();
            throw;
        }
    }

    /// <summary>
    /// Copies committed pages from the WAL into the database file, as far as live readers allow, and
    /// restarts the WAL when all of it was copied and no reader is live. Waits for the write lock.
    /// </summary>
    /// <returns>True when the WAL is now empty.</returns>
    public bool Checkpoint()
    {
        ThrowIfDisposed();
        if (!_writeLock.Wait(_options.WriteLockTimeout))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        try
        {
            return _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>The asynchronous twin of <see cref="Checkpoint"/>: waits for the write lock without blocking a thread.</summary>
    public async ValueTask<bool> CheckpointAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        if (!await _writeLock.WaitAsync(_options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(Name, _options.WriteLockTimeout);
        }

        try
        {
            return _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
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

    /// <summary>
    /// Runs after every acknowledged commit. Past the threshold, a file database starts a background
    /// checkpoint (unless one is running) so the committing caller never pays for it; an in-memory one
    /// checkpoints inline (moving references costs less than scheduling) if no writer is waiting.
    /// </summary>
    private void AfterCommit()
    {
        // In memory a checkpoint only moves references, so it runs far more often: superseded page
        // versions then die young (cheap for the GC) instead of being kept, and promoted, for thousands of frames.
        var threshold = _pager.IsInMemory ? Math.Min(_options.AutoCheckpointFrames, MemoryCheckpointFrames) : _options.AutoCheckpointFrames;
        if (threshold == 0 || _pager.WalSizeInPages < threshold)
        {
            return;
        }

        if (!_pager.IsInMemory)
        {
            lock (_backgroundGate)
            {
                if (_background.IsCompleted && Volatile.Read(ref _disposed) == 0)
                {
                    _background = Task.Run(BackgroundCheckpoint);
                }
            }

            return;
        }

        if (!_writeLock.Wait(0))
        {
            return;
        }

        try
        {
            _pager.Checkpoint();
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>
    /// Waits for the background checkpoint that is running, if any (one that starts later is not waited
    /// for): <see cref="Dispose"/> does before it takes the write lock, which that checkpoint may need.
    /// </summary>
    public void WaitForBackgroundCheckpoint() => BackgroundCheckpointTask().Wait();

    /// <summary>
    /// The asynchronous twin of <see cref="WaitForBackgroundCheckpoint"/>: completes when the background
    /// checkpoint running now ends (at once when none is).
    /// </summary>
    public Task WaitForBackgroundCheckpointAsync() => BackgroundCheckpointTask();

    private Task BackgroundCheckpointTask()
    {
        lock (_backgroundGate)
        {
            return _background;
        }
    }

    // Copies while writers keep committing, then takes the write lock only to copy what they appended
    // meanwhile and restart the WAL. Failures are not lost by ending here: the pager records a failed write
    // or fsync and refuses later commits with it, and a corrupt or unreadable page fails whoever reads it next.
    private void BackgroundCheckpoint()
    {
        try
        {
            _pager.CopyCommitted();
            if (Volatile.Read(ref _disposed) != 0 || !_writeLock.Wait(_options.WriteLockTimeout))
            {
                return;
            }

            try
            {
                if (Volatile.Read(ref _disposed) == 0)
                {
                    _pager.Checkpoint();
                }
            }
            finally
            {
                _writeLock.Release();
            }
        }
        catch (StorageFailedException)
        {
            // Recorded by the pager; the next commit reports it.
        }
        catch (DatabaseCorruptException)
        {
            // The damaged page stays in the WAL index; readers and the next checkpoint report it.
        }
        catch (IOException)
        {
            // A failed read of a WAL frame: nothing was changed, the next checkpoint retries.
        }
    }

    /// <summary>Checks every tree, the free list and page ownership on a fresh snapshot.</summary>
    public IntegrityReport CheckIntegrity()
    {
        using var tx = BeginRead();
        return IntegrityChecker.Check(tx);
    }

    /// <summary>
    /// Writes a consistent copy of the database as of now to a new file at <paramref name="path"/> (an online
    /// backup; for an in-memory database, the way to persist it). Writers may continue meanwhile.
    /// </summary>
    /// <exception cref="IOException">The target exists or cannot be written.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the source fails its checksum.</exception>
    public void SaveTo(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var tx = BeginRead();
        var pageCount = Storage.Pages.HeaderPage.GetPageCount(tx.ReadPage(0));
        var problems = new List<string>();
        var unwritten = new HashSet<uint>();
        foreach (var (page, isTrunk) in FreeList.Enumerate(tx, pageCount, problems))
        {
            if (!isTrunk)
            {
                unwritten.Add(page);
            }
        }

        if (problems.Count > 0)
        {
            throw new DatabaseCorruptException(Name, -1, problems[0]);
        }

        using var target = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None);
        var zeros = new byte[PageSize];
        var copy = new byte[PageSize];
        for (uint page = 0; page < pageCount; page++)
        {
            // A free page that is not a trunk may never have been written; it stays free, so zeros do.
            if (unwritten.Contains(page))
            {
                target.Write(zeros);
                continue;
            }

            // In-memory pages carry no checksum (nothing there can tear), so stamp a copy for the file.
            tx.ReadPage(page).CopyTo(copy, 0);
            Storage.Pages.PageChecksum.Stamp(copy, page);
            target.Write(copy);
        }

        target.Flush(flushToDisk: true);
    }

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);

    /// <summary>
    /// The asynchronous twin of <see cref="Dispose"/>: waits for a running background checkpoint without
    /// blocking a thread, then closes as <see cref="Dispose"/> does (the final checkpoint writes synchronously).
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        Task background;
        lock (_backgroundGate)
        {
            background = _background;
        }

        await background.ConfigureAwait(false);
        Dispose();
    }

    /// <summary>Waits for the open write transaction, checkpoints everything and closes the files.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        // Let a background checkpoint finish first: it may need the write lock taken below. None starts
        // after this: AfterCommit checks _disposed under the same gate.
        WaitForBackgroundCheckpoint();
        var locked = _writeLock.Wait(_options.WriteLockTimeout);
        try
        {
            if (locked)
            {
                try
                {
                    if (_pager.Checkpoint())
                    {
                        _pager.TrimEmptyLog();
                    }
                }
                catch (StorageFailedException)
                {
                    // Nothing more can be made durable; recovery at the next open sorts out the files.
                }
                catch (DatabaseCorruptException)
                {
                    // A damaged log page stays in the log, where the next open and the integrity check report it.
                }
            }
        }
        finally
        {
            _pager.Dispose();
            _writeLock.Dispose();
        }
    }
}
