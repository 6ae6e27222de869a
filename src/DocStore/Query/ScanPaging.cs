namespace DocStore.Query;

/// <summary>How a walk orders and pages its entries: skipping and taking count keys, so skipped entries are never read.</summary>
/// <param name="Descending">True for descending key order.</param>
/// <param name="Skip">Entries to pass over before the first result.</param>
/// <param name="Take">The most results.</param>
/// <param name="After">Start strictly after this entry key (a continuation); null from the bound.</param>
internal readonly record struct ScanPaging(bool Descending, int Skip, int Take, byte[]? After)
{
    /// <summary>Every entry, ascending.</summary>
    public static ScanPaging All => new(false, 0, int.MaxValue, null);
}
