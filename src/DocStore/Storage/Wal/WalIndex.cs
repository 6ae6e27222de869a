using DocStore.Storage.Pages;

namespace DocStore.Storage.Wal;

/// <summary>
/// Which versions of each page live in the WAL: page number to the ascending LSNs of its frames. Readers
/// resolve a page against their snapshot LSN without locks. The single writer appends a version in place
/// (publishing the new count last) and replaces a page's list only when it must grow; the checkpointer
/// drops old versions by replacing the list with a trimmed copy. A hot page (the leaf every insert of a
/// sequential key lands in) gets a version per commit, so appends must not copy its whole list each time.
/// </summary>
internal sealed class WalIndex
{
    // Indexed by page number (see ByPageArray): every page a read touches goes through here while the log
    // holds versions. A reader holding an older array sees every entry as of the growth, which covers every
    // version its snapshot can resolve to.
    private PageSlot[] _byPage = new PageSlot[1024];

    // The writer adds versions while a checkpoint may drop old ones of the same page (it copies without
    // the write lock); both change a page's list, so they take turns. Readers never take it.
    private readonly Lock _gate = new();

    // Pages with versions, kept by the writer: lets readers skip the lookup once a checkpoint emptied the
    // index (the common state of a read-mostly database). A reader racing a writer that adds versions
    // may see 0, which is right for it: those versions are newer than its snapshot.
    private int _pageCount;

    // The pages that hold versions, in no order (under the gate): what checkpoints visit, so that an
    // in-memory database, checkpointed every few commits, need not walk the whole array each time.
    private readonly List<uint> _pages = [];

    /// <summary>Pages with at least one version in the WAL.</summary>
    public int PageCount => Volatile.Read(ref _pageCount);

    /// <summary>The LSN of the newest version of <paramref name="pageNumber"/> at or before <paramref name="snapshotLsn"/>, or 0 when the database file holds it.</summary>
    public long Resolve(uint pageNumber, long snapshotLsn)
    {
        if (Volatile.Read(ref _pageCount) == 0)
        {
            return 0;
        }

        var byPage = Volatile.Read(ref _byPage);
        if (pageNumber >= (uint)byPage.Length)
        {
            return 0;
        }

        // A reader at the newest snapshot (nearly all of them) wants the newest version, which the slot
        // holds beside the list: one load instead of two dependent ones. The writer stores it before the
        // commit that made it is published, so a snapshot never misses a version it covers.
        ref var slot = ref byPage[pageNumber];
        var newest = Volatile.Read(ref slot.Newest);
        if (newest != 0 && newest <= snapshotLsn)
        {
            return newest;
        }

        if (Volatile.Read(ref slot.Versions) is not { } versions)
        {
            return 0;
        }

        var lsns = versions.Lsns;
        for (var i = versions.Count - 1; i >= 0; i--)
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

    /// <summary>Records the versions of one commit's pages, <paramref name="firstLsn"/> onwards in list order, taking the gate once.</summary>
    public void AddCommitted(List<Paging.CommitPage> pages, long firstLsn)
    {
        lock (_gate)
        {
            for (var i = 0; i < pages.Count; i++)
            {
                AddLocked(pages[i].PageNumber, firstLsn + i);
            }
        }
    }

    /// <summary>Records versions a commit spilled before its own frames (older LSNs than those, one per page), taking the gate once.</summary>
    public void AddSpilled(List<(uint PageNumber, long Lsn)> versions)
    {
        lock (_gate)
        {
            foreach (var (pageNumber, lsn) in versions)
            {
                AddLocked(pageNumber, lsn);
            }
        }
    }

    private void AddLocked(uint pageNumber, long lsn)
    {
        ref var slot = ref ByPageArray.Holding(ref _byPage, pageNumber)[pageNumber];
        var versions = slot.Versions;
        if (versions is null)
        {
            Volatile.Write(ref slot.Versions, new PageVersions([lsn, 0, 0, 0], 1));
            Volatile.Write(ref _pageCount, _pageCount + 1);
            _pages.Add(pageNumber);
        }
        else if (!versions.TryAppend(lsn))
        {
            Volatile.Write(ref slot.Versions, versions.Grown(lsn));
        }

        // After the list: a reader that finds this LSN too new for its snapshot walks the list instead.
        Volatile.Write(ref slot.Newest, lsn);
    }

    /// <summary>For each page, its newest version at or before <paramref name="limitLsn"/> (what a checkpoint copies), in page order.</summary>
    public List<(uint PageNumber, long Lsn)> CheckpointSet(long limitLsn)
    {
        uint[] pages;
        PageSlot[] byPage;
        lock (_gate)
        {
            pages = [.. _pages];
            byPage = _byPage;
        }

        Array.Sort(pages);
        var result = new List<(uint, long)>(pages.Length);
        foreach (var page in pages)
        {
            if (Volatile.Read(ref byPage[page].Versions) is not { } versions)
            {
                continue;
            }

            var lsns = versions.Lsns;
            for (var i = versions.Count - 1; i >= 0; i--)
            {
                if (lsns[i] <= limitLsn)
                {
                    result.Add((page, lsns[i]));
                    break;
                }
            }
        }

        return result;
    }

    /// <summary>Forgets versions at or before <paramref name="limitLsn"/>: the database file now holds them.</summary>
    public void DropUpTo(long limitLsn)
    {
        lock (_gate)
        {
            var byPage = _byPage;
            for (var i = _pages.Count - 1; i >= 0; i--)
            {
                // Under the gate every listed page has versions: Add lists a page with its first, and a page
                // leaves the list here together with its last.
                var page = _pages[i];
                ref var slot = ref byPage[page];
                var versions = slot.Versions!;
                var count = versions.Count;
                var first = 0;
                while (first < count && versions.Lsns[first] <= limitLsn)
                {
                    first++;
                }

                if (first == count)
                {
                    // Newest first: a reader that still sees the list resolves the same as one that sees no version.
                    Volatile.Write(ref slot.Newest, 0);
                    Volatile.Write(ref slot.Versions, null);
                    Volatile.Write(ref _pageCount, _pageCount - 1);

                    // Order does not matter: the last entry fills the hole.
                    _pages[i] = _pages[^1];
                    _pages.RemoveAt(_pages.Count - 1);
                }
                else if (first != 0)
                {
                    var kept = versions.Lsns[first..count];
                    Volatile.Write(ref slot.Versions, new PageVersions(kept, kept.Length));
                }
            }
        }
    }

    /// <summary>A page's versions and the newest of them (0 when the page has none).</summary>
    private struct PageSlot
    {
        public PageVersions? Versions;
        public long Newest;
    }

    /// <summary>
    /// One page's LSNs, ascending, in an array with room to spare. Entries below <see cref="Count"/> never
    /// change, and the count is published after the entry it covers, so a reader sees a consistent prefix.
    /// </summary>
    private sealed class PageVersions(long[] lsns, int count)
    {
        private int _count = count;

        public long[] Lsns { get; } = lsns;

        public int Count => Volatile.Read(ref _count);

        public bool TryAppend(long lsn)
        {
            if (_count == Lsns.Length)
            {
                return false;
            }

            Lsns[_count] = lsn;
            Volatile.Write(ref _count, _count + 1);
            return true;
        }

        public PageVersions Grown(long lsn)
        {
            var lsns = new long[Lsns.Length * 2];
            Lsns.AsSpan(0, _count).CopyTo(lsns);
            lsns[_count] = lsn;
            return new PageVersions(lsns, _count + 1);
        }
    }
}
