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
    /// <summary>Takes the writer lock, retrying with a short back-off until <see cref="StorageOptions.BusyTimeout"/>.</summary>
    public static bool TryTake(SharedWriter writer, StorageOptions options) =>
        TurnWaiting.Wait(writer, options.TimeProvider, options.BusyTimeout, writer, static w => w.TryTakeTurn());

    /// <summary>The asynchronous twin of <see cref="TryTake"/>: waits between tries without blocking a thread.</summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled while waiting.</exception>
    public static ValueTask<bool> TryTakeAsync(SharedWriter writer, StorageOptions options, CancellationToken cancellationToken) =>
        TurnWaiting.WaitAsync(writer, options.TimeProvider, options.BusyTimeout, writer, static w => w.TryTakeTurn(), cancellationToken);
}
