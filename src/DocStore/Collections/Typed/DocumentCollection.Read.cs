using System.Diagnostics.CodeAnalysis;
using DocStore.Bson;
using DocStore.BTree;
using DocStore.Collections;
using DocStore.Diagnostics;
using DocStore.Engine.Reads;
using DocStore.Query;
using DocStore.Transactions;

namespace DocStore;

public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>Decodes a stored document for a caller; every read path comes through here, so the read metric counts them all.</summary>
    private T Decode(ReadOnlySpan<byte> document, IFieldDictionary fields)
    {
        DocStoreMetrics.CountRead(Name);
        return Model.Read(document, fields);
    }

    /// <summary>The document with <paramref name="key"/>, or null (default for struct documents).</summary>
    /// <param name="key">The key.</param>
    /// <returns>The document or null.</returns>
    public T? Get(TKey key) => TryGet(key, out var document) ? document : default;

    /// <summary>The document with <paramref name="key"/> as <paramref name="transaction"/> sees it (its own changes included), or null.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>The document or null.</returns>
    public T? Get(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Lookup(transaction, EncodeKeyScratch(key), static (c, pages, fields, pk) => c.TryGetDocument(pages, pk, out var bytes) ? c.Decode(bytes.Span, fields) : default);
    }

    /// <summary>The asynchronous twin of <see cref="Get(TKey)"/>. Page reads are synchronous (cache hits or short positional reads), so this completes synchronously.</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The document or null.</returns>
    public ValueTask<T?> GetAsync(TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<T?>(cancellationToken) : ValueTask.FromResult(Get(key));

    /// <summary>The asynchronous twin of <see cref="Get(DocStoreTransaction, TKey)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The document or null.</returns>
    public ValueTask<T?> GetAsync(DocStoreTransaction transaction, TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<T?>(cancellationToken) : ValueTask.FromResult(Get(transaction, key));

    /// <summary>Looks a document up by key.</summary>
    /// <param name="key">The key.</param>
    /// <param name="document">The document when found.</param>
    /// <returns>True when found.</returns>
    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document)
    {
        var found = Lookup(null, EncodeKeyScratch(key), static (c, pages, fields, pk) => c.TryGetDocument(pages, pk, out var bytes) ? (true, c.Decode(bytes.Span, fields)) : (false, default(T)));
        document = found.Item2!;
        return found.Item1;
    }

    /// <summary>True when a document has <paramref name="key"/> (the document is not read).</summary>
    /// <param name="key">The key.</param>
    /// <returns>True when present.</returns>
    public bool Exists(TKey key) => Lookup(null, EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var _));

    /// <summary>True when a document has <paramref name="key"/>, as <paramref name="transaction"/> sees it.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <returns>True when present.</returns>
    public bool Exists(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Lookup(transaction, EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var _));
    }

    /// <summary>The asynchronous twin of <see cref="Exists(TKey)"/> (completes synchronously).</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>True when present.</returns>
    public ValueTask<bool> ExistsAsync(TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Exists(key));

    /// <summary>The asynchronous twin of <see cref="Exists(DocStoreTransaction, TKey)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>True when present.</returns>
    public ValueTask<bool> ExistsAsync(DocStoreTransaction transaction, TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Exists(transaction, key));

    /// <summary>The stored C-BSON bytes of the document with <paramref name="key"/>, for the generated field readers; null when absent.</summary>
    /// <param name="key">The key.</param>
    /// <returns>A copy of the bytes, or null.</returns>
    public byte[]? GetDocumentBytes(TKey key) =>
        Lookup(null, EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var bytes) ? bytes.ToArray() : null);

    /// <summary>The asynchronous twin of <see cref="GetDocumentBytes(TKey)"/> (completes synchronously, like <see cref="GetAsync(TKey, CancellationToken)"/>).</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>A copy of the bytes, or null.</returns>
    public ValueTask<byte[]?> GetDocumentBytesAsync(TKey key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<byte[]?>(cancellationToken) : ValueTask.FromResult(GetDocumentBytes(key));

    /// <summary>How many documents the collection holds, counted on a snapshot from the keys alone.</summary>
    /// <returns>The count.</returns>
    public long Count() => Read(null, 0, (c, tx, _, _) => EntryScan.Count(c.PrimaryTree(tx), [], null));

    /// <summary>How many documents the collection holds, as <paramref name="transaction"/> sees it.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <returns>The count.</returns>
    public long Count(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Read(transaction, 0, (c, tx, _, _) => EntryScan.Count(c.PrimaryTree(tx), [], null));
    }

    /// <summary>The asynchronous twin of <see cref="Count()"/> (completes synchronously, like <see cref="GetAsync(TKey, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The count.</returns>
    public ValueTask<long> CountAsync(CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(Count());

    /// <summary>The asynchronous twin of <see cref="Count(DocStoreTransaction)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The count.</returns>
    public ValueTask<long> CountAsync(DocStoreTransaction transaction, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(Count(transaction));

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
    public DocumentQuery<T> Scan(QueryOptions? options = null) => Query(options?.Transaction, -1, [], null, options);

    /// <summary>Like <see cref="Scan(QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection. Changing the collection through the transaction while enumerating ends the enumeration with <see cref="InvalidOperationException"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> Scan(DocStoreTransaction transaction, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        if (options?.Transaction is { } other && !ReferenceEquals(other, transaction))
        {
            throw new ArgumentException("The options name a different transaction.", nameof(options));
        }

        return Query(transaction, -1, [], null, options);
    }

    /// <summary>The documents from <paramref name="from"/> on: keys at or after it ascending, at or before it when <see cref="QueryOptions.Descending"/>.</summary>
    /// <param name="from">The first key (it need not exist).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    public DocumentQuery<T> ScanFrom(TKey from, QueryOptions? options = null)
    {
        var key = EncodeKey(from);
        return options?.Descending == true ? Query(options.Transaction, -1, [], key, options) : Query(options?.Transaction, -1, key, null, options);
    }

    /// <summary>
    /// Runs the point read <paramref name="read"/> in <paramref name="transaction"/>'s view, or on a registered
    /// snapshot of the last commit with no transaction object: a get or unique find allocates neither a
    /// transaction nor a tree. The argument may be a span, as for <see cref="Read{TArg, TResult}"/>.
    /// </summary>
    private TResult Lookup<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<DocumentCollection<T, TKey>, PageSource, IFieldDictionary, TArg, TResult> read)
        where TArg : allows ref struct
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            var write = transaction.Write;
            write.ThrowIfCompleted();
            return read(this, SnapshotRead.Of(write).Pages, _fields.Writer, argument);
        }

        using var snapshot = SnapshotRead.Begin(_context.Engine);

        // Read after the snapshot began, as in Read: the committed dictionary covers what it can see.
        return read(this, snapshot.Pages, _fields.Committed, argument);
    }

    /// <summary>The stored bytes of the document with encoded key <paramref name="primaryKey"/>, read through <paramref name="pages"/>.</summary>
    private bool TryGetDocument(PageSource pages, ReadOnlySpan<byte> primaryKey, out ReadOnlyMemory<byte> bytes)
    {
        _state.ThrowIfDropped();
        return SnapshotRead.TryGet(pages, _primaryRoot, _primaryTree, primaryKey, out bytes);
    }

    /// <summary>Runs <paramref name="read"/> in <paramref name="transaction"/>, or on a snapshot of the last commit. The argument may be a span (a scratch-encoded key): nothing here encodes a key or awaits before <paramref name="read"/> consumes it.</summary>
    private TResult Read<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<DocumentCollection<T, TKey>, Transaction, IFieldDictionary, TArg, TResult> read)
        where TArg : allows ref struct
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            return read(this, transaction.Write, _fields.Writer, argument);
        }

        using var snapshot = _context.Engine.BeginRead();

        // Read after the snapshot began: the committed dictionary is published before each commit, so it covers every document the snapshot can see.
        return read(this, snapshot, _fields.Committed, argument);
    }
}
