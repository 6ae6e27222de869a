using DocStore.Storage;

namespace DocStore;

/// <summary>
/// Settings for opening a <see cref="DocStoreContext"/>: the one options type of the public API. Each
/// default is the storage engine's own (there is one source for them), documented here and in docs/storage.md.
/// </summary>
/// <remarks>
/// Opening a file that is already open in the process shares its engine: the properties this object's
/// initializer assigns (even to their defaults) must then match the open database's, or the open fails
/// with <see cref="DatabaseLockedException"/> naming the option; those it leaves out take the open
/// database's values, except <see cref="ReadOnly"/>, which always counts (docs/ado-net.md, "One open
/// database per file").
/// </remarks>
public sealed class DocStoreOptions
{
    // The values live in the engine's own options, so each default and range check is written once (there).
    private StorageOptions _storage = new();

    // The options set explicitly: only those are checked against a database already open in the process.
    private EngineOption _given;

    /// <summary>When commits reach stable storage. Default <see cref="Durability.Full"/> (fsync per commit, shared by concurrent committers).</summary>
    public Durability Durability
    {
        get => _storage.Durability;
        init => (_storage, _given) = (_storage with { Durability = value }, _given | EngineOption.Durability);
    }

    /// <summary>Pages the page cache holds before it evicts. Default 4096 (32 MiB at the default 8 KiB page). Minimum 16.</summary>
    public int CacheSizePages
    {
        get => _storage.CacheSizePages;
        init => (_storage, _given) = (_storage with { CacheSizePages = value }, _given | EngineOption.CacheSizePages);
    }

    /// <summary>How long an operation waits for another write transaction to finish before <see cref="WriteLockTimeoutException"/>. Default 30 seconds.</summary>
    public TimeSpan WriteLockTimeout
    {
        get => _storage.WriteLockTimeout;
        init => (_storage, _given) = (_storage with { WriteLockTimeout = value }, _given | EngineOption.WriteLockTimeout);
    }

    /// <summary>
    /// With <see cref="DocStoreSharing.Shared"/>: how long a write transaction waits for another process's
    /// write transaction to end before <see cref="DatabaseBusyException"/> (docs/storage.md, "Many
    /// processes"). <see cref="TimeSpan.Zero"/> fails at once; <see cref="Timeout.InfiniteTimeSpan"/> waits
    /// for good. Default 5 seconds.
    /// </summary>
    public TimeSpan BusyTimeout
    {
        get => _storage.BusyTimeout;
        init => (_storage, _given) = (_storage with { BusyTimeout = value }, _given | EngineOption.BusyTimeout);
    }

    /// <summary>Page size in bytes for a new file: a power of two from 512 to 32768. Default 8192. An existing file keeps its own.</summary>
    public int PageSize
    {
        get => _storage.PageSize;
        init => (_storage, _given) = (_storage with { PageSize = value }, _given | EngineOption.PageSize);
    }

    /// <summary>
    /// How full the write-ahead log may get, in page-sized frames, before a commit starts a checkpoint in the
    /// background. Default 256 (2 MiB of log at 8 KiB pages); 0 disables automatic checkpoints.
    /// </summary>
    public int AutoCheckpointFrames
    {
        get => _storage.AutoCheckpointFrames;
        init => (_storage, _given) = (_storage with { AutoCheckpointFrames = value }, _given | EngineOption.AutoCheckpointFrames);
    }

    /// <summary>
    /// The journal's bound in bytes: when the log restarts, the write-ahead log and the redo log are cut back
    /// to this length if they grew past it, and a commit that leaves the write-ahead log longer than this
    /// (readers kept the background checkpoints from restarting it) checkpoints before it returns. Default
    /// 4 MiB; at least 64 KiB.
    /// </summary>
    public long JournalSizeLimit
    {
        get => _storage.JournalSizeLimit;
        init => (_storage, _given) = (_storage with { JournalSizeLimit = value }, _given | EngineOption.JournalSizeLimit);
    }

    /// <summary>
    /// Under <see cref="Durability.Full"/>, whether the file each commit fsyncs (the redo log, or the WAL
    /// without one) is written around the operating system's page cache where the platform allows it
    /// (Linux <c>O_DIRECT</c>), so the fsync only flushes the device. Default true.
    /// </summary>
    public bool UnbufferedWalWrites
    {
        get => _storage.UnbufferedWalWrites;
        init => (_storage, _given) = (_storage with { UnbufferedWalWrites = value }, _given | EngineOption.UnbufferedWalWrites);
    }

    /// <summary>
    /// Under <see cref="Durability.Full"/>, whether a commit is made durable by a small redo record of its tree
    /// changes (in <c>path-redo</c>) instead of an fsync of its WAL frames. Default true.
    /// </summary>
    public bool RedoLog
    {
        get => _storage.RedoLog;
        init => (_storage, _given) = (_storage with { RedoLog = value }, _given | EngineOption.RedoLog);
    }

    /// <summary>
    /// Opens the database read-only: nothing is written (not even a lock file; the files are locked shared,
    /// so other read-only opens may share them and a writer that opens exclusively may not), read-only files
    /// and directories work, and a database that needs recovery is recovered in memory. Beside processes that
    /// opened the file with <see cref="DocStoreSharing.Shared"/> it reads their latest commits as a shared
    /// reader does, whatever <see cref="Sharing"/> says. Every write, and opening a collection or
    /// index the file lacks, throws <see cref="DatabaseReadOnlyException"/> (code
    /// <see cref="DocStoreErrorCode.ReadOnly"/>). Default false.
    /// </summary>
    public bool ReadOnly
    {
        get => _storage.ReadOnly;
        init => (_storage, _given) = (_storage with { ReadOnly = value }, _given | EngineOption.ReadOnly);
    }

    /// <summary>
    /// Whether other processes may open the database while this context has it open:
    /// <see cref="DocStoreSharing.Exclusive"/> (the default) refuses them; with <see cref="DocStoreSharing.Shared"/>
    /// any number of processes open it, each read seeing the latest commit of any of them, and those that
    /// write take turns: each write transaction holds a cross-process write lock from its start to its
    /// commit, waiting up to <see cref="BusyTimeout"/> for it (docs/storage.md, "Many processes").
    /// </summary>
    public DocStoreSharing Sharing
    {
        get => _storage.Sharing;
        init => (_storage, _given) = (_storage with { Sharing = value }, _given | EngineOption.Sharing);
    }

    /// <summary>
    /// How documents (and other values of 256 bytes or more) written from now on are stored: as they are
    /// (<see cref="ValueCompression.None"/>, the default) or Brotli-compressed when that saves an eighth
    /// (<see cref="ValueCompression.Brotli"/>). Reads do not depend on it: a file may hold both forms, and
    /// <see cref="DocStoreContext.Compact()"/> under <see cref="ValueCompression.Brotli"/> compresses the values stored
    /// plain (and never decompresses any) (docs/storage.md, "Compression").
    /// </summary>
    public ValueCompression Compression
    {
        get => _storage.Compression;
        init => (_storage, _given) = (_storage with { Compression = value }, _given | EngineOption.Compression);
    }

    /// <summary>
    /// Turns on the change log (docs/guide/change-feed.md): null (the default) leaves it as the file has it.
    /// A context with retention creates the log at its first write; from then on every write of any
    /// process or tool on the file records its changes, and this context's writes also remove changes past
    /// the limits. <c>Changes()</c> needs either retention or a file that has a log.
    /// </summary>
    public ChangeRetention? ChangeRetention
    {
        get;
        init => (field, _given) = (value, _given | EngineOption.ChangeRetention);
    }

    /// <summary>
    /// The 32-byte key of an encrypted database, or null (the default: not encrypted). A new file is
    /// created encrypted under it (AES-256-GCM for every page, WAL frame and redo record, docs/guide/encryption.md);
    /// an existing file must have been created with it, or opening throws <see cref="EncryptionKeyException"/>.
    /// Give this or <see cref="Password"/>, not both.
    /// </summary>
    public byte[]? EncryptionKey
    {
        get => _storage.EncryptionKey;
        init => (_storage, _given) = (_storage with { EncryptionKey = value }, _given | EngineOption.EncryptionKey);
    }

    /// <summary>
    /// A password an encrypted database's key is derived from (PBKDF2-SHA256, 600,000 iterations, a
    /// random salt stored in the file's header), or null. As <see cref="EncryptionKey"/> otherwise.
    /// </summary>
    public string? Password
    {
        get => _storage.Password;
        init => (_storage, _given) = (_storage with { Password = value }, _given | EngineOption.Password);
    }

    /// <summary>PBKDF2 iterations for a new file's password-derived key; for tests.</summary>
    internal int PasswordIterations
    {
        get => _storage.PasswordIterations;
        init => _storage = _storage with { PasswordIterations = value };
    }

    /// <summary>Private pages a write transaction holds before it spills them to the WAL (0: the engine's default); for tests.</summary>
    internal int SpillThresholdPages
    {
        get => _storage.SpillThresholdPages;
        init => _storage = _storage with { SpillThresholdPages = value };
    }

    /// <summary>The clock of the idle checkpoint (<see cref="StorageOptions.TimeProvider"/>); for tests.</summary>
    internal TimeProvider TimeProvider
    {
        get => _storage.TimeProvider;
        init => _storage = _storage with { TimeProvider = value };
    }

    /// <summary>Wraps the log devices of a file open (<see cref="StorageOptions.LogDevices"/>); for tests.</summary>
    internal Func<Storage.Devices.IStorageDevice, Storage.Devices.IStorageDevice>? LogDevices
    {
        get => _storage.LogDevices;
        init => _storage = _storage with { LogDevices = value };
    }

    /// <summary>The options this object sets explicitly (an initializer assigned them), whatever their values.</summary>
    internal EngineOption Given => _given;

    /// <summary>Marks <paramref name="options"/> as not set (their values stay): for a connection string that does not mention them.</summary>
    internal DocStoreOptions Unset(EngineOption options)
    {
        _given &= ~options;
        return this;
    }

    /// <summary>The engine's options: the values this object carries, handed to the storage engine as they are.</summary>
    internal StorageOptions Storage => _storage;
}
