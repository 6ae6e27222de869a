namespace DocStore;

// The asynchronous index reads the generated FindBy…Async (unique) and CountBy…Async methods call: awaited
// where the backend reads over the network (PostgreSQL), completed synchronously on the embedded engine.
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>The asynchronous twin of <see cref="FindUnique(int, byte[])"/>.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key (a copy: the read may outlive the thread's query key).</param>
    /// <param name="cancellationToken">Checked before the read, and passed to a backend's asynchronous read.</param>
    /// <returns>The document or null.</returns>
    protected ValueTask<T?> FindUniqueAsync(int index, byte[] key, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUniqueAsync(null, index, key, cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="FindUnique(DocStoreTransaction, int, byte[])"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key.</param>
    /// <param name="cancellationToken">Checked before the read, and passed to a backend's asynchronous read.</param>
    /// <returns>The document or null.</returns>
    protected ValueTask<T?> FindUniqueAsync(DocStoreTransaction transaction, int index, byte[] key, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUniqueAsync(transaction, index, key, cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="CountEqual(int, byte[])"/>.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="cancellationToken">Checked before the count, and passed to a backend's asynchronous read.</param>
    /// <returns>The number of documents.</returns>
    protected ValueTask<long> CountEqualAsync(int index, byte[] key, CancellationToken cancellationToken) => _reader.CountEqualAsync(null, index, key, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="CountEqual(DocStoreTransaction, int, byte[])"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="cancellationToken">Checked before the count, and passed to a backend's asynchronous read.</param>
    /// <returns>The number of documents.</returns>
    protected ValueTask<long> CountEqualAsync(DocStoreTransaction transaction, int index, byte[] key, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.CountEqualAsync(transaction, index, key, cancellationToken);
    }
}
