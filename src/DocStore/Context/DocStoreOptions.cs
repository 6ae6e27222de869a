using DocStore.Storage;

namespace DocStore;

/// <summary>Settings for opening a <see cref="DocStoreContext"/>. Every default is documented here and in docs/catalog.md.</summary>
public sealed class DocStoreOptions
{
    /// <summary>When commits reach stable storage. Default <see cref="Storage.Durability.Full"/> (fsync per commit, shared by concurrent committers).</summary>
    public Durability Durability { get; init; } = Durability.Full;

    /// <summary>Pages the page cache holds before it evicts. Default 4096 (32 MiB at the default 8 KiB page). Minimum 16.</summary>
    public int CacheSizePages { get; init; } = 4096;

    /// <summary>How long an operation waits for another write transaction to finish before <see cref="WriteLockTimeoutException"/>. Default 30 seconds.</summary>
    public TimeSpan WriteLockTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Page size in bytes for a new file: a power of two from 512 to 32768. Default 8192. An existing file keeps its own.</summary>
    public int PageSize { get; init; } = Storage.Pages.PageLayout.DefaultPageSize;

    /// <summary>Under <see cref="Storage.Durability.Full"/>, whether the file each commit fsyncs (the redo log, or the WAL without one) is written around the operating system's page cache where it allows it (Linux). Default true. See <see cref="StorageOptions.UnbufferedWalWrites"/>.</summary>
    public bool UnbufferedWalWrites { get; init; } = true;

    /// <summary>Under <see cref="Storage.Durability.Full"/>, whether commits are made durable by a small redo record instead of an fsync of their WAL frames. Default true. See <see cref="StorageOptions.RedoLog"/>.</summary>
    public bool RedoLog { get; init; } = true;

    /// <summary>
    /// Opens the database read-only: nothing is written (not even a lock file; the files are locked shared,
    /// so other read-only opens may share them and a writer may not), read-only files and directories work,
    /// and a database that needs recovery is recovered in memory. Every write, and opening a collection or
    /// index the file lacks, throws <see cref="DatabaseReadOnlyException"/> (code
    /// <see cref="DocStoreErrorCode.ReadOnly"/>). Default false. See <see cref="StorageOptions.ReadOnly"/>.
    /// </summary>
    public bool ReadOnly { get; init; }

    internal StorageOptions ToStorageOptions() => new()
    {
        ReadOnly = ReadOnly,
        Durability = Durability,
        CacheSizePages = CacheSizePages,
        WriteLockTimeout = WriteLockTimeout,
        PageSize = PageSize,
        UnbufferedWalWrites = UnbufferedWalWrites,
        RedoLog = RedoLog,
    };
}
