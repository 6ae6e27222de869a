using DocStore.Storage.Cache;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Storage.Pages;
using DocStore.Storage.Redo;
using DocStore.Storage.Wal;

namespace DocStore.Storage.Paging;

/// <summary>
/// The database's pages: resolves a page number at a snapshot to an image (<see cref="PageReader"/>), appends
/// commits to the WAL (<see cref="Commits"/>), makes them durable with group commit (<see cref="GroupCommit"/>)
/// and checkpoints them into the database file (<see cref="Checkpoints"/>). A facade over parts that share
/// one <see cref="PagerState"/>.
/// </summary>
internal sealed class Pager : IDisposable
{
    private readonly PagerState _state;
    private readonly PageReader _reader;
    private readonly OpenWork _openWork;
    private readonly ReaderWait _readerWait = new();

    private Pager(IStorageDevice? db, WriteAheadLog? wal, MemoryPages? memory, int pageSize, StorageOptions options)
    {
        _state = new PagerState(db, wal, memory, pageSize, options);
        Backups = new BackupGuard(_state);
        GroupCommit = new GroupCommit(_state);
        Redo = new RedoJournal(_state, Backups);
        var restart = new WalRestart(_state, Backups, _readerWait);
        _openWork = new OpenWork(_state, GroupCommit, Redo);
        _reader = new PageReader(_state, _openWork);
        Checkpoints = new Checkpointer(_state, Backups, GroupCommit, Redo, restart, _readerWait, _openWork, _reader);
        Commits = new CommitPath(_state, _openWork, restart, Redo);
        Spills = new SpillLog(_state, _openWork, restart, Redo);
    }

    /// <summary>Appending commits and publishing them.</summary>
    public CommitPath Commits { get; }

    /// <summary>Making appended commits durable (group commit).</summary>
    public GroupCommit GroupCommit { get; }

    /// <summary>Commits made durable by the redo log, and the records recovery replays.</summary>
    public RedoJournal Redo { get; }

    /// <summary>A large write transaction's pages written to the WAL before its commit.</summary>
    public SpillLog Spills { get; }

    /// <summary>Copying committed pages into the database file, and restarting the emptied logs.</summary>
    public Checkpointer Checkpoints { get; }

    /// <summary>The writer's side of backups from other processes.</summary>
    public BackupGuard Backups { get; }

    /// <summary>The collections each write transaction works in, reused by each writer in turn (write lock held).</summary>
    public WriterPages Writer => _state.Writer;

    /// <summary>True for a read-only open (StorageOptions.ReadOnly).</summary>
    public bool IsReadOnly => _state.ReadOnly;

    /// <summary>True for a <c>:memory:</c> database (no devices, no WAL frames, no checksums).</summary>
    public bool IsInMemory => _state.Memory is not null;

    public int PageSize => _state.PageSize;

    /// <summary>The key of an encrypted database (null: not encrypted); copies are written under it.</summary>
    public DatabaseKey? Key => _state.Key;

    public Durability Durability => _state.Durability;

    /// <summary>How trees store the values written through this pager.</summary>
    public ValueCompression Compression => _state.Compression;

    public string Name => _state.Name;

    public ReaderRegistry Readers => _state.Readers;

    /// <summary>The last commit appended to the WAL: what the next writer builds on.</summary>
    public long CommittedLsn => Volatile.Read(ref _state.CommittedLsn);

    /// <summary>The snapshot new readers get: the last commit that is acknowledged (durable, under <see cref="Durability.Full"/>).</summary>
    public long VisibleLsn => Readers.VisibleLsn;

    /// <summary>Engine statistics: what the pager did since the database was opened.</summary>
    public PagerCounters Counters => _state.Counters;

    /// <summary>Frames in the WAL's current generation.</summary>
    public long WalFrameCount => _state.Memory?.FrameCount ?? _state.Wal!.FrameCount;

    /// <summary>
    /// How full the WAL is, in page-sized frames: the frame count in memory, and for a file the log's bytes
    /// divided by a whole-page frame's (a small delta frame counts for its size). What the automatic
    /// checkpoint threshold is compared with.
    /// </summary>
    public long WalSizeInPages => _state.WalSizeInPages;

    /// <summary>
    /// How full the journal is, in page-sized frames: the bytes of the WAL's frames and of the redo log's
    /// records together (a redo record takes at least a 4 KiB block, while a small commit's WAL frames are
    /// packed into a few hundred bytes), divided by a whole-page frame's. What the automatic checkpoint
    /// threshold is compared with; a checkpoint empties both.
    /// </summary>
    public long JournalSizeInPages => _state.JournalSizeInPages;

    /// <summary>Opens (creating if empty) the database on <paramref name="db"/> and <paramref name="walDevice"/>, recovering the WAL.</summary>
    /// <remarks>
    /// With a <paramref name="redoDevice"/>, the records of commits the WAL lost are kept in
    /// <see cref="RedoJournal.Pending"/> for the engine to replay; the log is not reset before that.
    /// </remarks>
    public static Pager Open(IStorageDevice db, IStorageDevice walDevice, IStorageDevice? redoDevice, StorageOptions options, DatabaseKey? key = null)
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

        var wal = WriteAheadLog.Open(walDevice, pageSize, sync, options.WalPreallocationFrames, privateLog: options.Sharing != DocStoreSharing.Shared, options.RecoverUpTo, out var recovery);

        // A checkpoint of an encrypted file puts its pages in the double-write file first (it fsyncs only
        // when durability is not None), so a page it tears is read from there and deltas may rest on the file.
        wal.DeltasRestOnFile = sync && db is EncryptedDevice { DoubleWrite: not null };
        var pager = new Pager(db, wal, null, pageSize, options);
        var state = pager._state;
        state.Key = key;
        foreach (var (page, lsn) in recovery.Frames)
        {
            state.Index.Add(page, lsn);
        }

        var last = recovery.LastCommitLsn != 0 ? recovery.LastCommitLsn : wal.NextLsn - 1;
        state.CommittedLsn = state.DurableLsn = last;
        if (redoDevice is not null)
        {
            var redo = RedoLog.Open(redoDevice, out var records);
            pager.Redo.Attach(redo, records, last, options);
        }

        state.Readers.Publish(last);

        // Nothing is written before the first write or checkpoint (see OpenWork), not even the checkpoint of
        // what recovery found; replayed redo records are committed to memory until then.
        state.OpenWorkPending = true;
        state.ReadOnly = options.ReadOnly;
        if (pager.Redo.Pending.Count > 0)
        {
            pager._openWork.BeginOverlay();
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
        // An encrypted file's page size is in its clear envelope, checked at open: page 0 itself may be torn by
        // a checkpoint that a crash cut short, and its newest version is then in the WAL.
        if (db is EncryptedDevice encrypted)
        {
            return encrypted.BlockSize;
        }

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

    /// <summary>
    /// Lets other processes open the file beside this one and write in turns (docs/storage.md, "Many
    /// processes"): this process's readers follow the commits of every process, its writers take turns at
    /// the shared file's writer lock (<see cref="Turns"/>), and every snapshot it publishes while it holds
    /// the lock, once opening's deferred work is done, is published in the shared file too.
    /// </summary>
    public void ShareAsWriter(Sharing.SharedWriter shared, Sharing.SharedReaderSlot slot, string databasePath, TimeProvider clock)
    {
        var follower = new WalFollower(_state, slot, databasePath, canFollow: true);
        _state.SharedWriter = shared;
        _state.Follower = follower;
        _state.Copies = new Sharing.SharedFileCopies(slot.Shared, follower.TryReadWithCopiesHeld);
        Turns = new WriterTurns(_state, GroupCommit, shared, follower, clock, PublishShared);
        _state.Readers.Share(follower.Left, _ => PublishShared());
    }

    /// <summary>A shared open's turns at the cross-process writer lock (null unless <see cref="ShareAsWriter"/>).</summary>
    public WriterTurns? Turns { get; private set; }

    /// <summary>
    /// Publishes the snapshot new readers get in the shared file, with the WAL generation it belongs to. Only
    /// while this process holds the writer lock, and not while opening's work is pending: commits replayed
    /// from the redo log then live only in this process.
    /// </summary>
    public void PublishShared()
    {
        if (_state.SharedWriter is { HoldsTurn: true } shared && !_state.OpenWorkPending)
        {
            shared.Publish(_state.Wal!.Salt, _state.Wal.FirstLsn, _state.Readers.VisibleLsn);
        }
    }

    /// <summary>
    /// Makes this read-only pager follow another process's writes (see <see cref="WalFollower"/>). A view that
    /// holds commits replayed from the redo log in memory, or has no WAL file, keeps what opening recovered.
    /// </summary>
    public WalFollower FollowAsReader(Sharing.SharedReaderSlot slot, string databasePath, bool walIsFile)
    {
        var follower = new WalFollower(_state, slot, databasePath, walIsFile && !_openWork.AppendsToOverlay);
        _state.Follower = follower;
        _state.Copies = new Sharing.SharedFileCopies(slot.Shared, follower.TryReadWithCopiesHeld);
        _state.Readers.Share(follower.Left, null);
        return follower;
    }

    /// <summary>The follower of another process's writes, for a shared read-only open.</summary>
    public WalFollower? Follower => _state.Follower;

    /// <summary>Whether opening's writes still wait for the first write transaction or checkpoint (see <see cref="OpenWork"/>).</summary>
    public bool OpenWorkPending => _state.OpenWorkPending;

    /// <summary>
    /// Does the work opening put off, then checkpoints what recovery found. Called before the first write
    /// transaction; the caller holds the write lock. Nothing to do after the first time.
    /// </summary>
    /// <exception cref="StorageFailedException">A write failed (a full disk, say); the database refuses commits until it is reopened.</exception>
    public void FinishOpen()
    {
        if (_state.OpenWorkPending)
        {
            Checkpoints.Checkpoint();
        }
    }

    /// <summary>A page-sized array for a new image, to be overwritten in full: a reused one when the pool has one (see <see cref="PagePool"/>), else a new one.</summary>
    public byte[] NewImage() => _state.Pool.Rent();

    /// <summary>A private, writable copy of the committed <paramref name="image"/>.</summary>
    public byte[] CopyImage(byte[] image)
    {
        var copy = NewImage();
        image.CopyTo(copy, 0);
        return copy;
    }

    /// <summary>Hands back an image that <see cref="NewImage"/> or <see cref="CopyImage"/> made and nobody else has seen (a rolled-back writer's copy).</summary>
    public void ReleaseImage(byte[] image) => _state.Pool.Release(image);

    /// <summary>Keeps every image that leaves the cache from now on from being reused until the pin is disposed: for the writer and checkpoints, which read cached images without a registered snapshot.</summary>
    public PagePool.Pin PinImages() => _state.Pool.PinImages();

    /// <summary>Page versions the cache holds now.</summary>
    internal int CachedPageCount => _state.Cache.Count;

    /// <summary>The pool of the database's page images.</summary>
    internal PagePool Pool => _state.Pool;

    /// <summary>The image of <paramref name="pageNumber"/> as of <paramref name="snapshotLsn"/>. Never mutate it.</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] Read(uint pageNumber, long snapshotLsn) => _reader.Read(pageNumber, snapshotLsn, out _);

    /// <summary>Like <see cref="Read(uint, long)"/>, and the cache entry that holds the image (in memory, the entry the database keeps the image in).</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] Read(uint pageNumber, long snapshotLsn, out CachedPage? cached) => _reader.Read(pageNumber, snapshotLsn, out cached);

    /// <summary>
    /// Like <see cref="Read(uint, long)"/>, for a reader that walks much of the database once (statistics, the
    /// integrity check, a backup): the cached image when there is one, else the page read into
    /// <paramref name="scratch"/> and not cached. A walk so neither evicts the pages others use nor leaves an
    /// image per page it read for the pool to hold or the collector to find. The page is valid until the
    /// caller's next read into the same scratch.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] ReadUncached(uint pageNumber, long snapshotLsn, byte[] scratch) => _reader.ReadUncached(pageNumber, snapshotLsn, scratch);

    /// <summary>Marks a long reader (a backup or a compaction copy) live until the returned scope is disposed: a forced checkpoint does not wait long for it.</summary>
    /// <returns>The scope.</returns>
    public ReaderWait.LongReadScope BeginLongRead() => _readerWait.BeginLongRead();

    /// <summary>Throws if an earlier write or fsync failed: nothing may be committed on top of an unknown state.</summary>
    /// <exception cref="StorageFailedException">An earlier write or fsync failed.</exception>
    public void ThrowIfFailed() => _state.ThrowIfFailed();

    /// <summary>Whole pages in the database file (0 in memory).</summary>
    public long FilePageCount => FileLength / PageSize;

    /// <summary>The database file's length in bytes (0 in memory).</summary>
    public long FileLength => _state.Db?.Length ?? 0;

    /// <summary>
    /// An upper bound of the pages that have an image anywhere: the file's pages (in memory, every slot of
    /// the page arrays), plus the pages with versions in the WAL, plus the writer's private pages and the
    /// pages it spilled (see <see cref="SpillLog.Spill"/>). A header
    /// page count above it plus the free pages never written is impossible.
    /// </summary>
    public long StoredPageBound()
    {
        // The WAL's pages are counted before the file's: a checkpoint running meanwhile writes the file before
        // it drops the WAL versions, so this order (the count is a volatile read) can only count a copied
        // page twice, never miss it.
        long wal = _state.Index.PageCount;
        return (_state.Memory?.PageBound ?? FilePageCount) + wal + Writer.DirtyPages.Count + Writer.SpilledPages.Count;
    }

    public void Dispose() => _state.Dispose();
}
