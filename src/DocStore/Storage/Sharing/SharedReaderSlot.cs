namespace DocStore.Storage.Sharing;

/// <summary>
/// A reading process's slot in the shared file's reader table (docs/storage.md, "Many processes"): claimed
/// at open by taking its lock byte, which the process holds until it closes (or dies, which frees it), and
/// holding the oldest snapshot the process reads at (its mark; 0 while it reads nothing).
/// </summary>
internal sealed class SharedReaderSlot : IDisposable
{
    // How long an opening reader waits for a checkpoint's copy that is under way.
    private static readonly TimeSpan CopyLockTimeout = TimeSpan.FromSeconds(30);

    private readonly SharedMemoryFile _shm;
    private readonly int _slot;
    private readonly int _at;

    private SharedReaderSlot(SharedMemoryFile shm, int slot)
    {
        _shm = shm;
        _slot = slot;
        _at = SharedLayout.Slot(slot);
    }

    /// <summary>The shared file.</summary>
    public SharedMemoryFile Shared => _shm;

    /// <summary>The slot's number in the table.</summary>
    public int Index => _slot;

    /// <summary>Claims a free slot: one whose lock byte no live process holds.</summary>
    /// <exception cref="DatabaseLockedException">Every slot belongs to a live process.</exception>
    public static SharedReaderSlot Claim(SharedMemoryFile shm, string databasePath)
    {
        for (var slot = 0; slot < SharedLayout.SlotCount; slot++)
        {
            if (shm.TryLock(SharedLayout.SlotLock(slot)))
            {
                var claimed = new SharedReaderSlot(shm, slot);
                shm.WriteLong(claimed._at + SharedLayout.SlotMark, 0);
                shm.WriteInt(claimed._at + SharedLayout.SlotSalt, 0);
                shm.WriteInt(claimed._at + SharedLayout.SlotPid, Environment.ProcessId);
                return claimed;
            }
        }

        throw DatabaseLockedException.SharedOpenRefused(databasePath, $"its reader table is full ({SharedLayout.SlotCount} processes read it)");
    }

    /// <summary>
    /// Marks the slot with the lowest snapshot (nothing may be copied or restarted) for an open, and waits out
    /// a checkpoint copy or restart that read the marks before this one was there.
    /// </summary>
    /// <exception cref="DatabaseLockedException">The writer held the copy lock past the timeout.</exception>
    public void MarkOpening(string databasePath)
    {
        _shm.WriteLong(_at + SharedLayout.SlotMark, 1);
        Interlocked.MemoryBarrier();
        if (!_shm.WaitLock(SharedLayout.CopyLock, CopyLockTimeout))
        {
            Clear();
            throw DatabaseLockedException.SharedOpenRefused(databasePath, $"the writer's checkpoint held its copy lock for {CopyLockTimeout.TotalSeconds:0} s");
        }

        _shm.Unlock(SharedLayout.CopyLock);
    }

    /// <summary>
    /// Publishes <paramref name="publication"/>'s commit as the slot's mark, then checks that the writer
    /// changed nothing meanwhile: no new sequence (a restart or a new commit) and no checkpoint announced past
    /// the mark. False (the mark cleared) when it did: read the header again and retry.
    /// </summary>
    public bool TryMark(SharedPublication publication)
    {
        var mark = MarkFor(publication.VisibleLsn);
        _shm.WriteInt(_at + SharedLayout.SlotSalt, (int)publication.Salt);
        _shm.WriteLong(_at + SharedLayout.SlotMark, mark);
        Interlocked.MemoryBarrier();
        if (_shm.ReadLong(SharedLayout.SequenceOffset) != publication.Sequence
            || _shm.ReadLong(SharedLayout.CheckpointLsnOffset) > mark)
        {
            Clear();
            return false;
        }

        return true;
    }

    /// <summary>
    /// Sets the mark without the checks of <see cref="TryMark"/>, for a writing process that holds the writer
    /// lock: no other process can publish, copy or restart until it releases it.
    /// </summary>
    public void SetMark(uint salt, long lsn)
    {
        _shm.WriteInt(_at + SharedLayout.SlotSalt, (int)salt);
        _shm.WriteLong(_at + SharedLayout.SlotMark, MarkFor(lsn));
    }

    /// <summary>The mark that holds a snapshot at <paramref name="lsn"/> (never 0, which means no mark).</summary>
    public static long MarkFor(long lsn) => Math.Max(1, lsn);

    /// <summary>
    /// Keeps the live mark <paramref name="mark"/> in place once the process's last reader left, flagged
    /// parked: a writer of another process takes a parked mark away rather than honour it, so an idle process
    /// holds nothing back.
    /// </summary>
    public void Park(long mark) => _shm.WriteLong(_at + SharedLayout.SlotMark, mark | SharedLayout.Parked);

    /// <summary>
    /// Makes the parked <paramref name="mark"/> live again (a compare-and-swap, so a full fence). True when it
    /// was still there: it has held its snapshot since it was set. False when a writer took it away (the slot
    /// then holds no mark, and a new one must be set and checked as <see cref="TryMark"/> does).
    /// </summary>
    public bool TryUnpark(long mark) =>
        _shm.CompareExchange(_at + SharedLayout.SlotMark, mark, mark | SharedLayout.Parked) == (mark | SharedLayout.Parked);

    /// <summary>Says the process reads nothing now.</summary>
    public void Clear() => _shm.WriteLong(_at + SharedLayout.SlotMark, 0);

    /// <summary>Empties the slot and gives it up (closing the shared file releases its lock).</summary>
    public void Dispose()
    {
        Clear();
        _shm.WriteInt(_at + SharedLayout.SlotPid, 0);
        _shm.Unlock(SharedLayout.SlotLock(_slot));
        _shm.Dispose();
    }
}
