namespace DocStore.Engine.Upkeep;

/// <summary>
/// Notices that commits to a file database have paused, so that <see cref="CheckpointScheduler"/> checkpoints
/// it and cuts its journal back (a database at rest is its file alone). Armed by the first commit after it
/// last fired; made by the options' TimeProvider, as is its clock (the system's, unless a test moves time by hand).
/// </summary>
internal sealed class IdleCheckpointTimer
{
    /// <summary>How long commits must have paused before the journal is checkpointed and cut back to its header.</summary>
    public static readonly TimeSpan Delay = TimeSpan.FromSeconds(1);

    private readonly TimeProvider _time;
    private readonly Action _onIdle;
    private readonly ITimer _timer;

    // The TimeProvider's timestamp at the last commit; 1 in _armed while the timer is set.
    private long _lastCommitTimestamp;
    private int _armed;

    /// <param name="time">The clock and timer source.</param>
    /// <param name="onIdle">Called once commits have paused for <see cref="Delay"/>: it calls <see cref="Disarm"/> as it starts the checkpoint, or <see cref="Arm"/> to look again later.</param>
    public IdleCheckpointTimer(TimeProvider time, Action onIdle)
    {
        _time = time;
        _onIdle = onIdle;
        _timer = time.CreateTimer(OnTimer, null, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
    }

    /// <summary>After every commit: the pause starts now.</summary>
    public void NoteCommit()
    {
        Volatile.Write(ref _lastCommitTimestamp, _time.GetTimestamp());
        ArmOnce();
    }

    /// <summary>Sets the timer unless it is set already (the plain read first keeps commits off the interlocked write).</summary>
    public void ArmOnce()
    {
        if (Volatile.Read(ref _armed) == 0 && Interlocked.Exchange(ref _armed, 1) == 0)
        {
            Arm(Delay);
        }
    }

    /// <summary>Fires the timer after <paramref name="delay"/> (it stays marked as set).</summary>
    public void Arm(TimeSpan delay)
    {
        try
        {
            _timer.Change(delay, Timeout.InfiniteTimeSpan);
        }
        catch (ObjectDisposedException)
        {
            // Closed meanwhile: the close checkpoints and trims the journal itself.
        }
    }

    /// <summary>Marks the timer as not set, so that the next commit sets it again.</summary>
    public void Disarm() => Volatile.Write(ref _armed, 0);

    /// <summary>At close: disposes the timer, so that no idle checkpoint starts from now on.</summary>
    public void Stop() => _timer.Dispose();

    private void OnTimer(object? state)
    {
        var quiet = _time.GetElapsedTime(Volatile.Read(ref _lastCommitTimestamp));
        if (quiet < Delay)
        {
            Arm(Delay - quiet);
            return;
        }

        _onIdle();
    }
}
