namespace DocStore.Storage.Sharing;

/// <summary>
/// When a wait for the writer lock gives up (docs/storage.md, "Turns"): at its timeout, unless the process
/// holding the lock keeps it with no turn in progress. That one releases it at its next tick once a waiter
/// counts itself, so a try with no time to wait still gets a lock that no transaction uses.
/// </summary>
internal static class TurnWaiting
{
    // The longest a kept lock is waited for past the timeout (the keeper releases it within a few milliseconds).
    private static readonly TimeSpan KeptGrace = TimeSpan.FromSeconds(1);

    /// <summary>Whether a wait that started at <paramref name="started"/> (a timestamp of <paramref name="clock"/>) stops trying now.</summary>
    public static bool GivesUp(SharedWriter writer, TimeProvider clock, long started, TimeSpan timeout)
    {
        if (timeout == Timeout.InfiniteTimeSpan)
        {
            return false;
        }

        var elapsed = clock.GetElapsedTime(started);
        return elapsed >= timeout && !(writer.KeptElsewhere && elapsed < timeout + KeptGrace);
    }
}
