using DocStore.Bson.Model;

namespace DocStore;

// Inserts, updates, upserts and deletes, as a typed collection has them (the same writing part does the work),
// converting to the recorded member types (see MemberTypes).
public sealed partial class BsonCollection
{
    /// <inheritdoc cref="DocumentCollection{T, TKey}.Insert(T)"/>
    public BsonValue Insert(BsonDocument document) => _writer.Insert(null, document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Insert(DocStoreTransaction, T)"/>
    public BsonValue Insert(DocStoreTransaction transaction, BsonDocument document) => _writer.Insert(Required(transaction), document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertAsync(T, CancellationToken)"/>
    public ValueTask<BsonValue> InsertAsync(BsonDocument document, CancellationToken cancellationToken = default) => _writer.InsertAsync(document, cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertAsync(DocStoreTransaction, T, CancellationToken)"/>
    public ValueTask<BsonValue> InsertAsync(DocStoreTransaction transaction, BsonDocument document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonValue>(cancellationToken) : ValueTask.FromResult(Insert(transaction, document));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertMany(IEnumerable{T})"/>
    public IReadOnlyList<BsonValue> InsertMany(IEnumerable<BsonDocument> documents) => _writer.InsertMany(null, documents);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertMany(DocStoreTransaction, IEnumerable{T})"/>
    public IReadOnlyList<BsonValue> InsertMany(DocStoreTransaction transaction, IEnumerable<BsonDocument> documents) => _writer.InsertMany(Required(transaction), documents);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertManyAsync(IEnumerable{T}, CancellationToken)"/>
    public ValueTask<IReadOnlyList<BsonValue>> InsertManyAsync(IEnumerable<BsonDocument> documents, CancellationToken cancellationToken = default) =>
        _writer.InsertManyAsync(documents, cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.InsertManyAsync(DocStoreTransaction, IEnumerable{T}, CancellationToken)"/>
    public ValueTask<IReadOnlyList<BsonValue>> InsertManyAsync(DocStoreTransaction transaction, IEnumerable<BsonDocument> documents, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<IReadOnlyList<BsonValue>>(cancellationToken) : ValueTask.FromResult(InsertMany(transaction, documents));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Update(T)"/>
    public bool Update(BsonDocument document) => _writer.Update(null, document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Update(DocStoreTransaction, T)"/>
    public bool Update(DocStoreTransaction transaction, BsonDocument document) => _writer.Update(Required(transaction), document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.UpdateAsync(T, CancellationToken)"/>
    public ValueTask<bool> UpdateAsync(BsonDocument document, CancellationToken cancellationToken = default) => _writer.UpdateAsync(document, cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.UpdateAsync(DocStoreTransaction, T, CancellationToken)"/>
    public ValueTask<bool> UpdateAsync(DocStoreTransaction transaction, BsonDocument document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Update(transaction, document));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Upsert(T)"/>
    public BsonValue Upsert(BsonDocument document) => _writer.Upsert(null, document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Upsert(DocStoreTransaction, T)"/>
    public BsonValue Upsert(DocStoreTransaction transaction, BsonDocument document) => _writer.Upsert(Required(transaction), document);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.UpsertAsync(T, CancellationToken)"/>
    public ValueTask<BsonValue> UpsertAsync(BsonDocument document, CancellationToken cancellationToken = default) => _writer.UpsertAsync(document, cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.UpsertAsync(DocStoreTransaction, T, CancellationToken)"/>
    public ValueTask<BsonValue> UpsertAsync(DocStoreTransaction transaction, BsonDocument document, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonValue>(cancellationToken) : ValueTask.FromResult(Upsert(transaction, document));

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Delete(TKey)"/>
    public bool Delete(BsonValue key) => _writer.Delete(null, key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.Delete(DocStoreTransaction, TKey)"/>
    public bool Delete(DocStoreTransaction transaction, BsonValue key) => _writer.Delete(Required(transaction), key);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.DeleteAsync(TKey, CancellationToken)"/>
    public ValueTask<bool> DeleteAsync(BsonValue key, CancellationToken cancellationToken = default) => _writer.DeleteAsync(key, cancellationToken);

    /// <inheritdoc cref="DocumentCollection{T, TKey}.DeleteAsync(DocStoreTransaction, TKey, CancellationToken)"/>
    public ValueTask<bool> DeleteAsync(DocStoreTransaction transaction, BsonValue key, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken) : ValueTask.FromResult(Delete(transaction, key));
}
