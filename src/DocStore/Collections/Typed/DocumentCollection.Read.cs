using System.Diagnostics.CodeAnalysis;

namespace DocStore;

// The reads: each delegates to the reading part (Collections/Reading).
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>The document with <paramref name="key"/>, or null (default for struct documents).</summary>
    /// <param name="key">The key.</param>
    /// <returns>The document or null.</returns>
    public T? Get(TKey key) => _reader.Get(key);

    /// <summary>The document with <paramref name="key"/> as <paramref name="transaction"/> sees it (its own changes included), or null.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>The document or null.</returns>
    public T? Get(DocStoreTransaction transaction, TKey key) => _reader.Get(transaction, key);

    /// <summary>The asynchronous twin of <see cref="Get(TKey)"/>. Embedded, page reads are synchronous (cache hits or short positional reads), so this completes synchronously; on PostgreSQL it waits on the server asynchronously.</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The document or null.</returns>
    public ValueTask<T?> GetAsync(TKey key, CancellationToken cancellationToken = default) => _reader.GetAsync(null, key, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Get(DocStoreTransaction, TKey)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The document or null.</returns>
    public ValueTask<T?> GetAsync(DocStoreTransaction transaction, TKey key, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.GetAsync(transaction, key, cancellationToken);
    }

    /// <summary>Looks a document up by key.</summary>
    /// <param name="key">The key.</param>
    /// <param name="document">The document when found.</param>
    /// <returns>True when found.</returns>
    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document) => _reader.TryGet(key, out document);

    /// <summary>True when a document has <paramref name="key"/> (the document is not read).</summary>
    /// <param name="key">The key.</param>
    /// <returns>True when present.</returns>
    public bool Exists(TKey key) => _reader.Exists(key);

    /// <summary>True when a document has <paramref name="key"/>, as <paramref name="transaction"/> sees it.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>True when present.</returns>
    public bool Exists(DocStoreTransaction transaction, TKey key) => _reader.Exists(transaction, key);

    /// <summary>The asynchronous twin of <see cref="Exists(TKey)"/> (completes synchronously).</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>True when present.</returns>
    public ValueTask<bool> ExistsAsync(TKey key, CancellationToken cancellationToken = default) => _reader.ExistsAsync(null, key, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Exists(DocStoreTransaction, TKey)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>True when present.</returns>
    public ValueTask<bool> ExistsAsync(DocStoreTransaction transaction, TKey key, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.ExistsAsync(transaction, key, cancellationToken);
    }

    /// <summary>The stored C-BSON bytes of the document with <paramref name="key"/>, for the generated field readers; null when absent.</summary>
    /// <param name="key">The key.</param>
    /// <returns>A copy of the bytes, or null.</returns>
    public byte[]? GetDocumentBytes(TKey key) => _reader.GetDocumentBytes(key);

    /// <summary>The asynchronous twin of <see cref="GetDocumentBytes(TKey)"/> (completes synchronously, like <see cref="GetAsync(TKey, CancellationToken)"/>).</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>A copy of the bytes, or null.</returns>
    public ValueTask<byte[]?> GetDocumentBytesAsync(TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<byte[]?>(cancellationToken) : ValueTask.FromResult(GetDocumentBytes(key));

    /// <summary>How many documents the collection holds, counted on a snapshot from the keys alone.</summary>
    /// <returns>The count.</returns>
    public long Count() => _reader.Count();

    /// <summary>How many documents the collection holds, as <paramref name="transaction"/> sees it.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <returns>The count.</returns>
    public long Count(DocStoreTransaction transaction) => _reader.Count(transaction);

    /// <summary>The asynchronous twin of <see cref="Count()"/> (completes synchronously, like <see cref="GetAsync(TKey, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The count.</returns>
    public ValueTask<long> CountAsync(CancellationToken cancellationToken = default) => _reader.CountAsync(null, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Count(DocStoreTransaction)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The count.</returns>
    public ValueTask<long> CountAsync(DocStoreTransaction transaction, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.CountAsync(transaction, cancellationToken);
    }

    /// <summary>Every document in primary key order; lazy, on one snapshot taken when enumeration starts.</summary>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> FindAll() => Scan();

    /// <summary>
    /// The documents in primary key order (or descending), with skip, take and continuation from
    /// <paramref name="options"/>; lazy, on one snapshot held from the first <c>MoveNext</c> until the
    /// enumerator is disposed. <see cref="DocumentQuery{T}.ToPage"/> returns one page and the next page's token.
    /// </summary>
    /// <param name="options">Ordering and paging; null for all documents ascending.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> Scan(QueryOptions? options = null) => _reader.Query(null, -1, [], null, options);

    /// <summary>Like <see cref="Scan(QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection. Changing the collection through the transaction while enumerating ends the enumeration with <see cref="InvalidOperationException"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> Scan(DocStoreTransaction transaction, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.Query(transaction, -1, [], null, options);
    }

    /// <summary>The documents from <paramref name="from"/> on: keys at or after it ascending, at or before it when <see cref="QueryOptions.Descending"/>.</summary>
    /// <param name="from">The first key (it need not exist).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> ScanFrom(TKey from, QueryOptions? options = null) => _reader.ScanFrom(null, from, options);

    /// <summary>Like <see cref="ScanFrom(TKey, QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection. Changing the collection through the transaction while enumerating ends the enumeration with <see cref="InvalidOperationException"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="from">The first key (it need not exist).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> ScanFrom(DocStoreTransaction transaction, TKey from, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.ScanFrom(transaction, from, options);
    }
}
