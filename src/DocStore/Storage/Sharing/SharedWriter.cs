namespace DocStore.Storage.Sharing;

/// <summary>
/// A writing process's side of the shared file (docs/storage.md, "Many processes"): it takes the writer lock
/// for each of its turns (a write transaction, a checkpoint, its open and its close), publishes each commit
/// readers may see, keeps checkpoints from copying past the oldest snapshot another process holds, and
/// restarts the WAL only while no other process reads it. Its own readers are its pager's business: their
/// slot (<see cref="OwnSlot"/>) is left out of the marks it reads.
/// </summary>
internal sealed class SharedWriter
{
    // A checkpoint's copy or a restart waits this long for a reader that is opening (it holds the copy lock
    // for two system calls); past it the checkpoint copies nothing this time.
    private static readonly TimeSpan CopyLockWait = TimeSpan.FromSeconds(1);

    private readonly SharedMemoryFile _shm;

    // Publishing and restarting both change the sequence: one at a time, or a publish could end a restart's
    // odd stretch early.
    private readonly Lock _header = new();

    private int _holdsTurn;

    // Whether this process counts itself among the waiters now (between BeginWaiting and EndWaiting).
    private bool _waiting;

    private readonly TurnYield _yield = new();

    // This writer's mark in the kept flag (see SetKept).
    private readonly int _keeperId = Random.Shared.Next(1, int.MaxValue);

    /// <param name="shm">The shared file, owned by the process's reader slot.</param>
    /// <param name="ownSlot">The process's own slot, whose mark this writer's checkpoints leave to the pager.</param>
    public SharedWriter(SharedMemoryFile shm, int ownSlot)
    {
        _shm = shm;
        OwnSlot = ownSlot;
    }

    /// <summary>The process's own reader slot.</summary>
    public int OwnSlot { get; }

    /// <summary>Checkpoints that copied less, or restarts left undone, because a reader process held an older snapshot.</summary>
    public long StepsHeldBackByReaders { get; private set; }

    /// <summary>Whether this process holds the writer lock now.</summary>
    public bool HoldsTurn => Volatile.Read(ref _holdsTurn) != 0;

    /// <summary>
    /// Takes the writer lock if no other process holds it. A writer that died while it changed the header
    /// left the sequence odd: it is made even again here. The caller keeps this process's readers from
    /// probing the lock meanwhile (an fcntl probe from the same process would release it).
    /// </summary>
    public bool TryTakeTurn() => TryTakeTurn(out _);

    /// <summary>
    /// Like <see cref="TryTakeTurn()"/>; <paramref name="diedMidChange"/> says the last holder died while it
    /// changed the header (a publish, or a WAL restart whose new generation it never published): the caller
    /// must then check the header against the WAL file before it trusts it (see <see cref="PublishGeneration"/>).
    /// </summary>
    public bool TryTakeTurn(out bool diedMidChange)
    {
        diedMidChange = false;
        if (_yield.LeavesLock(_shm.ReadLong(SharedLayout.TurnCountOffset), WaitersBesidesSelf) || !_shm.TryLock(SharedLayout.WriterLock))
        {
            return false;
        }

        _yield.Took(_shm.Increment(SharedLayout.TurnCountOffset));

        if ((_shm.ReadLong(SharedLayout.SequenceOffset) & 1) != 0)
        {
            _shm.Increment(SharedLayout.SequenceOffset);
            diedMidChange = true;
        }

        // A checkpoint that died mid-copy left the copy count odd: no process copies outside a turn.
        if ((_shm.ReadLong(SharedLayout.CopySequenceOffset) & 1) != 0)
        {
            _shm.Increment(SharedLayout.CopySequenceOffset);
        }

        // A keeper that died left its flag: the lock it kept is free now.
        if (_shm.ReadInt(SharedLayout.KeptOffset) != 0)
        {
            _shm.WriteInt(SharedLayout.KeptOffset, 0);
        }

        Volatile.Write(ref _holdsTurn, 1);
        return true;
    }

    /// <summary>Releases the writer lock taken by <see cref="TryTakeTurn()"/>.</summary>
    public void EndTurn()
    {
        // Under the header's lock: a publish on another thread of this process (a flusher's) either ends
        // before the lock goes, or sees the turn gone and publishes nothing over the next holder's commits.
        lock (_header)
        {
            if (WaitersBesidesSelf > 0)
            {
                _yield.Begin(_shm.ReadLong(SharedLayout.TurnCountOffset));
            }

            Volatile.Write(ref _holdsTurn, 0);
            _shm.Unlock(SharedLayout.WriterLock);
        }
    }

    /// <summary>Whether this process leaves the free writer lock to a waiting process for a few more tries (see <see cref="TurnYield"/>).</summary>
    public bool Yielding => _yield.Active;

    // The waiters other than this process (a dead waiter may be counted until an open resets the count).
    private int WaitersBesidesSelf => _shm.ReadInt(SharedLayout.WaitersOffset) - (_waiting ? 1 : 0);

    /// <summary>Whether a process waits for the writer lock (a turn that ends then releases it).</summary>
    public bool OthersWait => _shm.ReadInt(SharedLayout.WaitersOffset) > 0;

    /// <summary>Whether a process keeps the writer lock with no turn in progress (it releases it when one waits).</summary>
    public bool KeptElsewhere => !HoldsTurn && _shm.ReadInt(SharedLayout.KeptOffset) != 0;

    /// <summary>Counts this process among the waiters, until <see cref="EndWaiting"/>.</summary>
    public void BeginWaiting()
    {
        _shm.Add(SharedLayout.WaitersOffset, 1);
        _waiting = true;
    }

    /// <summary>Takes back a <see cref="BeginWaiting"/>.</summary>
    public void EndWaiting()
    {
        _waiting = false;
        _shm.Add(SharedLayout.WaitersOffset, -1);
    }

    /// <summary>
    /// Says whether this process, which holds the lock, keeps it with no turn in progress. The flag holds this
    /// writer's own nonzero id and a clear takes only that, so a keeper may clear it after releasing the lock
    /// without ever clearing the flag of a process that took the lock and kept it since.
    /// </summary>
    public void SetKept(bool kept)
    {
        if (kept)
        {
            _shm.WriteInt(SharedLayout.KeptOffset, _keeperId);
        }
        else
        {
            _shm.CompareExchangeInt(SharedLayout.KeptOffset, 0, _keeperId);
        }
    }

    /// <summary>What is published now (null while the sequence is odd, which only a dead writer leaves).</summary>
    public SharedPublication? Published() => SharedPublication.Read(_shm);

    /// <summary>
    /// Publishes the last commit readers may see, of the WAL generation <paramref name="salt"/>, while this
    /// process holds the writer lock (nothing otherwise: the values may be older than another process's). A
    /// publish that repeats what the header says is skipped: it would only make readers that are marking start over.
    /// </summary>
    public void Publish(uint salt, long firstLsn, long visibleLsn)
    {
        lock (_header)
        {
            if (!HoldsTurn)
            {
                return;
            }

            if ((uint)_shm.ReadInt(SharedLayout.SaltOffset) == salt && _shm.ReadLong(SharedLayout.VisibleLsnOffset) == visibleLsn
                && _shm.ReadLong(SharedLayout.FirstLsnOffset) == firstLsn && (_shm.ReadLong(SharedLayout.SequenceOffset) & 1) == 0)
            {
                return;
            }

            _shm.Increment(SharedLayout.SequenceOffset);
            WritePublished(salt, firstLsn, visibleLsn);
            _shm.Increment(SharedLayout.SequenceOffset);
        }
    }

    // The published fields; the caller holds the header's lock with the sequence odd.
    private void WritePublished(uint salt, long firstLsn, long visibleLsn)
    {
        _shm.WriteInt(SharedLayout.SaltOffset, (int)salt);
        _shm.WriteInt(SharedLayout.WriterPidOffset, Environment.ProcessId);
        _shm.WriteLong(SharedLayout.FirstLsnOffset, firstLsn);
        _shm.WriteLong(SharedLayout.VisibleLsnOffset, visibleLsn);
    }

    /// <summary>
    /// Publishes a WAL generation that a writer which died mid-restart wrote to the WAL file but never
    /// published: its first LSN, nothing visible past the commit before it, and no checkpoint announced in it.
    /// The caller holds the writer lock.
    /// </summary>
    public void PublishGeneration(uint salt, long firstLsn)
    {
        lock (_header)
        {
            _shm.Increment(SharedLayout.SequenceOffset);
            _shm.WriteLong(SharedLayout.CheckpointLsnOffset, 0);
            WritePublished(salt, firstLsn, firstLsn - 1);
            _shm.Increment(SharedLayout.SequenceOffset);
        }
    }

    /// <summary>
    /// Holds the copy lock for a checkpoint's copy into the file: a reader process that is opening waits for
    /// it. Null when a reader held it past the wait (then copy nothing).
    /// </summary>
    public Hold? HoldCopies() => _shm.WaitLock(SharedLayout.CopyLock, CopyLockWait) ? new Hold(_shm) : null;

    /// <summary>
    /// The highest LSN a checkpoint may copy into the file: <paramref name="desired"/>, lowered to the oldest
    /// snapshot a reader process holds. The desired limit is announced before the marks are read, and a
    /// reader reads the announcement after publishing its mark: of the two, one always sees the other.
    /// </summary>
    public long LimitCopies(long desired)
    {
        var announced = _shm.ReadLong(SharedLayout.CheckpointLsnOffset);
        if (desired > announced)
        {
            _shm.WriteLong(SharedLayout.CheckpointLsnOffset, desired);
        }

        Interlocked.MemoryBarrier();
        var oldest = OldestMark();
        if (oldest < desired)
        {
            StepsHeldBackByReaders++;
            return oldest;
        }

        return desired;
    }

    /// <summary>
    /// Runs <paramref name="reset"/> (the WAL restart) only while no reader process reads, with the sequence
    /// odd so that a reader that publishes its mark meanwhile sees the change and starts over; then publishes
    /// the new generation. Caller holds <see cref="HoldCopies"/>.
    /// </summary>
    /// <returns>False when a reader process holds a snapshot (nothing was done).</returns>
    public bool TryRestart(Action reset, Func<(uint Salt, long FirstLsn, long VisibleLsn)> generation)
    {
        lock (_header)
        {
            return TryRestartLocked(reset, generation);
        }
    }

    private bool TryRestartLocked(Action reset, Func<(uint Salt, long FirstLsn, long VisibleLsn)> generation)
    {
        _shm.Increment(SharedLayout.SequenceOffset);
        try
        {
            Interlocked.MemoryBarrier();
            if (OldestMark() != long.MaxValue)
            {
                StepsHeldBackByReaders++;
                return false;
            }

            reset();
            var (salt, first, visible) = generation();
            _shm.WriteLong(SharedLayout.CheckpointLsnOffset, 0);
            _shm.WriteInt(SharedLayout.SaltOffset, (int)salt);
            _shm.WriteLong(SharedLayout.FirstLsnOffset, first);
            _shm.WriteLong(SharedLayout.VisibleLsnOffset, visible);
            return true;
        }
        finally
        {
            _shm.Increment(SharedLayout.SequenceOffset);
        }
    }

    // The oldest mark of another live process (long.MaxValue: none). A slot whose lock can be taken belongs
    // to a process that died: it is cleared while its lock is held, so a process claiming it cannot interleave.
    private long OldestMark()
    {
        var oldest = long.MaxValue;
        for (var slot = 0; slot < SharedLayout.SlotCount; slot++)
        {
            if (slot == OwnSlot)
            {
                continue;
            }

            var at = SharedLayout.Slot(slot);
            var mark = TakeParked(at + SharedLayout.SlotMark);
            if (mark == 0 || mark >= oldest)
            {
                continue;
            }

            if (_shm.TryLock(SharedLayout.SlotLock(slot)))
            {
                _shm.WriteLong(at + SharedLayout.SlotMark, 0);
                _shm.WriteInt(at + SharedLayout.SlotPid, 0);
                _shm.Unlock(SharedLayout.SlotLock(slot));
                continue;
            }

            oldest = mark;
        }

        return oldest;
    }

    // A slot's mark, with a parked one (kept by a process none of whose readers uses it) taken away: 0 then.
    // The owner makes a parked mark live again only by a compare-and-swap, so of the two exchanges one
    // fails: either the owner's reader revalidates a new mark, or this reads the live one and honours it.
    private long TakeParked(int offset)
    {
        var mark = _shm.ReadLong(offset);
        while ((mark & SharedLayout.Parked) != 0)
        {
            var seen = _shm.CompareExchange(offset, 0, mark);
            if (seen == mark)
            {
                return 0;
            }

            mark = seen;
        }

        return mark;
    }

    /// <summary>The copy lock, held until disposed.</summary>
    internal sealed class Hold(SharedMemoryFile shm) : IDisposable
    {
        public void Dispose() => shm.Unlock(SharedLayout.CopyLock);
    }
}
