using DocStore.BTree;
using DocStore.Collections;
using DocStore.Indexing;

namespace DocStore;

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
    public TKey Insert(T document) => Write(null, document, static (c, s, d) => c.InsertCore(s, d));

    /// <summary>Inserts <paramref name="document"/> inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Insert(DocStoreTransaction transaction, T document) => Write(Required(transaction), document, static (c, s, d) => c.InsertCore(s, d));

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
    public ValueTask<TKey> InsertAsync(T document, CancellationToken cancellationToken = default) =>
        WriteAsync(document, static (c, s, d) => c.InsertCore(s, d), cancellationToken);

    /// <summary>Inserts every document in one transaction: all or none.</summary>
    /// <param name="documents">The documents.</param>
    /// <returns>Their keys, in order.</returns>
    public IReadOnlyList<TKey> InsertMany(IEnumerable<T> documents) => Write(null, documents, static (c, s, d) => c.InsertManyCore(s, d));

    /// <summary>Inserts every document inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="documents">The documents.</param>
    /// <returns>Their keys, in order.</returns>
    public IReadOnlyList<TKey> InsertMany(DocStoreTransaction transaction, IEnumerable<T> documents) =>
        Write(Required(transaction), documents, static (c, s, d) => c.InsertManyCore(s, d));

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
    public ValueTask<IReadOnlyList<TKey>> InsertManyAsync(IEnumerable<T> documents, CancellationToken cancellationToken = default) =>
        WriteAsync(documents, static IReadOnlyList<TKey> (c, s, d) => c.InsertManyCore(s, d), cancellationToken);

    /// <summary>Replaces the stored document that has <paramref name="document"/>'s key; only index entries whose key changed are touched.</summary>
    /// <param name="document">The new version.</param>
    /// <returns>False when no document has that key (nothing is written).</returns>
    /// <exception cref="DuplicateKeyException">A unique index value is taken by another document; nothing was written.</exception>
    public bool Update(T document) => Write(null, document, static (c, s, d) => c.UpdateCore(s, d));

    /// <summary>Replaces a document inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The new version.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Update(DocStoreTransaction transaction, T document) => Write(Required(transaction), document, static (c, s, d) => c.UpdateCore(s, d));

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
    public ValueTask<bool> UpdateAsync(T document, CancellationToken cancellationToken = default) =>
        WriteAsync(document, static (c, s, d) => c.UpdateCore(s, d), cancellationToken);

    /// <summary>Updates the document with <paramref name="document"/>'s key, or inserts it (generating a default key).</summary>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Upsert(T document) => Write(null, document, static (c, s, d) => c.UpsertCore(s, d));

    /// <summary>Upserts inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    public TKey Upsert(DocStoreTransaction transaction, T document) => Write(Required(transaction), document, static (c, s, d) => c.UpsertCore(s, d));

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
    public ValueTask<TKey> UpsertAsync(T document, CancellationToken cancellationToken = default) =>
        WriteAsync(document, static (c, s, d) => c.UpsertCore(s, d), cancellationToken);

    /// <summary>Deletes the document with <paramref name="key"/> and its index entries.</summary>
    /// <param name="key">The key.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Delete(TKey key) => Write(null, key, static (c, s, k) => c.DeleteCore(s, k));

    /// <summary>Deletes inside <paramref name="transaction"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Delete(DocStoreTransaction transaction, TKey key) => Write(Required(transaction), key, static (c, s, k) => c.DeleteCore(s, k));

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
    public ValueTask<bool> DeleteAsync(TKey key, CancellationToken cancellationToken = default) =>
        WriteAsync(key, static (c, s, k) => c.DeleteCore(s, k), cancellationToken);

    private static DocStoreTransaction Required(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return transaction;
    }

    private TResult Write<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<DocumentCollection<T, TKey>, WriteScope, TArg, TResult> operation)
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            return RunIn(transaction, argument, operation);
        }

        using var own = _context.BeginTransaction();
        var result = RunIn(own, argument, operation, ownTransaction: true);
        own.Commit();
        return result;
    }

    private async ValueTask<TResult> WriteAsync<TArg, TResult>(TArg argument, Func<DocumentCollection<T, TKey>, WriteScope, TArg, TResult> operation, CancellationToken cancellationToken)
    {
        _context.ThrowIfDisposed();
        var own = await _context.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await using (own.ConfigureAwait(false))
        {
            var result = RunIn(own, argument, operation, ownTransaction: true);
            await own.CommitAsync(cancellationToken).ConfigureAwait(false);
            return result;
        }
    }

    /// <summary>Runs one operation; one that fails after changing something poisons the transaction, so it cannot commit half an operation.</summary>
    /// <remarks>
    /// Each operation plans its tree changes, then applies them; in a transaction of its own
    /// (<paramref name="ownTransaction"/>) they are all the transaction changes, which lets the transaction's
    /// journal start recording them early.
    /// </remarks>
    private TResult RunIn<TArg, TResult>(DocStoreTransaction transaction, TArg argument, Func<DocumentCollection<T, TKey>, WriteScope, TArg, TResult> operation, bool ownTransaction = false)
    {
        transaction.Enlist(_fields);
        var write = transaction.Write;

        // A safe point: no page of the transaction is referenced between operations. Before the version is
        // taken, since letting go of spilled images (which bumps it) is not a change this operation made.
        write.SpillIfLarge();
        var version = write.Version;
        try
        {
            return operation(this, OpenScope(write, ownTransaction), argument);
        }
        catch (Exception e) when (write.Version != version)
        {
            transaction.Fail(e);
            throw;
        }
    }

    private WriteScope OpenScope(Transactions.WriteTransaction write, bool ownTransaction)
    {
        // Under the write lock: the index set bound here is the catalog's until this transaction ends.
        var binding = Bound(write);
        var indexes = new Tree[binding.Trees.Length];
        for (var i = 0; i < indexes.Length; i++)
        {
            indexes[i] = IndexTree(write, binding, i);
        }

        return new WriteScope(PrimaryTree(write), indexes, binding, _fields.Writer, write, ownTransaction);
    }

    /// <summary>
    /// The primary tree in <paramref name="transaction"/>. A tree's root page never changes for its life,
    /// and the collection's trees are created or dropped only while it opens, so the roots found then skip
    /// the catalog lookup on every operation.
    /// </summary>
    private Tree PrimaryTree(Transactions.Transaction transaction)
    {
        transaction.ThrowIfCompleted();
        _state.ThrowIfDropped();
        return new Tree(transaction, _primaryTree, _primaryRoot, _primaryTreeUtf8);
    }

    /// <summary>The tree of index <paramref name="index"/> of <paramref name="binding"/> in <paramref name="transaction"/> (root cached like <see cref="PrimaryTree"/>).</summary>
    private static Tree IndexTree(Transactions.Transaction transaction, IndexBinding binding, int index)
    {
        transaction.ThrowIfCompleted();
        return new Tree(transaction, binding.Trees[index], binding.Roots[index], binding.TreesUtf8[index]);
    }
}
