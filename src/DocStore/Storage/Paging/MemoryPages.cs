using System.Collections.Concurrent;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Paging;

/// <summary>
/// What stands in for both files of a <c>:memory:</c> database: committed page versions kept by reference
/// (the WAL's role) and the checkpointed image of each page (the database file's role). A commit publishes
/// the transaction's own page copies as new versions, with no framing, checksums or copying, because nothing
/// here can tear or survive a crash. The pager's WAL index and checkpoint logic stay the same, so snapshots
/// behave exactly as with files: a version is forgotten only when the log "restarts", which needs no live reader.
/// <para>
/// Images that no structure here holds any more go to the page pool, which hands them out again once no
/// reader or writer that could have picked them up is left (docs/storage.md, "Page image reuse"). An image
/// leaves either when a checkpoint replaces a page's checkpointed image with a newer version, or when a
/// restart forgets the versions that were never checkpointed (those a later version superseded first). A
/// checkpointed image that is also a kept version is left for the restart to judge, so that no image is
/// retired twice.
/// </para>
/// </summary>
internal sealed class MemoryPages
{
    private const string Name = ":memory:";
    // Each image is kept in a cache entry of its own, which nothing evicts: the B-tree derives its search
    // heads there (see KeyHeads), as it does for a file database's cached images.
    private readonly ConcurrentDictionary<(uint Page, long Lsn), CachedPage> _versions = new();

    // By page number (see ByPageArray), read without locks: the checkpointed entry of each page, and the
    // last version the writer published, which every new snapshot wants; an array load spares a point read
    // hashing a (page, LSN) pair for each page it resolves. Only the checkpoint (gate held) writes the
    // first, only the writer (write lock held) the second.
    private CachedPage?[] _file = new CachedPage?[InitialPages];
    private CachedPage?[] _lastVersion = new CachedPage?[InitialPages];
    private const int InitialPages = 64;

    // Pages whose checkpointed image is one of the kept versions (since the last restart). Only checkpoints
    // and restarts use it, which the pager's checkpoint gate serializes.
    private readonly HashSet<uint> _fileIsVersion = [];
    private Action<byte[]>? _retire;

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

    /// <summary>Above the number of every page that has an image here (the length of the arrays by page).</summary>
    public long PageBound => Math.Max(Volatile.Read(ref _file).Length, Volatile.Read(ref _lastVersion).Length);

    /// <summary>Publishes a commit's pages (sorted) by reference; returns the commit LSN. Only the writer calls this.</summary>
    public long Append(List<CommitPage> pages)
    {
        var lsn = NextLsn;
        foreach (var page in pages)
        {
            var entry = new CachedPage(page.PageNumber, lsn, page.Image);
            _versions[(page.PageNumber, lsn)] = entry;
            Volatile.Write(ref ByPageArray.Holding(ref _lastVersion, page.PageNumber)[page.PageNumber], entry);
            lsn++;
        }

        NextLsn = lsn;
        return lsn - 1;
    }

    /// <summary>The version of <paramref name="pageNumber"/> published with <paramref name="lsn"/>.</summary>
    public CachedPage ReadVersion(uint pageNumber, long lsn)
    {
        var last = Volatile.Read(ref _lastVersion);
        if (pageNumber < (uint)last.Length && Volatile.Read(ref last[pageNumber]) is { } newest && newest.Version == lsn)
        {
            return newest;
        }

        return _versions.TryGetValue((pageNumber, lsn), out var entry)
            ? entry
            : throw new DatabaseCorruptException(Name, pageNumber, $"no version with LSN {lsn}");
    }

    /// <summary>The checkpointed image of <paramref name="pageNumber"/>.</summary>
    public CachedPage ReadFile(uint pageNumber)
    {
        var file = Volatile.Read(ref _file);
        return pageNumber < (uint)file.Length && Volatile.Read(ref file[pageNumber]) is { } entry
            ? entry
            : throw new DatabaseCorruptException(Name, pageNumber, "the page lies beyond the end of the database");
    }

    /// <summary>Where images go once nothing here holds them (the pager's page pool); until set, they are left to the collector.</summary>
    public void RetireThrough(Action<byte[]> retire) => _retire = retire;

    /// <summary>Makes a new image the checkpointed image of <paramref name="pageNumber"/> (the database's first pages).</summary>
    public void WriteFile(uint pageNumber, byte[] image) => Replace(pageNumber, new CachedPage(pageNumber, 0, image), isVersion: false);

    /// <summary>Makes the version of <paramref name="pageNumber"/> published with <paramref name="lsn"/> its checkpointed image (by reference: images are immutable, and its entry keeps the heads derived from it).</summary>
    public void Checkpoint(uint pageNumber, long lsn) => Replace(pageNumber, ReadVersion(pageNumber, lsn), isVersion: true);

    /// <summary>Forgets every version; the caller guarantees no reader is live and everything was checkpointed.</summary>
    public void Reset(long nextLsn)
    {
        // No reader is live and none can register meanwhile, so the slots are cleared in place: a restart
        // follows every few commits, and a new array each time would cost one the size of the database.
        var last = _lastVersion;
        foreach (var ((page, _), entry) in _versions)
        {
            last[page] = null;
            if (!ReferenceEquals(ReadFileOrNull(page), entry))
            {
                _retire?.Invoke(entry.Image);
            }
        }

        _versions.Clear();
        _fileIsVersion.Clear();
        FirstLsn = NextLsn = nextLsn;
    }

    private void Replace(uint pageNumber, CachedPage entry, bool isVersion)
    {
        var replaced = ReadFileOrNull(pageNumber);
        Volatile.Write(ref ByPageArray.Holding(ref _file, pageNumber)[pageNumber], entry);

        // A replaced image that is also a kept version stays held by the versions until the restart, which retires it.
        var wasVersion = isVersion ? !_fileIsVersion.Add(pageNumber) : _fileIsVersion.Remove(pageNumber);
        if (replaced is not null && !wasVersion && !ReferenceEquals(replaced, entry))
        {
            _retire?.Invoke(replaced.Image);
        }
    }

    private CachedPage? ReadFileOrNull(uint pageNumber)
    {
        var file = _file;
        return pageNumber < (uint)file.Length ? file[pageNumber] : null;
    }
}
