namespace DocStore.Storage.Sharing;

/// <summary>
/// The wait for the cross-process writer lock (docs/storage.md, "Turns"): tries with a short back-off,
/// counted as a waiter after the first miss, so that a process keeping the lock between its turns releases
/// it, until the timeout, unless the process holding the lock keeps it with no turn in progress. That one
/// releases it at its next tick once a waiter counts itself, so a try with no time to wait still gets a
/// lock that no transaction uses.
/// </summary>
internal static class TurnWaiting
{
    // The wait polls the lock byte (.NET has no blocking byte-range lock): 1 ms, doubling up to 16 ms, so a
    // waiter costs a system call every 16 ms at most and is let in within that of the lock's release.
    private const int MaxPauseMilliseconds = 16;

    // The longest a kept lock is waited for past the timeout: the keeper's timer releases it within a few
    // milliseconds, unless the thread pool it runs on is held up (a loaded machine, a starved pool).
    private static readonly TimeSpan KeptGrace = TimeSpan.FromSeconds(10);

    /// <summary>
    /// Calls <paramref name="tryOnce"/> until it succeeds (true) or the wait gives up (false) at
    /// <paramref name="timeout"/> (zero: one try; infinite allowed), measured on <paramref name="clock"/>.
    /// </summary>
    public static bool Wait<TState>(SharedWriter writer, TimeProvider clock, TimeSpan timeout, TState state, Func<TState, bool> tryOnce)
    {
        var started = clock.GetTimestamp();
        var waiting = false;
        try
        {
            for (var pause = 1; ; pause = NextPause(pause))
            {
                if (tryOnce(state))
                {
                    return true;
                }

                waiting = waiting || BeginWaiting(writer);
                if (GivesUp(writer, clock, started, timeout))
                {
                    return false;
                }

                Thread.Sleep(pause);
            }
        }
        finally
        {
            if (waiting)
            {
                writer.EndWaiting();
            }
        }
    }

    /// <summary>The asynchronous twin of <see cref="Wait"/>: waits between tries on <paramref name="clock"/> without blocking a thread.</summary>
    public static async ValueTask<bool> WaitAsync<TState>(
        SharedWriter writer, TimeProvider clock, TimeSpan timeout, TState state, Func<TState, bool> tryOnce, CancellationToken cancellationToken)
    {
        var started = clock.GetTimestamp();
        var waiting = false;
        try
        {
            for (var pause = 1; ; pause = NextPause(pause))
            {
                if (tryOnce(state))
                {
                    return true;
                }

                waiting = waiting || BeginWaiting(writer);
                if (GivesUp(writer, clock, started, timeout))
                {
                    return false;
                }

                await Task.Delay(TimeSpan.FromMilliseconds(pause), clock, cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            if (waiting)
            {
                writer.EndWaiting();
            }
        }
    }

    private static int NextPause(int pause) => Math.Min(MaxPauseMilliseconds, pause * 2);

    private static bool BeginWaiting(SharedWriter writer)
    {
        writer.BeginWaiting();
        return true;
    }

    // Whether a wait that started at `started` (a timestamp of `clock`) stops trying now.
    private static bool GivesUp(SharedWriter writer, TimeProvider clock, long started, TimeSpan timeout)
    {
        if (timeout == Timeout.InfiniteTimeSpan)
        {
            return false;
        }

        var elapsed = clock.GetElapsedTime(started);
        // A process leaving the lock to a waiter is not refused by it: its yield ends within a few tries.
        return elapsed >= timeout && !writer.Yielding && !(writer.KeptElsewhere && elapsed < timeout + KeptGrace);
    }
}
