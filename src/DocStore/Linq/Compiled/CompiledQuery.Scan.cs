namespace DocStore.Linq.Compiled;

// Full scans with the filter compiled over the stored bytes: a rejected document is never deserialized.
public static partial class CompiledQuery
{
    /// <summary>The documents, in key order, whose stored bytes pass <paramref name="filter"/>, after <paramref name="skip"/> of them and at most <paramref name="take"/>; lazy.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="filter">The compiled filter.</param>
    /// <param name="state">The values the filter reads.</param>
    /// <param name="skip">Matches passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <returns>The lazy documents.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="filter"/> is null.</exception>
    public static IEnumerable<T> Scan<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, StoredFilter filter, object? state, int skip, int take)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(filter);
        CountRun();
        return Reads(collection).ScanWhere(transaction, (document, fields) => filter(document, fields, state), Math.Max(0, skip), take < 0 ? -1 : take);
    }
}
