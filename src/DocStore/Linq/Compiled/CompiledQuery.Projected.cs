namespace DocStore.Linq.Compiled;

// Projections compiled over the stored bytes: only the selected fields are read, unless one is missing.
public static partial class CompiledQuery
{
    /// <summary>
    /// The results of <see cref="Find"/>'s walk, each built from the stored bytes by <paramref name="read"/>, or by
    /// <paramref name="whole"/> from the deserialized document when a selected field is missing or null; lazy.
    /// </summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound.</param>
    /// <param name="high">The encoded upper bound, or null.</param>
    /// <param name="descending">True to walk from the top.</param>
    /// <param name="skip">Entries to pass over first.</param>
    /// <param name="take">The most results; negative for all.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <returns>The lazy results.</returns>
    /// <exception cref="ArgumentNullException">A reference argument but <paramref name="high"/> or <paramref name="transaction"/> is null.</exception>
    public static IEnumerable<TResult> FindAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, int skip, int take,
        StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(read);
        CountRun();
        var options = !descending && skip == 0 && take < 0 ? null : new QueryOptions { Descending = descending, Skip = Math.Max(0, skip), Take = take < 0 ? int.MaxValue : take };
        return Reads(collection).QueryAs(transaction, Reads(collection).CheckIndex(index), low, high, options, read.Invoke, whole);
    }

    /// <summary>The results of <see cref="Scan"/>, each built as <see cref="FindAs"/> builds them; lazy.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="filter">The compiled filter.</param>
    /// <param name="state">The values the filter reads.</param>
    /// <param name="skip">Matches passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <returns>The lazy results.</returns>
    /// <exception cref="ArgumentNullException">A reference argument but <paramref name="state"/> or <paramref name="transaction"/> is null.</exception>
    public static IEnumerable<TResult> ScanAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, StoredFilter filter, object? state, int skip, int take,
        StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(filter);
        ArgumentNullException.ThrowIfNull(read);
        CountRun();
        return Reads(collection).ScanWhereAs(transaction, (document, fields) => filter(document, fields, state), Math.Max(0, skip), take < 0 ? -1 : take, read.Invoke, whole);
    }
}
