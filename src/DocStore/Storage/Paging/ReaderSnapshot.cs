namespace DocStore.Storage.Paging;

/// <summary>One published snapshot and how many readers hold it.</summary>
/// <param name="lsn">The LSN of the last commit the snapshot sees.</param>
/// <param name="epoch">Its place in the order snapshots were published in (see <see cref="Epoch"/>).</param>
internal sealed class ReaderSnapshot(long lsn, long epoch)
{
    /// <summary>The LSN of the last commit the snapshot sees.</summary>
    public long Lsn { get; } = lsn;

    /// <summary>
    /// Increases with every snapshot object the registry publishes, also when a rotation republishes the
    /// same LSN: a reader registered on this object began before any object with a higher epoch existed.
    /// The page pool reuses an image only when no reader of its retirement's epoch or an earlier one is left.
    /// </summary>
    public long Epoch { get; } = epoch;

    /// <summary>Readers registered on it (changed with interlocked operations only).</summary>
    public int Readers;

    /// <summary>Told when a reader leaves (a process that follows another's writes clears its shared mark); null otherwise.</summary>
    public Action? OnLeave { get; init; }

    /// <summary>Ends one registration made by <see cref="ReaderRegistry.Register"/>.</summary>
    public void Leave()
    {
        Interlocked.Decrement(ref Readers);
        OnLeave?.Invoke();
    }

    /// <summary>Takes back a registration without telling <see cref="OnLeave"/> (a registration retried at once).</summary>
    public void Unregister() => Interlocked.Decrement(ref Readers);
}
