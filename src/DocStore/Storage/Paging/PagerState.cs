using DocStore.Storage.Cache;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Redo;
using DocStore.Storage.Wal;

namespace DocStore.Storage.Paging;

/// <summary>
/// What the pager's parts share: the devices, the WAL index, the cache and pool of page images, the LSNs
/// that say how far commits are appended, flushed and durable, and the failure that stops commits. The
/// parts (<see cref="PageReader"/>, <see cref="CommitPath"/>, <see cref="Checkpointer"/> and the others)
/// each do one job over it; <see cref="Pager"/> composes them.
/// </summary>
/// <remarks>The LSNs are fields so that the parts can read and raise them with <see cref="Volatile"/>.</remarks>
internal sealed class PagerState : IDisposable
{
    private const string InMemoryName = ":memory:";

    /// <summary>The database file; null in memory.</summary>
    public readonly IStorageDevice? Db;

    /// <summary>The key of an encrypted database (null: not encrypted).</summary>
    public Encryption.DatabaseKey? Key;

    /// <summary>The write-ahead log; null in memory.</summary>
    public readonly WriteAheadLog? Wal;

    /// <summary>A <c>:memory:</c> database's pages (null for a file).</summary>
    public readonly MemoryPages? Memory;

    /// <summary>The committed page versions the WAL (or memory) holds, by page and LSN.</summary>
    public readonly WalIndex Index = new();

    /// <summary>Page versions read or committed, by page and LSN.</summary>
    public readonly PageCache Cache;

    // Page images are reused (see PagePool): a file's once the cache lets go of them, a :memory: database's
    // once its checkpoints and restarts do (see MemoryPages).

    /// <summary>The pool of the database's page images.</summary>
    public readonly PagePool Pool;

    /// <summary>Held by whoever fsyncs the logs (see <see cref="GroupCommit"/>).</summary>
    public readonly SemaphoreSlim FlushGate = new(1, 1);

    /// <summary>One checkpoint at a time: two copying at once could let an older page version land after a newer one.</summary>
    public readonly Lock CheckpointGate = new();

    /// <summary>The redo log, when the database has one (attached at open).</summary>
    public RedoLog? Redo;

    /// <summary>The last commit appended: what the next writer builds on.</summary>
    public long CommittedLsn;

    /// <summary>The last commit an fsync covered (or that needs none).</summary>
    public long DurableLsn;

    /// <summary>The first write or fsync that failed: commits are refused from then on.</summary>
    public Exception? Failure;

    // The newest commit whose durability rests on the redo log, and on the WAL's own fsync; and how far
    // each file is known flushed. The writer raises the first two before it publishes a commit; the
    // flusher raises the last two.

    /// <summary>The newest commit made durable by a redo record.</summary>
    public long LastRedoCommitLsn;

    /// <summary>The newest commit made durable by the WAL's own fsync.</summary>
    public long LastWalCommitLsn;

    /// <summary>How far the redo log is known flushed.</summary>
    public long RedoSyncedLsn;

    /// <summary>How far the WAL is known flushed.</summary>
    public long WalSyncedLsn;

    /// <summary>
    /// What the next redo record links to (docs/format.md, "Redo log"): the last commit's record start LSN,
    /// or its commit frame's LSN where the WAL's fsync made it durable; 0 until the first commit after opening.
    /// </summary>
    public long LastCommitLink;

    /// <summary>
    /// The snapshot a running checkpoint copies (long.MaxValue when none runs): the versions it reads must
    /// stay cached like those of a reader at that snapshot.
    /// </summary>
    public long CheckpointSnapshot = long.MaxValue;

    /// <summary>Set at open until the deferred work is done (never, for a read-only open); see <see cref="OpenWork"/>.</summary>
    public bool OpenWorkPending;

    /// <summary>A read-only open (StorageOptions.ReadOnly): the work opening puts off is never done.</summary>
    public bool ReadOnly;

    /// <summary>The writer's side of the shared file, when other processes may read (DocStoreSharing.Shared).</summary>
    public Sharing.SharedWriter? SharedWriter;

    /// <summary>A shared read-only open's view of another process's writes.</summary>
    public WalFollower? Follower;

    /// <summary>Counts the checkpoints' writes into the database file, for readers whose page fails its check (in the shared file once shared).</summary>
    public FileCopies Copies = new();

    public PagerState(IStorageDevice? db, WriteAheadLog? wal, MemoryPages? memory, int pageSize, StorageOptions options)
    {
        Db = db;
        Wal = wal;
        Memory = memory;
        PageSize = pageSize;
        Durability = options.Durability;
        Compression = options.Compression;
        JournalSizeLimit = options.JournalSizeLimit;
        var freeImages = Math.Max(PagePool.MinFree, options.CacheSizePages / 2);

        // As many as the pool keeps free: every image a spill lets go of is reused by the next batch, instead
        // of being dropped to the pinned heap and allocated anew.
        SpillThreshold = options.SpillThresholdPages > 0 ? options.SpillThresholdPages : freeImages;
        Pool = new PagePool(pageSize, Readers, pinned: memory is null, maxFree: freeImages);
        Cache = new PageCache(memory is null ? options.CacheSizePages : 4, Pool.Retire);
        memory?.RetireThrough(Pool.Retire);
    }

    public int PageSize { get; }

    public Durability Durability { get; }

    /// <summary>How trees store the values written through this pager.</summary>
    public ValueCompression Compression { get; }

    /// <summary>What a restart cuts the logs back to (and what a commit may leave in the WAL before it checkpoints itself).</summary>
    public long JournalSizeLimit { get; }

    /// <summary>Private pages a write transaction may hold at a safe point before it spills them.</summary>
    public int SpillThreshold { get; }

    public string Name => Db?.Name ?? InMemoryName;

    public ReaderRegistry Readers { get; } = new(visibleLsn: 0);

    /// <summary>Engine statistics: what the pager did since the database was opened.</summary>
    public PagerCounters Counters { get; } = new();

    /// <summary>The writer's reused collections (write lock held).</summary>
    public WriterPages Writer { get; } = new();

    /// <summary>
    /// How full the journal is, in page-sized frames: the bytes of the WAL's frames and of the redo log's
    /// records together, divided by a whole-page frame's (see <see cref="Pager.JournalSizeInPages"/>).
    /// </summary>
    public long JournalSizeInPages => Memory?.FrameCount
        ?? InWholeFrames(Wal!.EndOffset - WalFormat.HeaderSize + Math.Max(0, (Redo?.EndOffset ?? 0) - (Redo?.HeaderBlockSize ?? 0)));

    /// <summary>How full the WAL alone is, in page-sized frames (see <see cref="Pager.WalSizeInPages"/>).</summary>
    public long WalSizeInPages => Memory?.FrameCount ?? InWholeFrames(Wal!.EndOffset - WalFormat.HeaderSize);

    /// <summary>Where the longer of the two logs ends: the WAL's frames, or the redo log's records.</summary>
    public long JournalEnd => Math.Max(Wal!.EndOffset, Redo?.EndOffset ?? 0);

    // Log bytes in whole-page frames, rounded up.
    private long InWholeFrames(long bytes) => (bytes + Wal!.FullFrameLength - 1) / Wal.FullFrameLength;

    /// <summary>The oldest snapshot a reader or a running checkpoint may still read pages at.</summary>
    public long OldestSnapshotInUse() => Math.Min(Readers.Oldest(), Volatile.Read(ref CheckpointSnapshot));

    /// <summary>Throws if an earlier write or fsync failed: nothing may be committed on top of an unknown state.</summary>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    public void ThrowIfFailed()
    {
        if (Volatile.Read(ref Failure) is { } failure)
        {
            throw new StorageFailedException($"{Name}: an earlier write or fsync failed ({failure.Message}); the database refuses commits until it is reopened.", failure);
        }
    }

    /// <summary>
    /// Records <paramref name="ex"/> as the failure that stops commits and returns the exception to throw.
    /// Only a failure on a commit's own path may tell its caller that the commit is not acknowledged: a
    /// checkpoint, a log restart or a rollback has no commit of its own (as at the first write after a
    /// reopen on a full disk, which checkpoints first).
    /// </summary>
    public StorageFailedException Fail(IOException ex, string what, bool commitAttempted = true)
    {
        Interlocked.CompareExchange(ref Failure, ex, null);
        var message = commitAttempted
            ? $"{Name}: {what} failed; this commit is not acknowledged and the database refuses commits until it is reopened."
            : $"{Name}: {what} failed; the database refuses commits until it is reopened.";
        return new StorageFailedException(message, ex);
    }

    /// <summary>Closes the devices and drops the cached images.</summary>
    public void Dispose()
    {
        Cache.Clear();
        Redo?.Dispose();
        Wal?.Dispose();
        Db?.Dispose();
        Follower?.Dispose();

        // The flush gate is left undisposed (it holds no handle): a committer that checked for durability
        // just before a compaction made its commit durable and retired this pager still takes it, finds its
        // LSN durable and returns, where a disposed gate would throw at an acknowledged commit.
    }
}
