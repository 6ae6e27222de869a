using System.Diagnostics.CodeAnalysis;
using DocStore.Bson.Model;
using DocStore.Collections;

namespace DocStore;

// Gets, counts and scans, as a typed collection has them (the same reading part does the work).
public sealed partial class BsonCollection
{
    /// <inheritdoc cref="DocumentCollection{T, TKey}.Get(TKey)"/>
    public BsonDocument? Get(BsonValue key) => _reader.Get(key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Get(DocStoreTransaction, TKey)"/>
    public BsonDocument? Get(DocStoreTransaction transaction, BsonValue key) => _reader.Get(transaction, key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.GetAsync(TKey, CancellationToken)"/>
    public ValueTask<BsonDocument?> GetAsync(BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonDocument?>(cancellationToken) : ValueTask.FromResult(Get(key));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.GetAsync(DocStoreTransaction, TKey, CancellationToken)"/>
    public ValueTask<BsonDocument?> GetAsync(DocStoreTransaction transaction, BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonDocument?>(cancellationToken) : ValueTask.FromResult(Get(transaction, key));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.TryGet(TKey, out T)"/>
    public bool TryGet(BsonValue key, [MaybeNullWhen(false)] out BsonDocument document) => _reader.TryGet(key, out document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Exists(TKey)"/>
    public bool Exists(BsonValue key) => _reader.Exists(key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Exists(DocStoreTransaction, TKey)"/>
    public bool Exists(DocStoreTransaction transaction, BsonValue key) => _reader.Exists(transaction, key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ExistsAsync(TKey, CancellationToken)"/>
    public ValueTask<bool> ExistsAsync(BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Exists(key));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ExistsAsync(DocStoreTransaction, TKey, CancellationToken)"/>
    public ValueTask<bool> ExistsAsync(DocStoreTransaction transaction, BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Exists(transaction, key));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.GetDocumentBytes(TKey)"/>
    public byte[]? GetDocumentBytes(BsonValue key) => _reader.GetDocumentBytes(key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.GetDocumentBytesAsync(TKey, CancellationToken)"/>
    public ValueTask<byte[]?> GetDocumentBytesAsync(BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<byte[]?>(cancellationToken) : ValueTask.FromResult(GetDocumentBytes(key));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Count()"/>
    public long Count() => _reader.Count();

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Count(DocStoreTransaction)"/>
    public long Count(DocStoreTransaction transaction) => _reader.Count(transaction);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.CountAsync(CancellationToken)"/>
    public ValueTask<long> CountAsync(CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(Count());

    /// <inheritdoc cref="DocumentCollection{T, TKey}.CountAsync(DocStoreTransaction, CancellationToken)"/>
    public ValueTask<long> CountAsync(DocStoreTransaction transaction, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(Count(transaction));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.FindAll()"/>
    public DocumentQuery<BsonDocument> FindAll() => Scan();

    /// <inheritdoc cref="DocumentCollection{T, TKey}.FindAllAsync(CancellationToken)"/>
    public IAsyncEnumerable<BsonDocument> FindAllAsync(CancellationToken cancellationToken = default) => AsyncSequence.From(FindAll(), cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Scan(QueryOptions?)"/>
    public DocumentQuery<BsonDocument> Scan(QueryOptions? options = null) => _reader.Query(null, -1, [], null, options);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Scan(DocStoreTransaction, QueryOptions?)"/>
    public DocumentQuery<BsonDocument> Scan(DocStoreTransaction transaction, QueryOptions? options = null) => _reader.Query(Required(transaction), -1, [], null, options);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanAsync(QueryOptions?, CancellationToken)"/>
    public IAsyncEnumerable<BsonDocument> ScanAsync(QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Scan(options), cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanAsync(DocStoreTransaction, QueryOptions?, CancellationToken)"/>
    public IAsyncEnumerable<BsonDocument> ScanAsync(DocStoreTransaction transaction, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Scan(transaction, options), cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanFrom(TKey, QueryOptions?)"/>
    public DocumentQuery<BsonDocument> ScanFrom(BsonValue from, QueryOptions? options = null) => _reader.ScanFrom(null, from, options);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanFrom(DocStoreTransaction, TKey, QueryOptions?)"/>
    public DocumentQuery<BsonDocument> ScanFrom(DocStoreTransaction transaction, BsonValue from, QueryOptions? options = null) =>
        _reader.ScanFrom(Required(transaction), from, options);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanFromAsync(TKey, QueryOptions?, CancellationToken)"/>
    public IAsyncEnumerable<BsonDocument> ScanFromAsync(BsonValue from, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(ScanFrom(from, options), cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.ScanFromAsync(DocStoreTransaction, TKey, QueryOptions?, CancellationToken)"/>
    public IAsyncEnumerable<BsonDocument> ScanFromAsync(DocStoreTransaction transaction, BsonValue from, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(ScanFrom(transaction, from, options), cancellationToken);
}
