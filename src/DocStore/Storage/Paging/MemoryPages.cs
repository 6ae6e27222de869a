using System.Collections.Concurrent;

namespace DocStore.Storage.Paging;

/// <summary>
/// What stands in for both files of a <c>:memory:</c> database: committed page versions kept by reference
/// (the WAL's role) and the checkpointed image of each page (the database file's role). A commit publishes
/// the transaction's own page copies as new versions, with no framing, checksums or copying, because nothing
/// here can tear or survive a crash. The pager's WAL index and checkpoint logic stay the same, so snapshots
/// behave exactly as with files: a version is forgotten only when the log "restarts", which needs no live reader.
/// </summary>
internal sealed class MemoryPages
{
    private const string Name = ":memory:";
    private readonly ConcurrentDictionary<uint, byte[]> _file = new();
    private readonly ConcurrentDictionary<(uint Page, long Lsn), byte[]> _versions = new();

    public MemoryPages(long nextLsn)
    {
        FirstLsn = NextLsn = nextLsn;
    }

    /// <summary>LSN of the first version kept since the last restart.</summary>
    public long FirstLsn { get; private set; }

    /// <summary>LSN the next published version gets.</summary>
    public long NextLsn { get; private set; }

    /// <summary>Versions kept since the last restart (the WAL frame count of a file database).</summary>
    public long FrameCount => NextLsn - FirstLsn;

    /// <summary>Publishes a commit's pages (sorted) by reference; returns the commit LSN. Only the writer calls this.</summary>
    public long Append(List<CommitPage> pages)
    {
        var lsn = NextLsn;
        foreach (var page in pages)
        {
            _versions[(page.PageNumber, lsn++)] = page.Image;
        }

        NextLsn = lsn;
        return lsn - 1;
    }

    /// <summary>The version of <paramref name="pageNumber"/> published with <paramref name="lsn"/>.</summary>
    public byte[] ReadVersion(uint pageNumber, long lsn) =>
        _versions.TryGetValue((pageNumber, lsn), out var image)
            ? image
            : throw new DatabaseCorruptException(Name, pageNumber, $"no version with LSN {lsn}");

    /// <summary>The checkpointed image of <paramref name="pageNumber"/>.</summary>
    public byte[] ReadFile(uint pageNumber) =>
        _file.TryGetValue(pageNumber, out var image)
            ? image
            : throw new DatabaseCorruptException(Name, pageNumber, "the page lies beyond the end of the database");

    /// <summary>Makes <paramref name="image"/> the checkpointed image of <paramref name="pageNumber"/> (images are immutable, so by reference).</summary>
    public void WriteFile(uint pageNumber, byte[] image) => _file[pageNumber] = image;

    /// <summary>Forgets every version; the caller guarantees no reader is live and everything was checkpointed.</summary>
    public void Reset(long nextLsn)
    {
        _versions.Clear();
        FirstLsn = NextLsn = nextLsn;
    }
}
