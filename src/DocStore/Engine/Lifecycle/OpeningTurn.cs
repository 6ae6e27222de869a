using DocStore.Storage;
using DocStore.Storage.Sharing;

namespace DocStore.Engine.Lifecycle;

/// <summary>
/// The writer lock a shared open that may write holds while it recovers (docs/storage.md, "Many
/// processes"): the first process to open after a crash recovers alone, and others wait for it, up to the
/// busy timeout, then read what it recovered.
/// </summary>
internal static class OpeningTurn
{
    private const int MaxPauseMilliseconds = 16;

    /// <summary>Takes the writer lock, retrying with a short back-off until <see cref="StorageOptions.BusyTimeout"/>.</summary>
    public static bool TryTake(SharedWriter writer, StorageOptions options)
    {
        var clock = options.TimeProvider;
        var started = clock.GetTimestamp();
        var waiting = false;
        try
        {
            for (var pause = 1; ; pause = Math.Min(MaxPauseMilliseconds, pause * 2))
            {
                if (writer.TryTakeTurn())
                {
                    return true;
                }

                if (!waiting)
                {
                    // Counted as a waiter, so that a process keeping the lock between its turns releases it.
                    writer.BeginWaiting();
                    waiting = true;
                }

                if (TurnWaiting.GivesUp(writer, clock, started, options.BusyTimeout))
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
}
