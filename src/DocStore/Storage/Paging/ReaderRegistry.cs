namespace DocStore.Storage.Paging;

/// <summary>
/// The snapshots live readers hold. A checkpoint copies nothing newer than the oldest of them, so no page
/// a reader may still resolve to the database file is overwritten under it.
/// <para>
/// Almost every reader registers at the newest snapshot, so that one is counted in two fields and only
/// older snapshots, still held when a commit made a newer one, go to the dictionary: a point read then
/// spends its registration on an increment under the lock instead of a dictionary insert and remove.
/// </para>
/// </summary>
internal sealed class ReaderRegistry
{
    private readonly Lock _gate = new();
    private readonly Dictionary<long, int> _counts = [];
    private long _newestLsn = long.MinValue;
    private int _newestCount;
    private int _total;

    /// <summary>Registers a reader at the snapshot <paramref name="currentLsn"/> returns, atomically with respect to <see cref="Oldest"/>.</summary>
    public long Register(Func<long> currentLsn)
    {
        lock (_gate)
        {
            var lsn = currentLsn();
            _total++;
            if (lsn < _newestLsn)
            {
                // Not expected (snapshots only move forward), but counted correctly all the same.
                CountOlder(lsn, 1);
                return lsn;
            }

            if (lsn > _newestLsn)
            {
                // A commit made a newer snapshot: the readers of the previous one become older readers.
                CountOlder(_newestLsn, _newestCount);
                (_newestLsn, _newestCount) = (lsn, 0);
            }

            _newestCount++;
            return lsn;
        }
    }

    private void CountOlder(long lsn, int readers)
    {
        if (readers > 0)
        {
            _counts[lsn] = _counts.GetValueOrDefault(lsn) + readers;
        }
    }

    public void Unregister(long lsn)
    {
        lock (_gate)
        {
            _total--;
            if (lsn == _newestLsn && _newestCount > 0)
            {
                _newestCount--;
                return;
            }

            var n = _counts[lsn] - 1;
            if (n == 0)
            {
                _counts.Remove(lsn);
            }
            else
            {
                _counts[lsn] = n;
            }
        }
    }

    /// <summary>The oldest live snapshot, or <paramref name="none"/> when there is no reader.</summary>
    public long Oldest(long none)
    {
        lock (_gate)
        {
            var min = _newestCount > 0 ? Math.Min(none, _newestLsn) : none;
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
