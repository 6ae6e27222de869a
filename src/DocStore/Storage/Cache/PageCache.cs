using System.Collections.Concurrent;

namespace DocStore.Storage.Cache;

/// <summary>
/// A bounded cache of immutable page images keyed by (page number, version), evicting with CLOCK.
/// A version is the LSN of the WAL frame the image came from, or 0 for the image in the database file.
/// Images are never written after they enter the cache and never recycled on eviction, so a reader may
/// keep using an image (and spans or memory over it) after it has been evicted.
/// <para>
/// Besides the dictionary, an array indexed by page number holds each page's most recently cached
/// version, so that the common lookup (the newest version, which every new snapshot reads) is one array
/// load and a version compare instead of a hash lookup: a warm get resolves three or four pages, and the
/// dictionary's hashing and bucket walk were a visible part of it. The dictionary stays the source of
/// truth (older versions that old snapshots read live only there).
/// </para>
/// </summary>
internal sealed class PageCache
{
    private readonly ConcurrentDictionary<PageKey, CachedPage> _map;
    private readonly CachedPage?[] _slots;
    private readonly Lock _clockGate = new();
    private readonly Action<byte[]>? _retire;
    private CachedPage?[] _newest = new CachedPage?[InitialIndexedPages];
    private int _used;
    private int _hand;

    // The array starts this long and doubles as higher page numbers are cached.
    private const int InitialIndexedPages = 64;

    /// <summary>Pages past this number use the dictionary alone, so a huge file cannot make the array huge (8 MB of references).</summary>
    internal const uint MaxIndexedPage = 1 << 20;

    /// <summary>A cache of <paramref name="capacity"/> images; <paramref name="retire"/> is told of every image that leaves it (evicted, removed or cleared), under the cache's lock.</summary>
    public PageCache(int capacity, Action<byte[]>? retire = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 4);
        _retire = retire;
        _slots = new CachedPage?[capacity];
        _map = new ConcurrentDictionary<PageKey, CachedPage>(Environment.ProcessorCount, capacity);
    }

    public int Capacity => _slots.Length;

    public int Count => _map.Count;

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
            hit.Referenced = true;
            return hit;
        }

        if (_map.TryGetValue(new PageKey(pageNumber, version), out var entry))
        {
            entry.Referenced = true;
            return entry;
        }

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
            var slot = _used < _slots.Length ? _used++ : FindVictim();
            _slots[slot] = entry;
            _map[key] = entry;
            Publish(entry);
            return entry;
        }
    }

    /// <summary>Drops the image of <paramref name="pageNumber"/> at <paramref name="version"/>, if cached.</summary>
    public void Remove(uint pageNumber, long version)
    {
        lock (_clockGate)
        {
            if (_map.TryRemove(new PageKey(pageNumber, version), out var entry))
            {
                entry.Dead = true;
                Unpublish(entry);
                _retire?.Invoke(entry.Image);
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
            Array.Clear(_slots);
            Volatile.Write(ref _newest, new CachedPage?[InitialIndexedPages]);
            _used = 0;
            _hand = 0;
        }
    }

    // Sweeps the clock hand: a referenced entry gets a second chance, a dead or unreferenced one goes.
    private int FindVictim()
    {
        while (true)
        {
            var slot = _hand;
            _hand = (_hand + 1) % _slots.Length;
            var entry = _slots[slot]!;
            if (entry.Dead)
            {
                return slot;
            }

            if (entry.Referenced)
            {
                entry.Referenced = false;
                continue;
            }

            _map.TryRemove(new PageKey(entry.PageNumber, entry.Version), out _);
            entry.Dead = true;
            Unpublish(entry);
            _retire?.Invoke(entry.Image);
            return slot;
        }
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

        var newest = _newest;
        if (page >= (uint)newest.Length)
        {
            var grown = new CachedPage?[Math.Min(MaxIndexedPage, Math.Max(page + 1, (uint)newest.Length * 2))];
            newest.CopyTo(grown, 0);
            Volatile.Write(ref _newest, grown);
            newest = grown;
        }

        Volatile.Write(ref newest[page], entry);
    }

    // Under the clock gate: the array never keeps an entry the dictionary has dropped.
    private void Unpublish(CachedPage entry)
    {
        var newest = _newest;
        var page = entry.PageNumber;
        if (page < (uint)newest.Length && ReferenceEquals(newest[page], entry))
        {
            Volatile.Write(ref newest[page], null);
        }
    }

    private readonly record struct PageKey(uint PageNumber, long Version);
}
