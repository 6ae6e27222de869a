using System.Collections.Concurrent;

namespace DocStore.Transactions;

/// <summary>
/// Tree name to root page, shared by every transaction of an engine so that opening a tree does not walk
/// the catalog B+tree each time. A root page never changes for a tree's life, so an entry only goes stale
/// when a commit creates or drops trees; such a commit starts a new generation, valid from its own LSN,
/// before any reader can see it. A snapshot older than the current generation bypasses the cache.
/// </summary>
internal sealed class TreeRootCache
{
    private Generation _current = new(0);

    /// <summary>The snapshot LSN from which the current generation is valid: it changes whenever a commit creates or drops a tree.</summary>
    public long GenerationStart => Volatile.Read(ref _current).ValidFrom;

    /// <summary>The cached root of <paramref name="name"/>, when the cache is valid at <paramref name="snapshotLsn"/>.</summary>
    public bool TryGet(string name, long snapshotLsn, out uint root)
    {
        var generation = Volatile.Read(ref _current);
        if (snapshotLsn >= generation.ValidFrom && generation.Roots.TryGetValue(name, out root))
        {
            return true;
        }

        root = 0;
        return false;
    }

    /// <summary>Records a root read from the catalog at <paramref name="snapshotLsn"/> (ignored when that snapshot predates the current generation).</summary>
    public void Remember(string name, uint root, long snapshotLsn)
    {
        var generation = Volatile.Read(ref _current);
        if (snapshotLsn >= generation.ValidFrom)
        {
            generation.Roots.TryAdd(name, root);
        }
    }

    /// <summary>
    /// Starts an empty generation valid from <paramref name="validFrom"/>. A committer that changed the
    /// catalog calls this twice: with <see cref="long.MaxValue"/> before its commit can become visible (no
    /// snapshot uses the cache meanwhile) and with its commit LSN afterwards.
    /// </summary>
    public void Invalidate(long validFrom) => Volatile.Write(ref _current, new Generation(validFrom));

    private sealed class Generation(long validFrom)
    {
        public long ValidFrom { get; } = validFrom;

        public ConcurrentDictionary<string, uint> Roots { get; } = new(StringComparer.Ordinal);
    }
}
