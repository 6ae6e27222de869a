namespace DocStore.Engine;

// Checkpointing a file database whose writers have paused, so that a database at rest is its file alone.
internal sealed partial class StorageEngine
{
    // How long commits must have paused before the journal is checkpointed and cut back to its header.
    private static readonly TimeSpan IdleCheckpointDelay = TimeSpan.FromSeconds(1);

    // Null for :memory: and read-only databases. Armed by the first commit after it last fired. Made by
    // StorageOptions.TimeProvider, as is the clock below (the system's, unless a test moves time by hand).
    private readonly ITimer? _idleTimer;

    // The TimeProvider's timestamp at the last commit; 1 in _idleArmed while the timer is set.
    private long _lastCommitTimestamp;
    private int _idleArmed;

    private void NoteCommit()
    {
        Volatile.Write(ref _lastCommitTimestamp, _options.TimeProvider.GetTimestamp());
        ArmIdleTimerOnce();
    }

    // Sets the timer unless it is set already (the plain read first keeps commits off the interlocked write).
    private void ArmIdleTimerOnce()
    {
        if (Volatile.Read(ref _idleArmed) == 0 && Interlocked.Exchange(ref _idleArmed, 1) == 0)
        {
            ArmIdleTimer(IdleCheckpointDelay);
        }
    }

    private void ArmIdleTimer(TimeSpan delay)
    {
        try
        {
            _idleTimer?.Change(delay, Timeout.InfiniteTimeSpan);
        }
        catch (ObjectDisposedException)
        {
            // Closed meanwhile: the close checkpoints and trims the journal itself.
        }
    }

    private void OnIdleTimer(object? state)
    {
        var quiet = _options.TimeProvider.GetElapsedTime(Volatile.Read(ref _lastCommitTimestamp));
        if (quiet < IdleCheckpointDelay)
        {
            ArmIdleTimer(IdleCheckpointDelay - quiet);
            return;
        }

        lock (_backgroundGate)
        {
            if (Volatile.Read(ref _disposed) != 0)
            {
                return;
            }

            if (!_background.IsCompleted || _backgroundPaused)
            {
                // A checkpoint is running: look again once another pause has passed.
                ArmIdleTimer(IdleCheckpointDelay);
                return;
            }

            Volatile.Write(ref _idleArmed, 0);
            _background = Task.Run(() => BackgroundCheckpoint(trimWhenEmpty: true));
        }
    }
}
