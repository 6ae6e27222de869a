using DocStore.Bson.Model;
using DocStore.Collections;

namespace DocStore;

// The asynchronous twins of the untyped queries. Reads complete synchronously (see DocumentCollection.AsAsync):
// the twins give async callers a uniform API, and the lazy ones a cancellable enumeration.
public sealed partial class BsonCollection
{
    /// <summary>The asynchronous twin of <see cref="FindOne(string, BsonValue?)"/> (completes synchronously).</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value (C# null or <see cref="BsonNull"/> matches a null or missing value).</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public ValueTask<BsonDocument?> FindOneAsync(string index, BsonValue? value, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonDocument?>(cancellationToken) : ValueTask.FromResult(FindOne(index, value));

    /// <summary>The asynchronous twin of <see cref="FindOne(DocStoreTransaction, string, BsonValue?)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value (C# null or <see cref="BsonNull"/> matches a null or missing value).</param>
    /// <param name="cancellationToken">Checked before the operation runs.</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public ValueTask<BsonDocument?> FindOneAsync(DocStoreTransaction transaction, string index, BsonValue? value, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<BsonDocument?>(cancellationToken) : ValueTask.FromResult(FindOne(transaction, index, value));

    /// <summary>The asynchronous twin of <see cref="Find(string, BsonValue?, QueryOptions?)"/>: the same documents in the same order, with the same paging and continuation.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Ordering and paging; null for all matches ascending.</param>
    /// <param name="cancellationToken">Checked before each document is read; cancelling ends the enumeration with <see cref="OperationCanceledException"/>.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold (thrown by the call, not by the enumeration).</exception>
    public IAsyncEnumerable<BsonDocument> FindAsync(string index, BsonValue? value, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Find(index, value, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Find(DocStoreTransaction, string, BsonValue?, QueryOptions?)"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Ordering and paging; null for all matches ascending.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold (thrown by the call, not by the enumeration).</exception>
    public IAsyncEnumerable<BsonDocument> FindAsync(DocStoreTransaction transaction, string index, BsonValue? value, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Find(transaction, index, value, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Find(string, BsonValue?[], QueryOptions?)"/>: leading components of a composite index.</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component (all of them for full equality).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, no values or more than the index has components, or a value of a type keys cannot hold.</exception>
    public IAsyncEnumerable<BsonDocument> FindAsync(string index, BsonValue?[] values, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Find(index, values, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Find(DocStoreTransaction, string, BsonValue?[], QueryOptions?)"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component (all of them for full equality).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, no values or more than the index has components, or a value of a type keys cannot hold.</exception>
    public IAsyncEnumerable<BsonDocument> FindAsync(DocStoreTransaction transaction, string index, BsonValue?[] values, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Find(transaction, index, values, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="FindRange(string, BsonValue?, BsonValue?, QueryOptions?)"/>.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="min">The smallest value returned.</param>
    /// <param name="max">The largest value returned.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public IAsyncEnumerable<BsonDocument> FindRangeAsync(string index, BsonValue? min, BsonValue? max, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(FindRange(index, min, max, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="FindRange(DocStoreTransaction, string, BsonValue?, BsonValue?, QueryOptions?)"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="min">The smallest value returned.</param>
    /// <param name="max">The largest value returned.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public IAsyncEnumerable<BsonDocument> FindRangeAsync(DocStoreTransaction transaction, string index, BsonValue? min, BsonValue? max, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(FindRange(transaction, index, min, max, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="FindPrefix(string, string, QueryOptions?)"/>.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="prefix">The leading characters.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index.</exception>
    public IAsyncEnumerable<BsonDocument> FindPrefixAsync(string index, string prefix, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(FindPrefix(index, prefix, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="FindPrefix(DocStoreTransaction, string, string, QueryOptions?)"/>.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="prefix">The leading characters.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <param name="cancellationToken">Checked before each document is read.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index.</exception>
    public IAsyncEnumerable<BsonDocument> FindPrefixAsync(DocStoreTransaction transaction, string index, string prefix, QueryOptions? options = null, CancellationToken cancellationToken = default) =>
        AsyncSequence.From(FindPrefix(transaction, index, prefix, options), cancellationToken);

    /// <summary>The asynchronous twin of <see cref="CountBy(string, BsonValue?)"/> (completes synchronously; counted from the index alone).</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public ValueTask<long> CountByAsync(string index, BsonValue? value, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(CountBy(index, value));

    /// <summary>The asynchronous twin of <see cref="CountBy(DocStoreTransaction, string, BsonValue?)"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="cancellationToken">Checked before the operation runs.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public ValueTask<long> CountByAsync(DocStoreTransaction transaction, string index, BsonValue? value, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(CountBy(transaction, index, value));

    /// <summary>The asynchronous twin of <see cref="CountBy(string, BsonValue?[])"/> (completes synchronously).</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component.</param>
    /// <param name="cancellationToken">Checked before the operation runs; it completes synchronously, since page reads are synchronous.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, a wrong number of values, or a value of a type keys cannot hold.</exception>
    public ValueTask<long> CountByAsync(string index, BsonValue?[] values, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(CountBy(index, values));

    /// <summary>The asynchronous twin of <see cref="CountBy(DocStoreTransaction, string, BsonValue?[])"/> (completes synchronously).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component.</param>
    /// <param name="cancellationToken">Checked before the operation runs.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, a wrong number of values, or a value of a type keys cannot hold.</exception>
    public ValueTask<long> CountByAsync(DocStoreTransaction transaction, string index, BsonValue?[] values, CancellationToken cancellationToken = default) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<long>(cancellationToken) : ValueTask.FromResult(CountBy(transaction, index, values));
}
