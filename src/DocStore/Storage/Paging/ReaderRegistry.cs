namespace DocStore.Storage.Paging;

/// <summary>
/// The snapshots live readers hold. A checkpoint copies nothing newer than the oldest of them, so no page
/// a reader may still resolve to the database file is overwritten under it.
/// </summary>
internal sealed class ReaderRegistry
{
    private readonly Lock _gate = new();
    private readonly Dictionary<long, int> _counts = [];
    private int _total;

    /// <summary>Registers a reader at the snapshot <paramref name="currentLsn"/> returns, atomically with respect to <see cref="Oldest"/>.</summary>
    public long Register(Func<long> currentLsn)
    {
        lock (_gate)
        {
            var lsn = currentLsn();
            _counts[lsn] = _counts.GetValueOrDefault(lsn) + 1;
            _total++;
            return lsn;
        }
    }

    public void Unregister(long lsn)
    {
        lock (_gate)
        {
            var n = _counts[lsn] - 1;
            if (n == 0)
            {
                _counts.Remove(lsn);
            }
            else
            {
                _counts[lsn] = n;
            }

            _total--;
        }
    }

    /// <summary>The oldest live snapshot, or <paramref name="none"/> when there is no reader.</summary>
    public long Oldest(long none)
    {
        lock (_gate)
        {
            var min = none;
            foreach (var lsn in _counts.Keys)
            {
                min = Math.Min(min, lsn);
            }

            return min;
        }
    }

    /// <summary>Runs <paramref name="action"/> only if no reader is live, keeping new readers out meanwhile.</summary>
    public bool RunIfNoReaders(Action action)
    {
        lock (_gate)
        {
            if (_total != 0)
            {
                return false;
            }

            action();
            return true;
        }
    }
}
