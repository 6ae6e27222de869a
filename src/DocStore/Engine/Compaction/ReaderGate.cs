namespace DocStore.Engine.Compaction;

/// <summary>
/// Holds new readers back while in-place compaction waits for the registered ones to leave, so that steady
/// reads, which overlap one another and never leave a moment without a reader, still let it swap the file.
/// A reader checks the gate after registering (an interlocked increment, a full fence) and the holder reads
/// the registry's counts after closing it (another full fence): of a reader and a holder racing, at least one
/// sees the other, so no reader slips past a closed gate unseen.
/// </summary>
internal sealed class ReaderGate
{
    // Held by the compacting thread from Hold to Release; a waiting reader takes it once and lets it go.
    private readonly Lock _lock = new();
    private volatile bool _held;

    /// <summary>Whether new readers are being held back.</summary>
    public bool IsHeld => _held;

    /// <summary>Closes the gate: readers registering from now on wait for <see cref="Release"/>, which the same thread calls.</summary>
    public void Hold()
    {
        _lock.Enter();
        _held = true;
        Interlocked.MemoryBarrier();
    }

    /// <summary>Opens the gate and lets the readers it held register.</summary>
    public void Release()
    {
        _held = false;
        _lock.Exit();
    }

    /// <summary>Returns at once while the gate is open; otherwise waits until it opens.</summary>
    public void WaitWhileHeld()
    {
        if (_held)
        {
            lock (_lock)
            {
            }
        }
    }
}
