using System.Collections.Concurrent;

namespace DocStore.Storage.Cache;

/// <summary>
/// A bounded cache of immutable page images keyed by (page number, version), evicting with CLOCK.
/// A version is the LSN of the WAL frame the image came from, or 0 for the image in the database file.
/// Images are never written after they enter the cache and never recycled on eviction, so a reader may
/// keep using an image (and spans or memory over it) after it has been evicted.
/// </summary>
internal sealed class PageCache
{
    private readonly ConcurrentDictionary<PageKey, Entry> _map;
    private readonly Entry?[] _slots;
    private readonly Lock _clockGate = new();
    private int _used;
    private int _hand;

    public PageCache(int capacity)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 4);
        _slots = new Entry?[capacity];
        _map = new ConcurrentDictionary<PageKey, Entry>(Environment.ProcessorCount, capacity);
    }

    public int Capacity => _slots.Length;

    public int Count => _map.Count;

    public bool TryGet(uint pageNumber, long version, out byte[] image)
    {
        if (_map.TryGetValue(new PageKey(pageNumber, version), out var entry))
        {
            entry.Referenced = true;
            image = entry.Image;
            return true;
        }

        image = null!;
        return false;
    }

    public void Add(uint pageNumber, long version, byte[] image)
    {
        var key = new PageKey(pageNumber, version);
        lock (_clockGate)
        {
            if (_map.ContainsKey(key))
            {
                return;
            }

            var entry = new Entry(key, image);
            var slot = _used < _slots.Length ? _used++ : FindVictim();
            _slots[slot] = entry;
            _map[key] = entry;
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
            }
        }
    }

    /// <summary>Drops everything (used when the WAL is reset and when the database closes).</summary>
    public void Clear()
    {
        lock (_clockGate)
        {
            _map.Clear();
            Array.Clear(_slots);
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

            _map.TryRemove(entry.Key, out _);
            return slot;
        }
    }

    private readonly record struct PageKey(uint PageNumber, long Version);

    private sealed class Entry(PageKey key, byte[] image)
    {
        public PageKey Key { get; } = key;

        public byte[] Image { get; } = image;

        public volatile bool Referenced;

        public bool Dead { get; set; }
    }
}
