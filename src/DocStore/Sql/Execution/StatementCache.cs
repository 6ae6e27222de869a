using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Sql.Execution;

/// <summary>
/// Prepared statements by their SQL text, at most <see cref="Capacity"/> of them; adding one more evicts
/// the one used least recently, so texts run often stay while one-off texts (SQL built with values in
/// it) pass through. Thread-safe: a hit reads the dictionary without locking and takes the short lock
/// only to move its entry to the front, which it skips when the entry is already there (a hot statement
/// run over and over); a hit allocates nothing.
/// </summary>
/// <typeparam name="TValue">The prepared statement type.</typeparam>
internal sealed class StatementCache<TValue>
    where TValue : class
{
    private readonly ConcurrentDictionary<string, Entry> _entries = new(StringComparer.Ordinal);
    private readonly Lock _gate = new();

    // The recency list, newest first, changed only under _gate. _newest is also read without the lock:
    // a stale read only makes a hit take the lock when it need not, or skip a move while racing others.
    private Entry? _newest;
    private Entry? _oldest;
    private int _count;

    /// <summary>Creates an empty cache.</summary>
    /// <param name="capacity">How many texts it holds at most.</param>
    public StatementCache(int capacity)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        Capacity = capacity;
    }

    /// <summary>How many texts the cache holds at most.</summary>
    public int Capacity { get; }

    /// <summary>How many texts it holds now.</summary>
    public int Count => Volatile.Read(ref _count);

    /// <summary>The statement cached for <paramref name="text"/>, marked as the most recently used.</summary>
    public bool TryGet(string text, [MaybeNullWhen(false)] out TValue value)
    {
        if (!_entries.TryGetValue(text, out var entry))
        {
            value = null;
            return false;
        }

        if (!ReferenceEquals(Volatile.Read(ref _newest), entry))
        {
            lock (_gate)
            {
                // An entry evicted since the lookup is still a valid statement; it is just no longer cached.
                if (entry.Linked)
                {
                    MoveToFront(entry);
                }
            }
        }

        value = entry.Value;
        return true;
    }

    /// <summary>
    /// Caches <paramref name="value"/> for <paramref name="text"/> unless another caller cached one first,
    /// and returns the cached one; evicts the least recently used text when the cache is full.
    /// </summary>
    public TValue GetOrAdd(string text, TValue value)
    {
        lock (_gate)
        {
            if (_entries.TryGetValue(text, out var existing))
            {
                MoveToFront(existing);
                return existing.Value;
            }

            var entry = new Entry(text, value);
            LinkFirst(entry);
            _entries[text] = entry;
            if (++_count > Capacity)
            {
                var oldest = _oldest!;
                Unlink(oldest);
                _entries.TryRemove(oldest.Text, out _);
                _count--;
            }

            return value;
        }
    }

    /// <summary>True when <paramref name="text"/> is cached; unlike <see cref="TryGet"/> it does not count as a use.</summary>
    public bool Contains(string text) => _entries.ContainsKey(text);

    private void MoveToFront(Entry entry)
    {
        if (!ReferenceEquals(_newest, entry))
        {
            Unlink(entry);
            LinkFirst(entry);
        }
    }

    private void LinkFirst(Entry entry)
    {
        entry.Older = _newest;
        entry.Newer = null;
        if (_newest is not null)
        {
            _newest.Newer = entry;
        }

        _oldest ??= entry;
        entry.Linked = true;
        Volatile.Write(ref _newest, entry);
    }

    private void Unlink(Entry entry)
    {
        if (entry.Newer is null)
        {
            Volatile.Write(ref _newest, entry.Older);
        }
        else
        {
            entry.Newer.Older = entry.Older;
        }

        if (entry.Older is null)
        {
            _oldest = entry.Newer;
        }
        else
        {
            entry.Older.Newer = entry.Newer;
        }

        entry.Newer = entry.Older = null;
        entry.Linked = false;
    }

    private sealed class Entry(string text, TValue value)
    {
        public string Text { get; } = text;

        public TValue Value { get; } = value;

        public Entry? Newer { get; set; }

        public Entry? Older { get; set; }

        public bool Linked { get; set; }
    }
}
