using DocStore.Storage.Cache;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Redo;
using DocStore.Storage.Wal;

namespace DocStore.Storage.Paging;

/// <summary>
/// Resolves a page number at a snapshot to an image: the newest WAL version at or before the snapshot LSN,
/// else the database file; images are checksum-verified on load and cached. Appends commits to the WAL,
/// makes them durable (group commit) and checkpoints them into the database file.
/// </summary>
internal sealed partial class Pager : IDisposable
{
    // A file database has both devices; a :memory: one has neither and keeps its pages in _memory instead.
    private readonly IStorageDevice? _db;
    private readonly WriteAheadLog? _wal;
    private readonly MemoryPages? _memory;
    private readonly WalIndex _index = new();
    private readonly PageCache _cache;

    // Page images are reused (see PagePool): a file's once the cache lets go of them, a :memory: database's
    // once its checkpoints and restarts do (see MemoryPages).
    private readonly PagePool _pool;
    private readonly SemaphoreSlim _flushGate = new(1, 1);
    private long _committedLsn;
    private long _durableLsn;
    private Exception? _failure;

    private Pager(IStorageDevice? db, WriteAheadLog? wal, MemoryPages? memory, int pageSize, StorageOptions options)
    {
        _db = db;
        _wal = wal;
        _memory = memory;
        PageSize = pageSize;
        Durability = options.Durability;
        Compression = options.Compression;
        _journalSizeLimit = options.JournalSizeLimit;
        var freeImages = Math.Max(PagePool.MinFree, options.CacheSizePages / 2);

        // As many as the pool keeps free: every image a spill lets go of is reused by the next batch, instead
        // of being dropped to the pinned heap and allocated anew.
        SpillThreshold = options.SpillThresholdPages > 0 ? options.SpillThresholdPages : freeImages;
        _pool = new PagePool(pageSize, Readers, pinned: memory is null, maxFree: freeImages);
        _cache = new PageCache(memory is null ? options.CacheSizePages : 4, _pool.Retire);
        memory?.RetireThrough(_pool.Retire);
    }

    /// <summary>True for a <c>:memory:</c> database (no devices, no WAL frames, no checksums).</summary>
    public bool IsInMemory => _memory is not null;

    public int PageSize { get; }

    public Durability Durability { get; }

    /// <summary>How trees store the values written through this pager.</summary>
    public ValueCompression Compression { get; }

    public string Name => _db?.Name ?? InMemoryName;

    public ReaderRegistry Readers { get; } = new(visibleLsn: 0);

    /// <summary>The last commit appended to the WAL: what the next writer builds on.</summary>
    public long CommittedLsn => Volatile.Read(ref _committedLsn);

    /// <summary>The snapshot new readers get: the last commit that is acknowledged (durable, under <see cref="Durability.Full"/>).</summary>
    public long VisibleLsn => Readers.VisibleLsn;

    /// <summary>Engine statistics: what the pager did since the database was opened.</summary>
    public PagerCounters Counters { get; } = new();

    /// <summary>Frames in the WAL's current generation.</summary>
    public long WalFrameCount => _memory?.FrameCount ?? _wal!.FrameCount;

    /// <summary>
    /// How full the WAL is, in page-sized frames: the frame count in memory, and for a file the log's bytes
    /// divided by a whole-page frame's (a small delta frame counts for its size). What the automatic
    /// checkpoint threshold is compared with.
    /// </summary>
    public long WalSizeInPages => _memory?.FrameCount ?? InWholeFrames(_wal!.EndOffset - Storage.Wal.WalFormat.HeaderSize);

    /// <summary>
    /// How full the journal is, in page-sized frames: the bytes of the WAL's frames and of the redo log's
    /// records together (a redo record takes at least a 4 KiB block, while a small commit's WAL frames are
    /// packed into a few hundred bytes), divided by a whole-page frame's. What the automatic checkpoint
    /// threshold is compared with; a checkpoint empties both.
    /// </summary>
    public long JournalSizeInPages => _memory?.FrameCount
        ?? InWholeFrames(_wal!.EndOffset - Storage.Wal.WalFormat.HeaderSize + Math.Max(0, (_redo?.EndOffset ?? 0) - RedoFormat.BlockSize));

    // Log bytes in whole-page frames, rounded up.
    private long InWholeFrames(long bytes) => (bytes + _wal!.FullFrameLength - 1) / _wal.FullFrameLength;

    // Where the longer of the two logs ends: the WAL's frames, or the redo log's records.
    private long JournalEnd => Math.Max(_wal!.EndOffset, _redo?.EndOffset ?? 0);

    private const string InMemoryName = ":memory:";

    /// <summary>Opens (creating if empty) the database on <paramref name="db"/> and <paramref name="walDevice"/>, recovering the WAL.</summary>
    /// <remarks>
    /// With a <paramref name="redoDevice"/>, the records of commits the WAL lost are kept in
    /// <see cref="PendingRedo"/> for the engine to replay; the log is not reset before that.
    /// </remarks>
    public static Pager Open(IStorageDevice db, IStorageDevice walDevice, IStorageDevice? redoDevice, StorageOptions options)
    {
        var sync = options.Durability != Durability.None;
        var created = db.Length == 0;
        if (created && options.ReadOnly)
        {
            throw DatabaseReadOnlyException.Missing(db.Name, "the file is empty");
        }

        var pageSize = created ? CreateFile(db, options.PageSize, sync) : ReadPageSize(db);
        if (created)
        {
            // Logs that hold nothing of a database (an empty WAL header, or bytes that were never one): the
            // engine has made sure of that (see EmptyFileRecovery) before a new database starts here.
            walDevice.SetLength(0);
            redoDevice?.SetLength(0);
        }

        var wal = WriteAheadLog.Open(walDevice, pageSize, sync, options.WalPreallocationFrames, out var recovery);
        var pager = new Pager(db, wal, null, pageSize, options);
        foreach (var (page, lsn) in recovery.Frames)
        {
            pager._index.Add(page, lsn);
        }

        var last = recovery.LastCommitLsn != 0 ? recovery.LastCommitLsn : wal.NextLsn - 1;
        pager._committedLsn = pager._durableLsn = last;
        if (redoDevice is not null)
        {
            var redo = RedoLog.Open(redoDevice, out var records);
            pager.AttachRedo(redo, records, last, options);
        }

        pager.Readers.Publish(last);

        // Nothing is written before the first write or checkpoint (see Pager.OpenWork.cs), not even the
        // checkpoint of what recovery found; replayed redo records are committed to memory until then.
        pager._openWorkPending = true;
        pager._readOnly = options.ReadOnly;
        if (pager.PendingRedo.Count > 0)
        {
            pager.BeginOverlay();
        }

        // Verify the header page's checksum now rather than at the first transaction.
        pager.Read(0, last);
        return pager;
    }

    /// <summary>
    /// Creates an empty <c>:memory:</c> database: the same pages, trees, snapshots and checkpoints as a file
    /// one, but commits publish their page copies by reference instead of framing them into a WAL.
    /// </summary>
    public static Pager OpenInMemory(StorageOptions options)
    {
        var memory = new MemoryPages(nextLsn: 1);
        var header = new byte[options.PageSize];
        HeaderPage.Initialize(header, options.PageSize, catalogRoot: 1);
        var root = new byte[options.PageSize];
        PageLayout.Initialize(root, PageType.Leaf);
        memory.WriteFile(0, header);
        memory.WriteFile(1, root);
        return new Pager(null, null, memory, options.PageSize, options);
    }

    private static int CreateFile(IStorageDevice db, int pageSize, bool sync)
    {
        var header = new byte[pageSize];
        HeaderPage.Initialize(header, pageSize, catalogRoot: 1);
        PageChecksum.Stamp(header, 0);
        var root = new byte[pageSize];
        PageLayout.Initialize(root, PageType.Leaf);
        PageChecksum.Stamp(root, 1);
        db.Write(pageSize, root);
        db.Write(0, header);
        if (sync)
        {
            db.Flush();
        }

        return pageSize;
    }

    /// <summary>
    /// Checks the header prefix of a non-empty file and returns its page size. Run before any log is opened,
    /// so that opening a file that is not a DocStore database creates nothing beside it.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The file is not a DocStore database, or its header names a format or page size this build cannot read.</exception>
    public static int ReadPageSize(IStorageDevice db)
    {
        Span<byte> prefix = stackalloc byte[HeaderPage.PrefixSize];
        if (db.Read(0, prefix) < prefix.Length)
        {
            throw DatabaseCorruptException.NotADatabase(db.Name, $"it is {db.Length} bytes long, shorter than a DocStore header");
        }

        if (!HeaderPage.HasMagic(prefix))
        {
            throw DatabaseCorruptException.NotADatabase(db.Name, "its first page does not start with the DocStore header");
        }

        if (HeaderPage.Validate(prefix, null) is { } problem)
        {
            throw new DatabaseCorruptException(db.Name, 0, problem);
        }

        return HeaderPage.ReadPageSize(prefix);
    }

    /// <summary>A page-sized array for a new image, to be overwritten in full: a reused one when the pool has one (see <see cref="PagePool"/>), else a new one.</summary>
    public byte[] NewImage() => _pool.Rent();

    /// <summary>A private, writable copy of the committed <paramref name="image"/>.</summary>
    public byte[] CopyImage(byte[] image)
    {
        var copy = NewImage();
        image.CopyTo(copy, 0);
        return copy;
    }

    /// <summary>Hands back an image that <see cref="NewImage"/> or <see cref="CopyImage"/> made and nobody else has seen (a rolled-back writer's copy).</summary>
    public void ReleaseImage(byte[] image) => _pool.Release(image);

    /// <summary>Keeps every image that leaves the cache from now on from being reused until the pin is disposed: for the writer and checkpoints, which read cached images without a registered snapshot.</summary>
    public PagePool.Pin PinImages() => _pool.PinImages();

    /// <summary>Page versions the cache holds now.</summary>
    internal int CachedPageCount => _cache.Count;

    /// <summary>The pool of the database's page images.</summary>
    internal PagePool Pool => _pool;

    /// <summary>The image of <paramref name="pageNumber"/> as of <paramref name="snapshotLsn"/>. Never mutate it.</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] Read(uint pageNumber, long snapshotLsn) => Read(pageNumber, snapshotLsn, out _);

    /// <summary>Like <see cref="Read(uint, long)"/>, and the cache entry that holds the image (in memory, the entry the database keeps the image in).</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] Read(uint pageNumber, long snapshotLsn, out CachedPage? cached)
    {
        var version = _index.Resolve(pageNumber, snapshotLsn);
        if (_memory is not null)
        {
            cached = version == 0 ? _memory.ReadFile(pageNumber) : _memory.ReadVersion(pageNumber, version);
            return cached.Image;
        }

        cached = _cache.TryGet(pageNumber, version) ?? Load(pageNumber, version);
        return cached.Image;
    }

    /// <summary>
    /// Like <see cref="Read(uint, long)"/>, for a reader that walks much of the database once (statistics, the
    /// integrity check, a backup): the cached image when there is one, else the page read into
    /// <paramref name="scratch"/> and not cached. A walk so neither evicts the pages others use nor leaves an
    /// image per page it read for the pool to hold or the collector to find. The page is valid until the
    /// caller's next read into the same scratch.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] ReadUncached(uint pageNumber, long snapshotLsn, byte[] scratch)
    {
        if (_memory is not null)
        {
            return Read(pageNumber, snapshotLsn);
        }

        var version = _index.Resolve(pageNumber, snapshotLsn);
        if (_cache.TryGet(pageNumber, version) is { } cached)
        {
            return cached.Image;
        }

        ReadVersion(pageNumber, version, scratch);
        return scratch;
    }

    private CachedPage Load(uint pageNumber, long version)
    {
        var image = NewImage();
        CachedPage cached;
        try
        {
            ReadVersion(pageNumber, version, image);
            cached = _cache.Add(pageNumber, version, image);
        }
        catch
        {
            ReleaseImage(image);
            throw;
        }

        if (!ReferenceEquals(cached.Image, image))
        {
            // Another reader cached the same version first; this copy was never seen.
            ReleaseImage(image);
        }

        return cached;
    }

    // A version of a page from where it lies (the file, opening's overlay or the WAL), its checksum verified.
    private void ReadVersion(uint pageNumber, long version, byte[] image)
    {
        string source;
        if (version == 0)
        {
            source = _db!.Name;
            ReadFilePage(pageNumber, image);
        }
        else if (TryReadOverlay(pageNumber, version, image))
        {
            source = Name;
        }
        else
        {
            source = _wal!.Name;
            ReadWalVersion(pageNumber, version, image);
        }

        if (!PageChecksum.IsValid(image, pageNumber))
        {
            var where = version == 0 ? "page checksum mismatch" : $"page checksum mismatch in the WAL frame with LSN {version}";
            throw new DatabaseCorruptException(source, pageNumber, where);
        }
    }

    private void ReadFilePage(uint pageNumber, Span<byte> image)
    {
        if (_db!.Read((long)pageNumber * PageSize, image) != PageSize)
        {
            throw new DatabaseCorruptException(_db.Name, pageNumber, "the page lies beyond the end of the file");
        }
    }

    public void Dispose()
    {
        _cache.Clear();
        _redo?.Dispose();
        _wal?.Dispose();
        _db?.Dispose();
        _flushGate.Dispose();
    }
}
