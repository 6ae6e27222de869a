using DocStore.Collections;

namespace DocStore;

// The asynchronous twins of the lazy queries: the same sequences as IAsyncEnumerable<T>, cancellable between documents.
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>
    /// The documents of <paramref name="documents"/> (a lazy query of this collection) as an asynchronous
    /// sequence: the same documents in the same order, with the same snapshot, paging and continuation. The
    /// token (and one passed to <c>GetAsyncEnumerator</c> or <c>WithCancellation</c>) is checked before the
    /// first document is read and between documents; cancelling ends the enumeration with
    /// <see cref="OperationCanceledException"/> and releases the snapshot.
    /// </summary>
    /// <remarks>
    /// A query reads pages with synchronous positional reads (<c>RandomAccess</c>) or from the page cache, so
    /// every <c>MoveNextAsync</c> completes synchronously on the caller's thread: the asynchronous twins give
    /// async code a uniform, cancellable API, not I/O that overlaps other work. A read runs on a snapshot and
    /// never waits for the write lock or for a commit's flush. The one wait it can meet is in taking the
    /// snapshot while a checkpoint restarts the WAL, which happens only when no reader is live (for a file
    /// database, a header write and, unless durability is <c>None</c>, its fsync); besides that, only short
    /// in-memory locks around the reader list and the page cache.
    /// </remarks>
    /// <param name="documents">The lazy sequence; its arguments are checked when it was created, so errors in them surface at the call, as with the synchronous method.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The asynchronous sequence.</returns>
    protected static IAsyncEnumerable<T> AsAsync(IEnumerable<T> documents, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(documents, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="FindAll"/>: every document in primary key order, on one snapshot taken when enumeration starts.</summary>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <remarks><inheritdoc cref="AsAsync" path="/remarks/node()"/></remarks>
    public IAsyncEnumerable<T> FindAllAsync(CancellationToken cancellationToken = default) => AsAsync(FindAll(), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Scan(QueryOptions?)"/>: the same documents in the same order, with the same paging and continuation.</summary>
    /// <param name="options">Ordering and paging; null for all documents ascending.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <remarks><inheritdoc cref="AsAsync" path="/remarks/node()"/></remarks>
    public IAsyncEnumerable<T> ScanAsync(QueryOptions? options = null, CancellationToken cancellationToken = default) => AsAsync(Scan(options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Scan(DocStoreTransaction, QueryOptions?)"/>: the collection as <paramref name="transaction"/> sees it.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <remarks><inheritdoc cref="AsAsync" path="/remarks/node()"/></remarks>
    public IAsyncEnumerable<T> ScanAsync(DocStoreTransaction transaction, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsAsync(Scan(transaction, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="ScanFrom(TKey, QueryOptions?)"/>: the documents from <paramref name="from"/> on.</summary>
    /// <param name="from">The first key (it need not exist).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <remarks><inheritdoc cref="AsAsync" path="/remarks/node()"/></remarks>
    public IAsyncEnumerable<T> ScanFromAsync(TKey from, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsAsync(ScanFrom(from, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="ScanFrom(DocStoreTransaction, TKey, QueryOptions?)"/>: the documents from <paramref name="from"/> on, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="from">The first key (it need not exist).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <remarks><inheritdoc cref="AsAsync" path="/remarks/node()"/></remarks>
    public IAsyncEnumerable<T> ScanFromAsync(DocStoreTransaction transaction, TKey from, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsAsync(ScanFrom(transaction, from, options), cancellationToken);
}
