namespace DocStore.Linq.Compiled;

// Projections after key lookups: a unique equality reads its one document as FindOne does, and a list of
// keys reads each document once; both build the result from the selected fields of the stored bytes.
public static partial class CompiledQuery
{
    /// <summary>
    /// The projection of the one document whose key in unique index <paramref name="index"/> is <paramref name="key"/>,
    /// built from the stored bytes by <paramref name="read"/>, or by <paramref name="whole"/> from the deserialized
    /// document when a selected field is missing or null.
    /// </summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded key.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <param name="result">The projection, when the method returns true.</param>
    /// <returns>True when a document has the key.</returns>
    /// <exception cref="ArgumentNullException">A reference argument but <paramref name="transaction"/> is null.</exception>
    public static bool FindOneAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] key, StoredProjection<TResult> read, Func<T, TResult> whole, out TResult result)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(read);
        CountRun();
        return Reads(collection).FindUniqueAs(transaction, index, key, read.Invoke, whole, out result);
    }

    /// <summary>The results of <see cref="FindOneAs"/> as a sequence of none or one, after <paramref name="skip"/> and at most <paramref name="take"/>; read when called.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded key.</param>
    /// <param name="skip">Results passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <returns>The result, or none.</returns>
    /// <exception cref="ArgumentNullException">A reference argument but <paramref name="transaction"/> is null.</exception>
    public static IEnumerable<TResult> SeekAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] key, int skip, int take, StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        if (skip > 0 || take == 0)
        {
            ArgumentNullException.ThrowIfNull(collection);
            CountRun();
            return [];
        }

        return FindOneAs(collection, transaction, index, key, read, whole, out var result) ? [result] : [];
    }

    /// <summary>The results of <see cref="FindKeys"/>, each built as <see cref="FindOneAs"/> builds it; lazy, all read in one view when enumeration starts.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <typeparam name="TResult">The projection's result type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="keys">The keys, from <see cref="Keys{TKey}"/>.</param>
    /// <param name="skip">Documents passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <param name="read">The projection over the stored bytes.</param>
    /// <param name="whole">The same projection over the document.</param>
    /// <returns>The lazy results.</returns>
    /// <exception cref="ArgumentNullException">A reference argument but <paramref name="transaction"/> is null.</exception>
    public static IEnumerable<TResult> FindKeysAs<T, TKey, TResult>(
        DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, TKey[] keys, int skip, int take, StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(keys);
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(whole);
        CountRun();
        return LookupsAs(Reads(collection), transaction, keys, Math.Max(0, skip), take < 0 ? int.MaxValue : take, read, whole);
    }

    private static IEnumerable<TResult> LookupsAs<T, TKey, TResult>(
        Collections.CollectionReader<T, TKey> reader, DocStoreTransaction? transaction, TKey[] keys, int skip, int take, StoredProjection<TResult> read, Func<T, TResult> whole)
        where TKey : notnull
    {
        foreach (var result in reader.GetAllAs(transaction, keys, skip, take, read.Invoke, whole))
        {
            yield return result;
        }
    }
}
