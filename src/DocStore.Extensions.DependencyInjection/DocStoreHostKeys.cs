namespace DocStore.Extensions.DependencyInjection;

/// <summary>
/// The configuration keys of <see cref="DocStoreHostOptions"/>, as the source-generated binder binds them. It
/// binds this type rather than the options because the options' <see cref="DocStoreHostOptions.Options"/>
/// view holds init-only engine settings the generator cannot bind.
/// </summary>
internal sealed class DocStoreHostKeys
{
    public string? Path { get; set; }

    public Durability? Durability { get; set; }

    public int? CacheSizePages { get; set; }

    public TimeSpan? WriteLockTimeout { get; set; }

    public int? PageSize { get; set; }

    public int? AutoCheckpointFrames { get; set; }

    public long? JournalSizeLimit { get; set; }

    public bool? UnbufferedWalWrites { get; set; }

    public bool? RedoLog { get; set; }

    public bool? ReadOnly { get; set; }

    public ValueCompression? Compression { get; set; }

    public DocStoreSharing? Sharing { get; set; }

    public TimeSpan? BusyTimeout { get; set; }

    /// <summary>Sets on <paramref name="target"/> the keys the section has; the others keep their values.</summary>
    public void ApplyTo(DocStoreHostOptions target)
    {
        target.Path = string.IsNullOrWhiteSpace(Path) ? target.Path : Path;
        target.Durability = Durability ?? target.Durability;
        target.CacheSizePages = CacheSizePages ?? target.CacheSizePages;
        target.WriteLockTimeout = WriteLockTimeout ?? target.WriteLockTimeout;
        target.PageSize = PageSize ?? target.PageSize;
        target.AutoCheckpointFrames = AutoCheckpointFrames ?? target.AutoCheckpointFrames;
        target.JournalSizeLimit = JournalSizeLimit ?? target.JournalSizeLimit;
        target.UnbufferedWalWrites = UnbufferedWalWrites ?? target.UnbufferedWalWrites;
        target.RedoLog = RedoLog ?? target.RedoLog;
        target.ReadOnly = ReadOnly ?? target.ReadOnly;
        target.Compression = Compression ?? target.Compression;
        target.Sharing = Sharing ?? target.Sharing;
        target.BusyTimeout = BusyTimeout ?? target.BusyTimeout;
    }
}
