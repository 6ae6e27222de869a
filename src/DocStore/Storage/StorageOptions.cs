using DocStore.Storage.Pages;

namespace DocStore.Storage;

/// <summary>Settings for opening a database. Every default is the documented one in docs/storage.md.</summary>
internal sealed record StorageOptions
{
    /// <summary>Page size in bytes for a new file: a power of two from 512 to 32768. Default 8192. An existing file keeps the size it was created with.</summary>
    public int PageSize { get; init; } = PageLayout.DefaultPageSize;

    /// <summary>Pages the cache holds before it evicts (CLOCK). Default 4096 (32 MiB at 8 KiB pages). Minimum 16.</summary>
    public int CacheSizePages { get; init; } = 4096;

    /// <summary>When commits reach stable storage. Default <see cref="Durability.Full"/>.</summary>
    public Durability Durability { get; init; } = Durability.Full;

    /// <summary>How long <c>BeginWrite</c> waits for another write transaction to finish. Default 30 seconds.</summary>
    public TimeSpan WriteLockTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// In a <see cref="DocStoreSharing.Shared"/> open that writes: how long a write transaction (or a
    /// checkpoint) waits for another process's write transaction to end before
    /// <see cref="DatabaseBusyException"/> (docs/storage.md, "Many processes"). <see cref="TimeSpan.Zero"/>
    /// fails at once. Default 5 seconds.
    /// </summary>
    public TimeSpan BusyTimeout { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// How full the WAL may get, in page-sized frames, before a commit triggers a checkpoint (if the write
    /// lock is free then): a file's log is measured in bytes, so a small delta frame counts for its size,
    /// not as a whole page. Default 256 (2 MiB of log at 8 KiB pages); 0 disables automatic checkpoints.
    /// </summary>
    public int AutoCheckpointFrames { get; init; } = 256;

    /// <summary>
    /// The journal's bound, in bytes (docs/storage.md, "Journal bounds"). A WAL restart cuts the WAL and the
    /// redo log back to this length when they have grown past it; and a commit that leaves the WAL longer
    /// than it (because readers kept background checkpoints from restarting the log) checkpoints before it
    /// returns, waiting briefly for readers of older snapshots to move on. Default 4 MiB; at least 64 KiB.
    /// </summary>
    public long JournalSizeLimit { get; init; } = DefaultJournalSizeLimit;

    /// <summary>The default of <see cref="JournalSizeLimit"/>: 4 MiB.</summary>
    internal const long DefaultJournalSizeLimit = 4L << 20;

    /// <summary>The smallest <see cref="JournalSizeLimit"/>.</summary>
    internal const long MinJournalSizeLimit = 64L << 10;

    /// <summary>
    /// Under <see cref="Durability.Full"/>, whether commits are written to the WAL around the operating
    /// system's page cache (Linux <c>O_DIRECT</c>), so that each commit's fsync only flushes the device
    /// (docs/storage.md, "Unbuffered WAL writes"). Default true; where the platform or file system does not
    /// offer it, writes stay buffered whatever this says. Other durability levels always write buffered: they
    /// do not fsync per commit, and a buffered write returns sooner.
    /// </summary>
    public bool UnbufferedWalWrites { get; init; } = true;

    /// <summary>
    /// Under <see cref="Durability.Full"/>, whether a commit is made durable by a small redo record of its tree
    /// changes in <c>path-redo</c> instead of an fsync of its WAL frames (docs/storage.md, "Redo log"): the
    /// record's write starts before the frames are built, so the disk and the processor work at once, and
    /// the WAL is flushed only at checkpoints. Recovery replays the records of commits the WAL lost. Default
    /// true. With it, the WAL is written buffered and <see cref="UnbufferedWalWrites"/> applies to the redo
    /// log instead. Transactions that create or drop trees, or change more than 256 KiB, always commit through
    /// the WAL's own fsync.
    /// </summary>
    public bool RedoLog { get; init; } = true;

    /// <summary>
    /// Opens the database read-only (docs/storage.md, "Read-only open"): no file is written, created or
    /// truncated, so read-only files and directories work. The files are locked shared (flock LOCK_SH on
    /// Unix, a read share on Windows): other read-only opens may share them, a writer may not. A database
    /// that needs recovery is recovered in memory. Write transactions and checkpoints throw
    /// <see cref="DatabaseReadOnlyException"/>. Default false.
    /// </summary>
    public bool ReadOnly { get; init; }

    /// <summary>
    /// Whether other processes may open the file beside this one (docs/storage.md, "Many processes"): with
    /// <see cref="DocStoreSharing.Shared"/>, read-only opens in other processes follow this process's
    /// commits. Ignored for <c>:memory:</c>. Default <see cref="DocStoreSharing.Exclusive"/>.
    /// </summary>
    public DocStoreSharing Sharing { get; init; }

    /// <summary>
    /// How values this engine writes are stored (docs/storage.md, "Compression"). Reads decode whatever a
    /// cell says, so a file may mix forms and any setting reads it. Default <see cref="ValueCompression.None"/>.
    /// </summary>
    public ValueCompression Compression { get; init; }

    /// <summary>
    /// The 32-byte AES key of an encrypted database (docs/storage.md, "Encryption"), or null. A new file is
    /// created encrypted under it; an existing one must have been. Not with <see cref="Password"/>.
    /// </summary>
    public byte[]? EncryptionKey { get; init; }

    /// <summary>A password the key of an encrypted database is derived from (PBKDF2-SHA256 with the file's salt), or null. Not with <see cref="EncryptionKey"/>.</summary>
    public string? Password { get; init; }

    /// <summary>PBKDF2 iterations a new file's key is derived with from <see cref="Password"/>; the file records them. Tests lower it.</summary>
    internal int PasswordIterations { get; init; } = Encryption.KeyDerivation.PasswordIterations;

    /// <summary>The key or password, when the database is to be encrypted.</summary>
    internal Encryption.EncryptionSecret? Secret =>
        EncryptionKey is null && Password is null ? null : new Encryption.EncryptionSecret(EncryptionKey, Password, PasswordIterations);

    /// <summary>
    /// Zeroed WAL frames written ahead of the log's end whenever it outgrows its file, so that most durable
    /// commits overwrite allocated space (docs/storage.md, "WAL"). Default 64; 0 grows the file per commit.
    /// </summary>
    internal int WalPreallocationFrames { get; init; } = 64;

    /// <summary>
    /// Private pages a write transaction may hold before it spills them to the WAL at its next safe point
    /// (docs/storage.md, "Transactions and durability"). 0 (the default): half the cache's size, at least
    /// 512 (what the pool of page images keeps free, so a spill's images are reused by the next batch).
    /// Tests set it tiny to spill often.
    /// </summary>
    internal int SpillThresholdPages { get; init; }

    /// <summary>
    /// The clock and timers of the idle checkpoint (how long commits have paused, and the timer that looks
    /// again). Default <see cref="System.TimeProvider.System"/>; tests pass a fake one to move time by hand.
    /// </summary>
    internal TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    /// <summary>
    /// Wraps the WAL and redo log devices of a file open (after encryption); null for none. Tests hold a
    /// log's fsync with it to see what readers see meanwhile.
    /// </summary>
    internal Func<Devices.IStorageDevice, Devices.IStorageDevice>? LogDevices { get; init; }

    /// <summary>
    /// Wraps the database file's device of a file open (under encryption, so it sees the stored slots); null
    /// for none. Tests make a page read see what a checkpoint of another open leaves mid-write with it.
    /// </summary>
    internal Func<Devices.IStorageDevice, Devices.IStorageDevice>? DatabaseDevices { get; init; }

    /// <summary>
    /// For a reader that opens beside writer processes: the last commit the writers published, and the salt
    /// of its WAL generation. Recovery of that generation reads no frame past it: a commit appended after it
    /// may belong to a writer that dies before publishing it, and the next writer writes over its frames.
    /// </summary>
    internal (uint Salt, long Lsn)? RecoverUpTo { get; init; }

    /// <summary>True when commits are made durable through the redo log: <see cref="Durability.Full"/> with <see cref="RedoLog"/>.</summary>
    /// <remarks>
    /// Never in a shared open: another process's writer could not replay this process's records on its view
    /// (docs/storage.md, "Many processes"), so each commit there is made durable by the WAL's own fsync.
    /// </remarks>
    internal bool CommitsThroughRedo => Durability == Durability.Full && RedoLog && !ReadOnly && Sharing != DocStoreSharing.Shared;

    /// <summary>
    /// Whether a file database opens its WAL for unbuffered writes: only where each commit fsyncs it
    /// (<see cref="Durability.Full"/> without the redo log) and <see cref="UnbufferedWalWrites"/> is on.
    /// With the redo log the WAL is never fsynced per commit, so its writes gain nothing from it.
    /// </summary>
    internal bool WalWritesUnbuffered => Durability == Durability.Full && (!RedoLog || Sharing == DocStoreSharing.Shared) && UnbufferedWalWrites;

    /// <summary>Whether a file database opens its redo log for unbuffered writes: when commits go through it and <see cref="UnbufferedWalWrites"/> is on.</summary>
    internal bool RedoWritesUnbuffered => CommitsThroughRedo && UnbufferedWalWrites;

    internal void Validate()
    {
        if (!PageLayout.IsValidPageSize(PageSize))
        {
            throw new ArgumentOutOfRangeException(nameof(PageSize), PageSize, $"The page size must be a power of two from {PageLayout.MinPageSize} to {PageLayout.MaxPageSize}.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(CacheSizePages, 16, nameof(CacheSizePages));
        OptionChoices.Validate(this);
        if (EncryptionKey is not null && Password is not null)
        {
            throw new ArgumentException("Give either an encryption key or a password, not both.", nameof(Password));
        }

        if (EncryptionKey is { Length: not Encryption.KeyDerivation.KeyLength })
        {
            throw new ArgumentException($"The encryption key must be {Encryption.KeyDerivation.KeyLength} bytes long; it is {EncryptionKey.Length}.", nameof(EncryptionKey));
        }

        if (Password is { Length: 0 })
        {
            throw new ArgumentException("The password must not be empty.", nameof(Password));
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(PasswordIterations, 1, nameof(PasswordIterations));
        ArgumentNullException.ThrowIfNull(TimeProvider);
        ArgumentOutOfRangeException.ThrowIfNegative(AutoCheckpointFrames, nameof(AutoCheckpointFrames));
        ArgumentOutOfRangeException.ThrowIfNegative(WalPreallocationFrames, nameof(WalPreallocationFrames));
        ArgumentOutOfRangeException.ThrowIfNegative(SpillThresholdPages, nameof(SpillThresholdPages));
        ArgumentOutOfRangeException.ThrowIfLessThan(JournalSizeLimit, MinJournalSizeLimit, nameof(JournalSizeLimit));
        if (WriteLockTimeout < TimeSpan.Zero && WriteLockTimeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(WriteLockTimeout), WriteLockTimeout, "The timeout must be non-negative or infinite.");
        }

        if (BusyTimeout < TimeSpan.Zero && BusyTimeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(BusyTimeout), BusyTimeout, "The busy timeout must be non-negative or infinite.");
        }
    }
}
