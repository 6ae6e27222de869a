namespace DocStore.Storage.Paging;

/// <summary>
/// The snapshot new readers get, and the snapshots live readers hold. A checkpoint copies nothing newer
/// than the oldest of them, so no page a reader may still resolve to the database file is overwritten under
/// it; the WAL restarts only while no reader is registered at all.
/// <para>
/// Registering is on every point read's path, so it takes no lock: each published snapshot is a
/// <see cref="ReaderSnapshot"/> with its own reader count, and a reader increments the count of the current
/// one, then checks that it is still current (and that no restart is under way); if not, it takes its
/// increment back and tries again. Publishing swaps the current snapshot with a full fence and keeps the
/// replaced one only if it still has readers. Every step that decides "no reader" (publishing, computing
/// the oldest snapshot, the restart) reads the counts after a full fence, and every reader checks what it
/// registered on after its own (the increment), so of two racing steps at least one sees the other: a
/// reader that registers on a replaced snapshot always notices and moves on before it reads a page.
/// </para>
/// </summary>
internal sealed class ReaderRegistry
{
    // Guards _older and serializes publishing, Oldest and RunIfNoReaders; readers never take it, except to
    // wait out a running RunIfNoReaders action.
    private readonly Lock _gate = new();
    private readonly List<ReaderSnapshot> _older = [];
    private ReaderSnapshot _current;
    private volatile bool _closed;
    private Action? _onLeave;
    private Action<long>? _published;

    /// <summary>Starts with <paramref name="visibleLsn"/> as the snapshot new readers get.</summary>
    public ReaderRegistry(long visibleLsn) => _current = new ReaderSnapshot(visibleLsn, epoch: 1);

    /// <summary>The snapshot new readers get: the last published LSN.</summary>
    public long VisibleLsn => Volatile.Read(ref _current).Lsn;

    /// <summary>The epoch of the snapshot object new readers register on.</summary>
    public long CurrentEpoch => Volatile.Read(ref _current).Epoch;

    /// <summary>Registers a reader at the current snapshot; the reader ends with <see cref="ReaderSnapshot.Leave"/>.</summary>
    public ReaderSnapshot Register()
    {
        while (true)
        {
            var snapshot = Volatile.Read(ref _current);
            Interlocked.Increment(ref snapshot.Readers);
            if (!_closed && ReferenceEquals(Volatile.Read(ref _current), snapshot))
            {
                return snapshot;
            }

            Interlocked.Decrement(ref snapshot.Readers);
            if (_closed)
            {
                // A restart holds the gate while its action runs: wait for it instead of spinning.
                lock (_gate)
                {
                }
            }
        }
    }

    /// <summary>
    /// Shares the registry with other processes: <paramref name="onLeave"/> is told of every reader that
    /// leaves, <paramref name="published"/> of every new snapshot, under the registry's lock (so in order).
    /// Set once, before any reader registers.
    /// </summary>
    public void Share(Action? onLeave, Action<long>? published)
    {
        lock (_gate)
        {
            _onLeave = onLeave;
            _published = published;
            _current = new ReaderSnapshot(_current.Lsn, _current.Epoch + 1) { OnLeave = onLeave };
        }
    }

    /// <summary>Makes <paramref name="lsn"/> the snapshot new readers get; an LSN at or before the current one is ignored.</summary>
    public void Publish(long lsn)
    {
        lock (_gate)
        {
            if (lsn <= _current.Lsn)
            {
                return;
            }

            Replace(lsn);
            _published?.Invoke(lsn);
        }
    }

    /// <summary>
    /// Republishes the current LSN as a new snapshot object, so that readers registering from now on count
    /// under a new epoch and the current one can drain (the page pool asks for this when images retired in
    /// the current epoch wait while no commit publishes a newer one).
    /// </summary>
    public void Rotate()
    {
        lock (_gate)
        {
            Replace(_current.Lsn);
        }
    }

    /// <summary>
    /// The lowest epoch of a snapshot object that a reader holds now, or <see cref="long.MaxValue"/> when no
    /// reader is registered. Everything the caller did before (removing an image from the cache, say) is
    /// visible to a reader that registers after this read the counts.
    /// </summary>
    public long OldestReaderEpoch()
    {
        lock (_gate)
        {
            // Pairs with the reader's interlocked increment, as the fence in RunIfNoReaders does.
            Interlocked.MemoryBarrier();
            var oldest = Volatile.Read(ref _current.Readers) > 0 ? _current.Epoch : long.MaxValue;
            DropDrained();
            foreach (var snapshot in _older)
            {
                oldest = Math.Min(oldest, snapshot.Epoch);
            }

            return oldest;
        }
    }

    // Under the gate.
    private void Replace(long lsn)
    {
        // The exchange is a full fence: a reader that incremented the replaced snapshot before it either
        // shows in the count read below, or sees the new snapshot when it checks and retries.
        var replaced = Interlocked.Exchange(ref _current, new ReaderSnapshot(lsn, _current.Epoch + 1) { OnLeave = _onLeave });
        if (Volatile.Read(ref replaced.Readers) > 0)
        {
            _older.Add(replaced);
        }
    }

    // Under the gate: replaced snapshots whose readers have all left hold nothing back any more.
    private void DropDrained() => _older.RemoveAll(static s => Volatile.Read(ref s.Readers) == 0);

    /// <summary>The oldest snapshot a live reader holds, or <see cref="VisibleLsn"/> when no reader holds an older one.</summary>
    public long Oldest()
    {
        lock (_gate)
        {
            var oldest = _current.Lsn;
            DropDrained();
            foreach (var snapshot in _older)
            {
                oldest = Math.Min(oldest, snapshot.Lsn);
            }

            return oldest;
        }
    }

    /// <summary>Whether any reader is registered, on the current snapshot or an older one.</summary>
    public bool HasReaders()
    {
        lock (_gate)
        {
            // Pairs with the reader's interlocked increment, as the fence in RunIfNoReaders does.
            Interlocked.MemoryBarrier();
            DropDrained();
            return Volatile.Read(ref _current.Readers) != 0 || _older.Count != 0;
        }
    }

    /// <summary>Runs <paramref name="action"/> only if no reader is live, keeping new readers out meanwhile.</summary>
    public bool RunIfNoReaders(Action action)
    {
        lock (_gate)
        {
            _closed = true;
            try
            {
                // After the fence a reader either shows in a count or sees _closed and backs off.
                Interlocked.MemoryBarrier();
                if (Volatile.Read(ref _current.Readers) != 0)
                {
                    return false;
                }

                DropDrained();
                if (_older.Count != 0)
                {
                    return false;
                }

                action();
                return true;
            }
            finally
            {
                _closed = false;
            }
        }
    }
}
