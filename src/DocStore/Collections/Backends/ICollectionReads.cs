using System.Diagnostics.CodeAnalysis;

namespace DocStore.Collections;

/// <summary>
/// The reads a typed collection delegates to, whichever backend stores it: the embedded engine
/// (<see cref="CollectionReader{T, TKey}"/>) or another store (DocStore.PostgreSQL). Index positions and keys
/// are the generated model's: index keys arrive encoded, as the generated <c>FindBy…</c> methods build them.
/// A null transaction reads the last commit.
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
internal interface ICollectionReads<T, TKey>
    where TKey : notnull
{
    /// <summary><paramref name="index"/>, checked against the collection's index positions.</summary>
    int CheckIndex(int index);

    T? Get(TKey key);

    T? Get(DocStoreTransaction transaction, TKey key);

    bool TryGet(TKey key, [MaybeNullWhen(false)] out T document);

    bool Exists(TKey key);

    bool Exists(DocStoreTransaction transaction, TKey key);

    /// <summary>The stored document as C-BSON over the collection's field dictionary, or null.</summary>
    byte[]? GetDocumentBytes(TKey key);

    long Count();

    long Count(DocStoreTransaction transaction);

    /// <summary>
    /// The asynchronous twin of <see cref="Get(TKey)"/> (with a transaction, <see cref="Get(DocStoreTransaction, TKey)"/>).
    /// By default it runs the synchronous read; a backend whose reads wait on the network overrides it.
    /// </summary>
    ValueTask<T?> GetAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<T?>(cancellationToken) : ValueTask.FromResult(transaction is null ? Get(key) : Get(transaction, key));

    /// <summary>The asynchronous twin of <see cref="Exists(TKey)"/>; synchronous by default, as <see cref="GetAsync"/>.</summary>
    ValueTask<bool> ExistsAsync(DocStoreTransaction? transaction, TKey key, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(transaction is null ? Exists(key) : Exists(transaction, key));

    /// <summary>The asynchronous twin of <see cref="Count()"/>; synchronous by default, as <see cref="GetAsync"/>.</summary>
    ValueTask<long> CountAsync(DocStoreTransaction? transaction, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(transaction is null ? Count() : Count(transaction));

    /// <summary>The one document whose key in unique <paramref name="index"/> is <paramref name="key"/>, or null.</summary>
    T? FindUnique(DocStoreTransaction? transaction, int index, ReadOnlySpan<byte> key);

    /// <summary>The asynchronous twin of <see cref="FindUnique"/>; synchronous by default, as <see cref="GetAsync"/>.</summary>
    ValueTask<T?> FindUniqueAsync(DocStoreTransaction? transaction, int index, byte[] key, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<T?>(cancellationToken) : ValueTask.FromResult(FindUnique(transaction, index, key));

    /// <summary>The asynchronous twin of <see cref="CountEqual"/>; synchronous by default, as <see cref="GetAsync"/>.</summary>
    ValueTask<long> CountEqualAsync(DocStoreTransaction? transaction, int index, byte[] key, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(CountEqual(transaction, index, key));

    /// <summary>How many documents have an entry in <paramref name="index"/> that starts with <paramref name="key"/>.</summary>
    long CountEqual(DocStoreTransaction? transaction, int index, byte[] key);

    /// <summary>
    /// The lazy walk of <paramref name="index"/> (-1: the primary key) between <paramref name="low"/>
    /// (inclusive) and <paramref name="high"/> (every entry that sorts before it or starts with it; null: to
    /// the end), in entry order, with paging and continuation tokens over entry keys.
    /// </summary>
    DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options);

    /// <summary>The documents from <paramref name="from"/> on: keys at or after it ascending, at or before it descending.</summary>
    DocumentQuery<T> ScanFrom(DocStoreTransaction? transaction, TKey from, QueryOptions? options);
}
