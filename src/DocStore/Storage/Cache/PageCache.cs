using System.Collections.Concurrent;
using DocStore.Diagnostics;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Cache;

/// <summary>
/// A bounded cache of immutable page images keyed by (page number, version), evicting with CLOCK.
/// A version is the LSN of the WAL frame the image came from, or 0 for the image in the database file.
/// Images are never written after they enter the cache and never recycled on eviction, so a reader may
/// keep using an image (and spans or memory over it) after it has been evicted.
/// <para>
/// Besides the dictionary, an array indexed by page number holds each page's most recently cached
/// version, so that the common lookup (the newest version, which every new snapshot reads) is one array
/// load and a version compare instead of a hash lookup. The dictionary stays the source of truth (older
/// versions that old snapshots read live only there).
/// </para>
/// <para>
/// A commit caches a new version of every page it changed, and the version it replaced is then wanted only
/// by snapshots older than the commit. Such versions are evicted first, in the order they were replaced,
/// once the owner says no snapshot that old is left (<see cref="AddCommitted"/>); CLOCK alone would treat
/// them like the current versions, so a write-heavy run would push out current versions of pages it had
/// not read lately, and the next checkpoint would read them back from the WAL on disk.
/// </para>
/// <para>
/// B+tree branch pages are kept in preference to the rest while they fill at most
/// <see cref="BranchShare"/> of the capacity: the hand passes over them, so a cache far smaller than the
/// file still holds the upper levels every lookup walks, and a cold lookup misses its leaf alone instead
/// of the branches above it too (each miss a read, and on an encrypted file a decrypt). Beyond that share
/// branches take their chances under CLOCK like any page.
/// </para>
/// </summary>
internal sealed class PageCache
{
    private readonly ConcurrentDictionary<PageKey, CachedPage> _map;
    private readonly CachedPage?[] _slots;
    private readonly Lock _clockGate = new();
    private readonly Action<byte[]>? _retire;
    private CachedPage?[] _newest = new CachedPage?[InitialIndexedPages];

    // Entries a newer version of the same page replaced, oldest first, with the version that replaced them.
    private readonly Queue<(CachedPage Entry, long ReplacedBy)> _replaced = new();
    private long _oldestSnapshot;
    private int _used;
    private int _hand;

    // Live entries holding branch pages, and how many of them the hand passes over (see BranchShare).
    private int _branches;
    private readonly int _branchReserve;

    // The array starts this long and doubles as higher page numbers are cached.
    private const int InitialIndexedPages = 64;

    /// <summary>Pages past this number use the dictionary alone, so a huge file cannot make the array huge (8 MB of references).</summary>
    internal const uint MaxIndexedPage = 1 << 20;

    /// <summary>The share of the capacity branch pages may fill while eviction passes over them.</summary>
    internal const double BranchShare = 0.75;

    /// <summary>A cache of <paramref name="capacity"/> images; <paramref name="retire"/> is told of every image that leaves it (evicted, removed or cleared), under the cache's lock.</summary>
    public PageCache(int capacity, Action<byte[]>? retire = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 4);
        _retire = retire;
        _slots = new CachedPage?[capacity];
        _branchReserve = (int)(capacity * BranchShare);
        _map = new ConcurrentDictionary<PageKey, CachedPage>(Environment.ProcessorCount, capacity);
    }

    public int Capacity => _slots.Length;

    public int Count => _map.Count;

    /// <summary>How many cached images are B+tree branch pages.</summary>
    internal int BranchCount => Volatile.Read(ref _branches);

    public bool TryGet(uint pageNumber, long version, out byte[] image)
    {
        if (TryGet(pageNumber, version) is { } hit)
        {
            image = hit.Image;
            return true;
        }

        image = null!;
        return false;
    }

    /// <summary>The cached entry of <paramref name="pageNumber"/> at <paramref name="version"/>, or null.</summary>
    public CachedPage? TryGet(uint pageNumber, long version)
    {
        var newest = Volatile.Read(ref _newest);
        if (pageNumber < (uint)newest.Length && Volatile.Read(ref newest[pageNumber]) is { } hit && hit.Version == version && !hit.Dead)
        {
            hit.MarkReferenced();
            DocStoreMetrics.CountCacheLookup(hit: true);
            return hit;
        }

        if (_map.TryGetValue(new PageKey(pageNumber, version), out var entry))
        {
            entry.MarkReferenced();
            DocStoreMetrics.CountCacheLookup(hit: true);
            return entry;
        }

        DocStoreMetrics.CountCacheLookup(hit: false);
        return null;
    }

    /// <summary>Caches <paramref name="image"/> as <paramref name="pageNumber"/> at <paramref name="version"/>; returns the entry (the one already cached, if any).</summary>
    public CachedPage Add(uint pageNumber, long version, byte[] image)
    {
        var key = new PageKey(pageNumber, version);
        lock (_clockGate)
        {
            if (_map.TryGetValue(key, out var cached))
            {
                return cached;
            }

            var entry = new CachedPage(pageNumber, version, image);
            Place(entry, _used < _slots.Length ? _used++ : FindVictim());
            return entry;
        }
    }

    /// <summary>
    /// Caches the pages of one commit, whose versions are <paramref name="firstVersion"/> onwards in list
    /// order, after taking note that no snapshot older than <paramref name="oldestSnapshot"/> is left or can
    /// start: versions that a version at or before it replaced will not be read again, and are evicted before
    /// anything else. One pass under the lock, with no lookup for an existing entry: nobody else can have
    /// cached a version before its commit hands it over.
    /// </summary>
    public void AddCommitted(List<Paging.CommitPage> pages, long firstVersion, long oldestSnapshot)
    {
        lock (_clockGate)
        {
            _oldestSnapshot = Math.Max(_oldestSnapshot, oldestSnapshot);
            for (var i = 0; i < pages.Count; i++)
            {
                var entry = new CachedPage(pages[i].PageNumber, firstVersion + i, pages[i].Image);
                System.Diagnostics.Debug.Assert(!_map.ContainsKey(new PageKey(entry.PageNumber, entry.Version)), "a commit's versions are new");
                Place(entry, _used < _slots.Length ? _used++ : FindVictim());
            }
        }
    }

    /// <summary>
    /// Files the image cached for <paramref name="pageNumber"/> at <paramref name="version"/> under
    /// <paramref name="newVersion"/> instead, keeping the image (a checkpoint that copied that version into the
    /// database file re-files it as the file's image, version 0, so nobody reads the file back). When the new
    /// version is cached already, the old entry is simply dropped; when the old one is not cached, nothing happens.
    /// </summary>
    public void Rekey(uint pageNumber, long version, long newVersion)
    {
        lock (_clockGate)
        {
            if (!_map.TryRemove(new PageKey(pageNumber, version), out var old))
            {
                return;
            }

            if (_map.ContainsKey(new PageKey(pageNumber, newVersion)))
            {
                Drop(old);
                return;
            }

            // The image moves to the new entry, so the old one leaves without retiring it.
            old.Dead = true;
            var wasNewest = Unpublish(old);
            var entry = new CachedPage(pageNumber, newVersion, old.Image) { Referenced = old.Referenced };
            _slots[old.Slot] = entry;
            entry.Slot = old.Slot;
            _map[new PageKey(pageNumber, newVersion)] = entry;
            if (wasNewest)
            {
                Publish(entry);
            }
        }
    }

    /// <summary>Drops the image of <paramref name="pageNumber"/> at <paramref name="version"/>, if cached.</summary>
    public void Remove(uint pageNumber, long version)
    {
        lock (_clockGate)
        {
            if (_map.TryRemove(new PageKey(pageNumber, version), out var entry))
            {
                Drop(entry);
            }
        }
    }

    /// <summary>Drops everything (used when the WAL is reset and when the database closes).</summary>
    public void Clear()
    {
        lock (_clockGate)
        {
            if (_retire is not null)
            {
                foreach (var entry in _map.Values)
                {
                    _retire(entry.Image);
                }
            }

            _map.Clear();
            _replaced.Clear();
            _branches = 0;
            Array.Clear(_slots);
            Volatile.Write(ref _newest, new CachedPage?[InitialIndexedPages]);
            _used = 0;
            _hand = 0;
        }
    }

    // Under the clock gate: puts a new entry in a free slot and makes it findable. When it is a newer version
    // of the page than the one the array held, that one is queued as replaced (the queue is bounded by the
    // capacity; what does not fit is left to CLOCK).
    private void Place(CachedPage entry, int slot)
    {
        entry.Slot = slot;
        _slots[slot] = entry;
        _map[new PageKey(entry.PageNumber, entry.Version)] = entry;
        if (IsBranch(entry))
        {
            _branches++;
        }

        var newest = _newest;
        if (entry.PageNumber < (uint)newest.Length && newest[entry.PageNumber] is { } previous
            && previous.Version < entry.Version && _replaced.Count < _slots.Length)
        {
            _replaced.Enqueue((previous, entry.Version));
        }

        Publish(entry);
    }

    // Evicts the longest-replaced version no snapshot can read; CLOCK when there is none: its hand gives a
    // referenced entry a second chance and takes a dead or unreferenced one.
    private int FindVictim()
    {
        while (_replaced.TryPeek(out var head))
        {
            if (head.Entry.Dead)
            {
                _replaced.Dequeue();
                continue;
            }

            if (head.ReplacedBy > _oldestSnapshot)
            {
                break;
            }

            _replaced.Dequeue();
            _map.TryRemove(new PageKey(head.Entry.PageNumber, head.Entry.Version), out _);
            Drop(head.Entry);
            return head.Entry.Slot;
        }

        while (true)
        {
            var slot = _hand;
            _hand = (_hand + 1) % _slots.Length;
            var entry = _slots[slot]!;
            if (entry.Dead)
            {
                return slot;
            }

            // Passed over while branches fit their share: the rest of the ring then holds a page that is not
            // one, so the hand finds a victim within two turns.
            if (entry.Referenced || (_branches <= _branchReserve && IsBranch(entry)))
            {
                entry.Referenced = false;
                continue;
            }

            _map.TryRemove(new PageKey(entry.PageNumber, entry.Version), out _);
            Drop(entry);
            return slot;
        }
    }

    // Under the clock gate, for an entry already out of the dictionary: out of the array too, and its image retired.
    private void Drop(CachedPage entry)
    {
        entry.Dead = true;
        if (IsBranch(entry))
        {
            _branches--;
        }

        Unpublish(entry);
        _retire?.Invoke(entry.Image);
    }

    // Under the clock gate. The last image cached for a page takes its place in the array: usually the
    // newest version (a commit, or the file image reloaded after a checkpoint dropped the WAL versions);
    // an old snapshot loading the past displaces it only until the page is cached again, and lookups of
    // the displaced version still hit the dictionary.
    private void Publish(CachedPage entry)
    {
        var page = entry.PageNumber;
        if (page >= MaxIndexedPage)
        {
            return;
        }

        var newest = ByPageArray.Holding(ref _newest, page, MaxIndexedPage);
        Volatile.Write(ref newest[page], entry);
    }

    // Under the clock gate: the array never keeps an entry the dictionary has dropped. True when it held this one.
    private bool Unpublish(CachedPage entry)
    {
        var newest = _newest;
        var page = entry.PageNumber;
        if (page < (uint)newest.Length && ReferenceEquals(newest[page], entry))
        {
            Volatile.Write(ref newest[page], null);
            return true;
        }

        return false;
    }

    // Images too short to hold a page header are not pages of a tree.
    private static bool IsBranch(CachedPage entry) =>
        entry.Image.Length > PageLayout.HeaderSize && PageLayout.GetType(entry.Image) == PageType.Branch;

    private readonly record struct PageKey(uint PageNumber, long Version);
}
