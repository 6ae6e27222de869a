namespace DocStore.Linq.Compiled;

// Index walks with a residual filter on the stored bytes, or in primary-key order (a range without an ordering).
public static partial class CompiledQuery
{
    /// <summary>
    /// The documents of <see cref="Find"/>'s walk whose stored bytes pass <paramref name="filter"/> (null: all), in index
    /// order, or in primary-key order when <paramref name="byKey"/> is true, after <paramref name="skip"/> matches and at
    /// most <paramref name="take"/>; a rejected document is never deserialized; lazy.
    /// </summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound.</param>
    /// <param name="high">The encoded upper bound, or null.</param>
    /// <param name="descending">True to walk the index from the top.</param>
    /// <param name="byKey">True to return the matches in primary-key order.</param>
    /// <param name="filter">The compiled residual filter, or null.</param>
    /// <param name="state">The values the filter reads.</param>
    /// <param name="skip">Matches passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <returns>The lazy documents.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="low"/> is null.</exception>
    public static IEnumerable<T> Walk<T, TKey>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, bool byKey,
        StoredFilter? filter, object? state, int skip, int take)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(low);
        CountRun();
        return Reads(collection).QueryTested(transaction, index, low, high, descending, byKey, Test(filter, state), Math.Max(0, skip), take);
    }

    /// <summary>The results of <see cref="Walk"/>, each built as <see cref="FindAs"/> builds them; lazy.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound.</param>
    /// <param name="high">The encoded upper bound, or null.</param>
    /// <param name="descending">True to walk the index from the top.</param>
    /// <param name="byKey">True to return the matches in primary-key order.</param>
    /// <param name="filter">The compiled residual filter, or null.</param>
    /// <param name="state">The values the filter reads.</param>
    /// <param name="skip">Matches passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <returns>The lazy results.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/>, <paramref name="low"/>, <paramref name="read"/> or <paramref name="whole"/> is null.</exception>
    public static IEnumerable<TResult> WalkAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, bool byKey,
        StoredFilter? filter, object? state, int skip, int take, StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(read);
        CountRun();
        return Reads(collection).QueryTestedAs(transaction, index, low, high, descending, byKey, Test(filter, state), Math.Max(0, skip), take, read.Invoke, whole);
    }

    private static Collections.StoredTest? Test(StoredFilter? filter, object? state) =>
        filter is null ? null : (document, fields) => filter(document, fields, state);
}
