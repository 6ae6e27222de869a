using System.Collections.Concurrent;

namespace DocStore.Storage.Wal;

/// <summary>
/// Which versions of each page live in the WAL: page number to the ascending LSNs of its frames. Readers
/// resolve a page against their snapshot LSN without locks; the single writer publishes new versions and
/// the checkpointer drops old ones, each replacing a page's array wholesale.
/// </summary>
internal sealed class WalIndex
{
    private readonly ConcurrentDictionary<uint, long[]> _versions = new();

    // The writer adds versions while a checkpoint may drop old ones of the same page (it copies without
    // the write lock); both replace a page's array, so they take turns. Readers never take it.
    private readonly Lock _gate = new();

    // Pages with versions, kept by the writer: lets readers skip the lookup once a checkpoint emptied the
    // index (the common state of a read-mostly database). A reader racing a writer that adds versions
    // may see 0, which is right for it: those versions are newer than its snapshot.
    private int _pageCount;

    /// <summary>Pages with at least one version in the WAL.</summary>
    public int PageCount => Volatile.Read(ref _pageCount);

    /// <summary>The LSN of the newest version of <paramref name="pageNumber"/> at or before <paramref name="snapshotLsn"/>, or 0 when the database file holds it.</summary>
    public long Resolve(uint pageNumber, long snapshotLsn)
    {
        if (Volatile.Read(ref _pageCount) == 0 || !_versions.TryGetValue(pageNumber, out var lsns))
        {
            return 0;
        }

        for (var i = lsns.Length - 1; i >= 0; i--)
        {
            if (lsns[i] <= snapshotLsn)
            {
                return lsns[i];
            }
        }

        return 0;
    }

    /// <summary>Records a new version (only the writer calls this, with increasing LSNs).</summary>
    public void Add(uint pageNumber, long lsn)
    {
        lock (_gate)
        {
            AddLocked(pageNumber, lsn);
        }
    }

    private void AddLocked(uint pageNumber, long lsn)
    {
        if (_versions.TryGetValue(pageNumber, out var lsns))
        {
            var grown = new long[lsns.Length + 1];
            lsns.CopyTo(grown, 0);
            grown[^1] = lsn;
            _versions[pageNumber] = grown;
        }
        else
        {
            _versions[pageNumber] = [lsn];
            Volatile.Write(ref _pageCount, _pageCount + 1);
        }
    }

    /// <summary>For each page, its newest version at or before <paramref name="limitLsn"/> (what a checkpoint copies).</summary>
    public List<(uint PageNumber, long Lsn)> CheckpointSet(long limitLsn)
    {
        var result = new List<(uint, long)>();
        foreach (var (page, lsns) in _versions)
        {
            for (var i = lsns.Length - 1; i >= 0; i--)
            {
                if (lsns[i] <= limitLsn)
                {
                    result.Add((page, lsns[i]));
                    break;
                }
            }
        }

        result.Sort(static (a, b) => a.Item1.CompareTo(b.Item1));
        return result;
    }

    /// <summary>Forgets versions at or before <paramref name="limitLsn"/>: the database file now holds them.</summary>
    public void DropUpTo(long limitLsn)
    {
        lock (_gate)
        {
            DropUpToLocked(limitLsn);
        }
    }

    private void DropUpToLocked(long limitLsn)
    {
        foreach (var (page, lsns) in _versions)
        {
            var keep = 0;
            foreach (var lsn in lsns)
            {
                if (lsn > limitLsn)
                {
                    keep++;
                }
            }

            if (keep == 0)
            {
                _versions.TryRemove(page, out _);
                Volatile.Write(ref _pageCount, _pageCount - 1);
            }
            else if (keep != lsns.Length)
            {
                _versions[page] = lsns[^keep..];
            }
        }
    }
}
