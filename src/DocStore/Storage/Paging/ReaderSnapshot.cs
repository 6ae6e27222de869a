namespace DocStore.Storage.Paging;

/// <summary>One published snapshot and how many readers hold it.</summary>
/// <param name="lsn">The LSN of the last commit the snapshot sees.</param>
internal sealed class ReaderSnapshot(long lsn)
{
    /// <summary>The LSN of the last commit the snapshot sees.</summary>
    public long Lsn { get; } = lsn;

    /// <summary>Readers registered on it (changed with interlocked operations only).</summary>
    public int Readers;

    /// <summary>Ends one registration made by <see cref="ReaderRegistry.Register"/>.</summary>
    public void Leave() => Interlocked.Decrement(ref Readers);
}
