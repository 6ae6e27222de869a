namespace DocStore.Storage.Paging;

/// <summary>
/// The collections a write transaction works in, owned by the pager and reused by each writer in turn
/// (only the holder of the write lock touches them), so that no transaction allocates its own.
/// </summary>
internal sealed class WriterPages
{
    /// <summary>
    /// A list the writer reuses to hand its sorted pages to <see cref="CommitPath.AppendCommit"/> and
    /// <see cref="SpillLog.Spill"/>.
    /// </summary>
    public List<CommitPage> CommitPages { get; } = [];

    /// <summary>The write transaction's private page copies.</summary>
    public Dictionary<uint, byte[]> DirtyPages { get; } = [];

    /// <summary>
    /// For each private copy made from a committed page, the committed image it came from: the WAL logs the
    /// difference when it is small.
    /// </summary>
    public Dictionary<uint, byte[]> DirtyPrevious { get; } = [];

    /// <summary>The spilled pages the writer did not change again: published with the commit.</summary>
    public List<(uint PageNumber, long Lsn)> SpilledVersions { get; } = [];

    /// <summary>For each page the writer spilled, the LSN of its newest frame.</summary>
    public Dictionary<uint, long> SpilledPages { get; } = [];

    /// <summary>Spilled pages the writer read back without changing them.</summary>
    public Dictionary<uint, byte[]> ReloadedPages { get; } = [];
}
