namespace DocStore.Collections;

/// <summary>
/// The writes a typed collection delegates to, whichever backend stores it (see <see cref="ICollectionReads{T, TKey}"/>).
/// A null transaction means the operation's own, committed before it returns; a failed operation writes nothing.
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
internal interface ICollectionWrites<T, TKey>
    where TKey : notnull
{
    TKey Insert(DocStoreTransaction? transaction, T document);

    ValueTask<TKey> InsertAsync(T document, CancellationToken cancellationToken);

    IReadOnlyList<TKey> InsertMany(DocStoreTransaction? transaction, IEnumerable<T> documents);

    ValueTask<IReadOnlyList<TKey>> InsertManyAsync(IEnumerable<T> documents, CancellationToken cancellationToken);

    bool Update(DocStoreTransaction? transaction, T document);

    ValueTask<bool> UpdateAsync(T document, CancellationToken cancellationToken);

    TKey Upsert(DocStoreTransaction? transaction, T document);

    ValueTask<TKey> UpsertAsync(T document, CancellationToken cancellationToken);

    bool Delete(DocStoreTransaction? transaction, TKey key);

    ValueTask<bool> DeleteAsync(TKey key, CancellationToken cancellationToken);
}
