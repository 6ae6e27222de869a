using DocStore.Collections;

namespace DocStore;

// The writes: each delegates to the writing part (Collections/Writing).
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>
    /// Inserts <paramref name="document"/> in its own transaction. A default ObjectId or Guid key is
    /// generated, an int or long key of 0 takes the next sequence number; the generated key is stored into
    /// the document (for class documents the caller sees it, even if the insert then fails) and returned.
    /// </summary>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    /// <exception cref="DuplicateKeyException">The key, or a unique index value, is taken; nothing was written.</exception>
    /// <exception cref="KeyTooLongException">The encoded key is over the engine's limit.</exception>
    /// <exception cref="IndexKeyTooLongException">An index entry is over the engine's limit.</exception>
    /// <exception cref="DocumentTooLargeException">The document is over the maximum document size.</exception>
    public TKey Insert(T document) => _writer.Insert(null, document);

    /// <summary>Inserts <paramref name="document"/> inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Insert(DocStoreTransaction transaction, T document) => _writer.Insert(CollectionWriter<T, TKey>.Required(transaction), document);

    /// <summary>The asynchronous twin of <see cref="Insert(DocStoreTransaction, T)"/>: the transaction holds the write lock and commits later, so this completes synchronously.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since it only changes the transaction's pages (its commit does the I/O).</param>
    /// <returns>The document's key.</returns>
    public ValueTask<TKey> InsertAsync(DocStoreTransaction transaction, T document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<TKey>(cancellationToken) : ValueTask.FromResult(Insert(transaction, document));

    /// <summary>The asynchronous twin of <see cref="Insert(T)"/>: waits for the write lock and the durable flush without blocking a thread.</summary>
    /// <param name="document">The document.</param>
    /// <param name="cancellationToken">Cancels the waits.</param>
    /// <returns>The document's key.</returns>
    public ValueTask<TKey> InsertAsync(T document, CancellationToken cancellationToken = default) => _writer.InsertAsync(document, cancellationToken);

    /// <summary>Inserts every document in one transaction: all or none.</summary>
    /// <param name="documents">The documents.</param>
    /// <returns>Their keys, in order.</returns>
    public IReadOnlyList<TKey> InsertMany(IEnumerable<T> documents) => _writer.InsertMany(null, documents);

    /// <summary>Inserts every document inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="documents">The documents.</param>
    /// <returns>Their keys, in order.</returns>
    public IReadOnlyList<TKey> InsertMany(DocStoreTransaction transaction, IEnumerable<T> documents) => _writer.InsertMany(CollectionWriter<T, TKey>.Required(transaction), documents);

    /// <summary>The asynchronous twin of <see cref="InsertMany(DocStoreTransaction, IEnumerable{T})"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="documents">The documents.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since it only changes the transaction's pages (its commit does the I/O).</param>
    /// <returns>Their keys, in order.</returns>
    public ValueTask<IReadOnlyList<TKey>> InsertManyAsync(DocStoreTransaction transaction, IEnumerable<T> documents, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<IReadOnlyList<TKey>>(cancellationToken) : ValueTask.FromResult(InsertMany(transaction, documents));

    /// <summary>The asynchronous twin of <see cref="InsertMany(IEnumerable{T})"/>.</summary>
    /// <param name="documents">The documents.</param>
    /// <param name="cancellationToken">Cancels the waits.</param>
    /// <returns>Their keys, in order.</returns>
    public ValueTask<IReadOnlyList<TKey>> InsertManyAsync(IEnumerable<T> documents, CancellationToken cancellationToken = default) => _writer.InsertManyAsync(documents, cancellationToken);

    /// <summary>Replaces the stored document that has <paramref name="document"/>'s key; only index entries whose key changed are touched.</summary>
    /// <param name="document">The new version.</param>
    /// <returns>False when no document has that key (nothing is written).</returns>
    /// <exception cref="DuplicateKeyException">A unique index value is taken by another document; nothing was written.</exception>
    public bool Update(T document) => _writer.Update(null, document);

    /// <summary>Replaces a document inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The new version.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Update(DocStoreTransaction transaction, T document) => _writer.Update(CollectionWriter<T, TKey>.Required(transaction), document);

    /// <summary>The asynchronous twin of <see cref="Update(DocStoreTransaction, T)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The new version.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since it only changes the transaction's pages (its commit does the I/O).</param>
    /// <returns>False when no document has that key.</returns>
    public ValueTask<bool> UpdateAsync(DocStoreTransaction transaction, T document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Update(transaction, document));

    /// <summary>The asynchronous twin of <see cref="Update(T)"/>.</summary>
    /// <param name="document">The new version.</param>
    /// <param name="cancellationToken">Cancels the waits.</param>
    /// <returns>False when no document has that key.</returns>
    public ValueTask<bool> UpdateAsync(T document, CancellationToken cancellationToken = default) => _writer.UpdateAsync(document, cancellationToken);

    /// <summary>Updates the document with <paramref name="document"/>'s key, or inserts it (generating a default key).</summary>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Upsert(T document) => _writer.Upsert(null, document);

    /// <summary>Upserts inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Upsert(DocStoreTransaction transaction, T document) => _writer.Upsert(CollectionWriter<T, TKey>.Required(transaction), document);

    /// <summary>The asynchronous twin of <see cref="Upsert(DocStoreTransaction, T)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since it only changes the transaction's pages (its commit does the I/O).</param>
    /// <returns>The document's key.</returns>
    public ValueTask<TKey> UpsertAsync(DocStoreTransaction transaction, T document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<TKey>(cancellationToken) : ValueTask.FromResult(Upsert(transaction, document));

    /// <summary>The asynchronous twin of <see cref="Upsert(T)"/>.</summary>
    /// <param name="document">The document.</param>
    /// <param name="cancellationToken">Cancels the waits.</param>
    /// <returns>The document's key.</returns>
    public ValueTask<TKey> UpsertAsync(T document, CancellationToken cancellationToken = default) => _writer.UpsertAsync(document, cancellationToken);

    /// <summary>Deletes the document with <paramref name="key"/> and its index entries.</summary>
    /// <param name="key">The key.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Delete(TKey key) => _writer.Delete(null, key);

    /// <summary>Deletes inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Delete(DocStoreTransaction transaction, TKey key) => _writer.Delete(CollectionWriter<T, TKey>.Required(transaction), key);

    /// <summary>The asynchronous twin of <see cref="Delete(DocStoreTransaction, TKey)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since it only changes the transaction's pages (its commit does the I/O).</param>
    /// <returns>False when no document has that key.</returns>
    public ValueTask<bool> DeleteAsync(DocStoreTransaction transaction, TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Delete(transaction, key));

    /// <summary>The asynchronous twin of <see cref="Delete(TKey)"/>.</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Cancels the waits.</param>
    /// <returns>False when no document has that key.</returns>
    public ValueTask<bool> DeleteAsync(TKey key, CancellationToken cancellationToken = default) => _writer.DeleteAsync(key, cancellationToken);
}
