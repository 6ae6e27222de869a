using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore;

// The index queries, by index name or path. Each has an overload that takes an explicit transaction first,
// as every other operation does; without one they read the last commit.
public sealed partial class BsonCollection
{
    /// <summary>
    /// The document whose value in <paramref name="index"/> equals <paramref name="value"/>: the one document
    /// of a unique index, the first in index order otherwise; null when none matches.
    /// </summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value (C# null or <see cref="BsonNull"/> matches a null or missing value).</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public BsonDocument? FindOne(string index, BsonValue? value) => FindOneIn(null, index, value);

    /// <summary>Like <see cref="FindOne(string, BsonValue?)"/>, as <paramref name="transaction"/> sees the collection (its changes included).</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value (C# null or <see cref="BsonNull"/> matches a null or missing value).</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public BsonDocument? FindOne(DocStoreTransaction transaction, string index, BsonValue? value) => FindOneIn(Required(transaction), index, value);

    /// <summary>The documents whose value in <paramref name="index"/> equals <paramref name="value"/> (the first component of a composite index), in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Ordering and paging; null for all matches ascending.</param>
    /// <returns>The documents; one matching through several elements of a multikey path appears once.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(string index, BsonValue? value, QueryOptions? options = null) => FindIn(null, index, [value], options);

    /// <summary>Like <see cref="Find(string, BsonValue?, QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Ordering and paging; null for all matches ascending.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(DocStoreTransaction transaction, string index, BsonValue? value, QueryOptions? options = null) => FindIn(Required(transaction), index, [value], options);

    /// <summary>The documents whose leading components in a composite <paramref name="index"/> equal <paramref name="values"/>, in index order; lazy.</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component (all of them for full equality).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, no values or more than the index has components, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(string index, BsonValue?[] values, QueryOptions? options = null) => FindIn(null, index, values, options);

    /// <summary>Like <see cref="Find(string, BsonValue?[], QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component (all of them for full equality).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, no values or more than the index has components, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(DocStoreTransaction transaction, string index, BsonValue?[] values, QueryOptions? options = null) => FindIn(Required(transaction), index, values, options);

    /// <summary>The documents whose value in <paramref name="index"/> (its first component) lies between <paramref name="min"/> and <paramref name="max"/> inclusive, in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="min">The smallest value returned.</param>
    /// <param name="max">The largest value returned.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> FindRange(string index, BsonValue? min, BsonValue? max, QueryOptions? options = null) => FindRangeIn(null, index, min, max, options);

    /// <summary>Like <see cref="FindRange(string, BsonValue?, BsonValue?, QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="min">The smallest value returned.</param>
    /// <param name="max">The largest value returned.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> FindRange(DocStoreTransaction transaction, string index, BsonValue? min, BsonValue? max, QueryOptions? options = null) => FindRangeIn(Required(transaction), index, min, max, options);

    /// <summary>The documents whose string value in <paramref name="index"/> (its first component) starts with <paramref name="prefix"/> (ordinal), in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="prefix">The leading characters.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index.</exception>
    public DocumentQuery<BsonDocument> FindPrefix(string index, string prefix, QueryOptions? options = null) => FindPrefixIn(null, index, prefix, options);

    /// <summary>Like <see cref="FindPrefix(string, string, QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="prefix">The leading characters.</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index.</exception>
    public DocumentQuery<BsonDocument> FindPrefix(DocStoreTransaction transaction, string index, string prefix, QueryOptions? options = null) => FindPrefixIn(Required(transaction), index, prefix, options);

    /// <summary>How many documents have <paramref name="value"/> in <paramref name="index"/>, counted from the index alone.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public long CountBy(string index, BsonValue? value) => CountByIn(null, index, [value]);

    /// <summary>Like <see cref="CountBy(string, BsonValue?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public long CountBy(DocStoreTransaction transaction, string index, BsonValue? value) => CountByIn(Required(transaction), index, [value]);

    /// <summary>How many documents have the leading components <paramref name="values"/> in a composite <paramref name="index"/>.</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, a wrong number of values, or a value of a type keys cannot hold.</exception>
    public long CountBy(string index, BsonValue?[] values) => CountByIn(null, index, values);

    /// <summary>Like <see cref="CountBy(string, BsonValue?[])"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, a wrong number of values, or a value of a type keys cannot hold.</exception>
    public long CountBy(DocStoreTransaction transaction, string index, BsonValue?[] values) => CountByIn(Required(transaction), index, values);

    private static DocStoreTransaction Required(DocStoreTransaction transaction) => Collections.CollectionWriter<BsonDocument, BsonValue>.Required(transaction);

    private BsonDocument? FindOneIn(DocStoreTransaction? transaction, string index, BsonValue? value)
    {
        var position = Resolve(index);
        var key = Encode(position, [value]);
        if (Model.Indexes[position].Unique && Model.Indexes[position].Paths.Count == 1)
        {
            return _reader.FindUnique(transaction, position, key);
        }

        foreach (var document in Query(transaction, position, key, key, new QueryOptions { Take = 1 }))
        {
            return document;
        }

        return null;
    }

    private DocumentQuery<BsonDocument> FindIn(DocStoreTransaction? transaction, string index, BsonValue?[] values, QueryOptions? options)
    {
        var position = Resolve(index);
        var key = Encode(position, values);
        return Query(transaction, position, key, key, options);
    }

    private DocumentQuery<BsonDocument> FindRangeIn(DocStoreTransaction? transaction, string index, BsonValue? min, BsonValue? max, QueryOptions? options)
    {
        var position = Resolve(index);
        return Query(transaction, position, Encode(position, [min]), Encode(position, [max]), options);
    }

    private DocumentQuery<BsonDocument> FindPrefixIn(DocStoreTransaction? transaction, string index, string prefix, QueryOptions? options)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        var position = Resolve(index);
        var key = new IndexKeyBuilder();
        key.AppendStringPrefix(prefix);
        var encoded = key.ToArray();
        return Query(transaction, position, encoded, encoded, options);
    }

    private long CountByIn(DocStoreTransaction? transaction, string index, BsonValue?[] values)
    {
        var position = Resolve(index);
        return _reader.CountEqual(transaction, position, Encode(position, values));
    }

    private DocumentQuery<BsonDocument> Query(DocStoreTransaction? transaction, int position, byte[] low, byte[] high, QueryOptions? options) =>
        _reader.Query(transaction, _reader.CheckIndex(position), low, high, options);
}
