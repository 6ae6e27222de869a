namespace DocStore.Extensions.DependencyInjection;

/// <summary>
/// Where and how a hosted context opens its database: bound from a configuration section (one key per
/// property) and then changed by the <c>AddDocStore</c> callback.
/// </summary>
/// <remarks>
/// An engine setting left <see langword="null"/> is not set: the context opens with the engine's default,
/// and, on a file already open in the process (a <c>DocStoreConnection</c>, another context), takes the open
/// database's value instead of conflicting with it (docs/ado-net.md, "One open database per file").
/// </remarks>
public sealed class DocStoreHostOptions
{
    /// <summary>The database file path, or <see cref="DocStoreContext.InMemoryPath"/>. Required.</summary>
    public string Path { get; set; } = "";

    /// <summary>Sets <see cref="DocStoreOptions.Durability"/> when not <see langword="null"/>.</summary>
    public Durability? Durability { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.CacheSizePages"/> (at least 16) when not <see langword="null"/>.</summary>
    public int? CacheSizePages { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.WriteLockTimeout"/> (non-negative, or infinite) when not <see langword="null"/>.</summary>
    public TimeSpan? WriteLockTimeout { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.PageSize"/> (a power of two from 512 to 32768) when not <see langword="null"/>.</summary>
    public int? PageSize { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.AutoCheckpointFrames"/> (0 or more) when not <see langword="null"/>.</summary>
    public int? AutoCheckpointFrames { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.JournalSizeLimit"/> (bytes, at least 64 KiB) when not <see langword="null"/>.</summary>
    public long? JournalSizeLimit { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.UnbufferedWalWrites"/> when not <see langword="null"/>.</summary>
    public bool? UnbufferedWalWrites { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.RedoLog"/> when not <see langword="null"/>.</summary>
    public bool? RedoLog { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.ReadOnly"/> when not <see langword="null"/> (unset opens read-write).</summary>
    public bool? ReadOnly { get; set; }

    /// <summary>Sets <see cref="DocStoreOptions.Compression"/> when not <see langword="null"/>.</summary>
    public ValueCompression? Compression { get; set; }

    /// <summary>
    /// Sets <see cref="DocStoreOptions.Sharing"/> when not <see langword="null"/> (unset opens
    /// <see cref="DocStoreSharing.Exclusive"/>); <see cref="DocStoreSharing.Shared"/> lets the <c>docstore</c>
    /// tool and other reader processes open the file while the host has it open.
    /// </summary>
    public DocStoreSharing? Sharing { get; set; }

    /// <summary>
    /// Sets <see cref="DocStoreOptions.BusyTimeout"/> (non-negative, or <see cref="Timeout.InfiniteTimeSpan"/>)
    /// when not <see langword="null"/>: with <see cref="DocStoreSharing.Shared"/>, how long a write waits for
    /// another process's write transaction before <see cref="DatabaseBusyException"/>; <see cref="TimeSpan.Zero"/>
    /// tries once.
    /// </summary>
    public TimeSpan? BusyTimeout { get; set; }

    /// <summary>
    /// The engine settings as a <see cref="DocStoreOptions"/> that sets exactly the properties above that are
    /// not <see langword="null"/>. Assigning one sets the properties its initializer assigned and leaves the
    /// others as they are, so a callback that assigns <c>new DocStoreOptions { CacheSizePages = 64 }</c>
    /// keeps the durability a configuration section gave.
    /// </summary>
    /// <exception cref="ArgumentNullException">The assigned value is null.</exception>
    public DocStoreOptions Options
    {
        get => ToDocStoreOptions();
        set
        {
            ArgumentNullException.ThrowIfNull(value);
            var given = value.Given;
            Durability = given.HasFlag(EngineOption.Durability) ? value.Durability : Durability;
            CacheSizePages = given.HasFlag(EngineOption.CacheSizePages) ? value.CacheSizePages : CacheSizePages;
            WriteLockTimeout = given.HasFlag(EngineOption.WriteLockTimeout) ? value.WriteLockTimeout : WriteLockTimeout;
            PageSize = given.HasFlag(EngineOption.PageSize) ? value.PageSize : PageSize;
            AutoCheckpointFrames = given.HasFlag(EngineOption.AutoCheckpointFrames) ? value.AutoCheckpointFrames : AutoCheckpointFrames;
            JournalSizeLimit = given.HasFlag(EngineOption.JournalSizeLimit) ? value.JournalSizeLimit : JournalSizeLimit;
            UnbufferedWalWrites = given.HasFlag(EngineOption.UnbufferedWalWrites) ? value.UnbufferedWalWrites : UnbufferedWalWrites;
            RedoLog = given.HasFlag(EngineOption.RedoLog) ? value.RedoLog : RedoLog;
            ReadOnly = given.HasFlag(EngineOption.ReadOnly) ? value.ReadOnly : ReadOnly;
            Compression = given.HasFlag(EngineOption.Compression) ? value.Compression : Compression;
            Sharing = given.HasFlag(EngineOption.Sharing) ? value.Sharing : Sharing;
            BusyTimeout = given.HasFlag(EngineOption.BusyTimeout) ? value.BusyTimeout : BusyTimeout;
        }
    }

    /// <summary>The options the context opens with: the set properties, each marked as given, and the defaults for the rest.</summary>
    internal DocStoreOptions ToDocStoreOptions()
    {
        var defaults = new DocStoreOptions();
        var unset = EngineOption.None;
        unset |= Durability is null ? EngineOption.Durability : EngineOption.None;
        unset |= CacheSizePages is null ? EngineOption.CacheSizePages : EngineOption.None;
        unset |= WriteLockTimeout is null ? EngineOption.WriteLockTimeout : EngineOption.None;
        unset |= PageSize is null ? EngineOption.PageSize : EngineOption.None;
        unset |= AutoCheckpointFrames is null ? EngineOption.AutoCheckpointFrames : EngineOption.None;
        unset |= JournalSizeLimit is null ? EngineOption.JournalSizeLimit : EngineOption.None;
        unset |= UnbufferedWalWrites is null ? EngineOption.UnbufferedWalWrites : EngineOption.None;
        unset |= RedoLog is null ? EngineOption.RedoLog : EngineOption.None;
        unset |= ReadOnly is null ? EngineOption.ReadOnly : EngineOption.None;
        unset |= Compression is null ? EngineOption.Compression : EngineOption.None;
        unset |= Sharing is null ? EngineOption.Sharing : EngineOption.None;
        unset |= BusyTimeout is null ? EngineOption.BusyTimeout : EngineOption.None;
        return new DocStoreOptions
        {
            Durability = Durability ?? defaults.Durability,
            CacheSizePages = CacheSizePages ?? defaults.CacheSizePages,
            WriteLockTimeout = WriteLockTimeout ?? defaults.WriteLockTimeout,
            PageSize = PageSize ?? defaults.PageSize,
            AutoCheckpointFrames = AutoCheckpointFrames ?? defaults.AutoCheckpointFrames,
            JournalSizeLimit = JournalSizeLimit ?? defaults.JournalSizeLimit,
            UnbufferedWalWrites = UnbufferedWalWrites ?? defaults.UnbufferedWalWrites,
            RedoLog = RedoLog ?? defaults.RedoLog,
            ReadOnly = ReadOnly ?? defaults.ReadOnly,
            Compression = Compression ?? defaults.Compression,
            Sharing = Sharing ?? defaults.Sharing,
            BusyTimeout = BusyTimeout ?? defaults.BusyTimeout,
        }.Unset(unset);
    }
}
