using DocStore.Bson.Model;
using DocStore.Catalog;
using DocStore.Collections;
using DocStore.Collections.Untyped;
using DocStore.Indexing;
using DocStore.Metadata;

namespace DocStore;

/// <summary>
/// An untyped collection over the document model (<see cref="BsonDocument"/>), for tools, SQL, import and
/// export: the same trees, catalog, field dictionary, transactions, checks and exceptions as a typed
/// collection, so either can open what the other wrote. Get one with
/// <see cref="DocStoreContext.GetCollection(string, IndexDefinition[])"/>. Indexes are addressed by name
/// (<c>AddressCity</c>) or, for a single-path index, by path (<c>Address.City</c>).
/// </summary>
/// <remarks>
/// The key is the field named by <see cref="KeyField"/> (<c>_id</c> for a collection created untyped; the
/// key member's stored name for one created by a typed model). An insert without it (or with it null, or
/// with the generated type's default) gets a generated key, which is stored into the document. Index and
/// key values are compared by type as docs/catalog.md describes: an int32 and an int64 match, a double
/// never matches an integer.
/// <para>
/// When a typed model has recorded member types for the collection (<see cref="MemberTypes"/>), every
/// insert, update and upsert converts the declared fields to them, as SQL writes do (docs/catalog.md,
/// "Member types"), or throws <see cref="DocumentSchemaException"/> naming the collection, key, field,
/// declared type and value, having written nothing. The conversion works on a copy: the document passed in
/// keeps its values and receives only a generated key.
/// </para>
/// </remarks>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "A collection of documents in the database sense; it is deliberately not an IEnumerable (use FindAll).")]
public sealed partial class BsonCollection : DocumentCollection<BsonDocument, BsonValue>
{
    private BsonCollection(DocStoreContext context, BsonDocumentModel model, Transactions.WriteTransaction? within)
        : base(context, model, within)
    {
    }

    private BsonCollection(DocStoreContext context, BsonDocumentModel model, CollectionState shared)
        : base(context, model, shared)
    {
    }

    /// <summary>The stored name of the key field.</summary>
    public string KeyField => Model.KeyField;

    /// <summary>The collection's indexes (its catalog's, plus those declared when it was opened), as of the last commit: SQL's CREATE INDEX and DROP INDEX change them.</summary>
    public IReadOnlyList<IndexDefinition> Indexes => CurrentIndexes();

    /// <summary>
    /// The document whose value in <paramref name="index"/> equals <paramref name="value"/>: the one document
    /// of a unique index, the first in index order otherwise; null when none matches.
    /// </summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value (C# null or <see cref="BsonNull"/> matches a null or missing value).</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies.</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public BsonDocument? FindOne(string index, BsonValue? value, QueryOptions? options = null)
    {
        var position = Resolve(index);
        var key = Encode(position, [value]);
        if (Model.Indexes[position].Unique && Model.Indexes[position].Paths.Count == 1)
        {
            return FindUnique(position, key, options);
        }

        foreach (var document in FindEqual(position, key, new QueryOptions { Take = 1, Transaction = options?.Transaction }))
        {
            return document;
        }

        return null;
    }

    /// <summary>The documents whose value in <paramref name="index"/> equals <paramref name="value"/> (the first component of a composite index), in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Ordering, paging and transaction; null for all matches ascending.</param>
    /// <returns>The documents; one matching through several elements of a multikey path appears once.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(string index, BsonValue? value, QueryOptions? options = null) => Find(index, [value], options);

    /// <summary>The documents whose leading components in a composite <paramref name="index"/> equal <paramref name="values"/>, in index order; lazy.</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component (all of them for full equality).</param>
    /// <param name="options">Ordering, paging and transaction.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, no values or more than the index has components, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> Find(string index, BsonValue?[] values, QueryOptions? options = null)
    {
        var position = Resolve(index);
        return FindEqual(position, Encode(position, values), options);
    }

    /// <summary>The documents whose value in <paramref name="index"/> (its first component) lies between <paramref name="min"/> and <paramref name="max"/> inclusive, in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="min">The smallest value returned.</param>
    /// <param name="max">The largest value returned.</param>
    /// <param name="options">Ordering, paging and transaction.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public DocumentQuery<BsonDocument> FindRange(string index, BsonValue? min, BsonValue? max, QueryOptions? options = null)
    {
        var position = Resolve(index);
        return FindRange(position, Encode(position, [min]), Encode(position, [max]), options);
    }

    /// <summary>The documents whose string value in <paramref name="index"/> (its first component) starts with <paramref name="prefix"/> (ordinal), in index order; lazy.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="prefix">The leading characters.</param>
    /// <param name="options">Ordering, paging and transaction.</param>
    /// <returns>The documents.</returns>
    /// <exception cref="ArgumentException">No such index.</exception>
    public DocumentQuery<BsonDocument> FindPrefix(string index, string prefix, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        var position = Resolve(index);
        var key = new IndexKeyBuilder();
        key.AppendStringPrefix(prefix);
        return FindPrefix(position, key.ToArray(), options);
    }

    /// <summary>How many documents have <paramref name="value"/> in <paramref name="index"/>, counted from the index alone.</summary>
    /// <param name="index">The index name, or the path of a single-path index.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, or a value of a type keys cannot hold.</exception>
    public long CountBy(string index, BsonValue? value, QueryOptions? options = null) => CountBy(index, [value], options);

    /// <summary>How many documents have the leading components <paramref name="values"/> in a composite <paramref name="index"/>.</summary>
    /// <param name="index">The index name.</param>
    /// <param name="values">One value per leading component.</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies.</param>
    /// <returns>The number of documents.</returns>
    /// <exception cref="ArgumentException">No such index, a wrong number of values, or a value of a type keys cannot hold.</exception>
    public long CountBy(string index, BsonValue?[] values, QueryOptions? options = null)
    {
        var position = Resolve(index);
        return CountEqual(position, Encode(position, values), options);
    }

    /// <summary>Opens the collection: as a view of a collection already open in the context, or from the catalog (its indexes and key convention) plus <paramref name="options"/>; inside <paramref name="within"/> when given (it holds the write lock).</summary>
    internal static BsonCollection Open(DocStoreContext context, string name, BsonCollectionOptions options, CollectionState? shared, Transactions.WriteTransaction? within = null)
    {
        var requested = options.Indexes.Select(d => new BsonIndex(d).Definition).ToList();
        if (shared is not null)
        {
            var view = new BsonCollection(context, new BsonDocumentModel(name, shared.Indexes, shared.KeyField, shared.KeyGeneration), shared);
            view.EnsureDeclared(options);
            return view;
        }

        CollectionRecord? record;
        IReadOnlyList<IndexRecord> stored;
        using (var own = within is null ? context.Engine.BeginRead() : null)
        {
            Transactions.Transaction tx = own ?? (Transactions.Transaction)within!;
            record = CollectionCatalog.FindCollection(tx, name);
            stored = record is null ? [] : CollectionCatalog.LoadIndexes(tx, name);
        }

        string keyField;
        KeyGeneration generation;
        if (record?.KeyField is { } recorded)
        {
            CheckKeyField(name, recorded, options);
            (keyField, generation) = (recorded, record.KeyGeneration);
        }
        else
        {
            (keyField, generation) = (options.KeyField ?? "_id", options.KeyGeneration ?? KeyGeneration.ObjectId);
        }

        var definitions = stored.Select(r => r.Definition).ToList();
        foreach (var definition in requested)
        {
            // A requested index replaces a recorded one of the same name (and is rebuilt when they differ).
            definitions.RemoveAll(d => d.Name == definition.Name);
            definitions.Add(definition);
        }

        return new BsonCollection(context, new BsonDocumentModel(name, definitions, keyField, generation), within);
    }

    /// <summary>Checks that a repeated open asks for nothing this open collection lacks.</summary>
    internal void EnsureDeclared(BsonCollectionOptions options)
    {
        CheckKeyField(Name, KeyField, options);
        foreach (var definition in options.Indexes)
        {
            if (!Model.Indexes.Any(d => d.SameAs(definition)))
            {
                throw new InvalidOperationException($"Collection '{Name}' is already open in this context without index '{definition.Name}' ({string.Join(", ", definition.Paths)}); declare indexes on the first GetCollection, or in the typed model that opened it.");
            }
        }
    }

    private static void CheckKeyField(string name, string keyField, BsonCollectionOptions options)
    {
        if (options.KeyField is { } wanted && wanted != keyField)
        {
            throw new ArgumentException($"Collection '{name}' keys its documents by the field '{keyField}', not '{wanted}'.", nameof(options));
        }
    }

    private int Resolve(string index)
    {
        ArgumentNullException.ThrowIfNull(index);
        var indexes = CurrentIndexes();
        for (var i = 0; i < indexes.Count; i++)
        {
            if (indexes[i].Name == index)
            {
                return i;
            }
        }

        for (var i = 0; i < indexes.Count; i++)
        {
            if (indexes[i].Paths.Count == 1 && indexes[i].Paths[0] == index)
            {
                return i;
            }
        }

        var known = indexes.Count == 0 ? "none" : string.Join(", ", indexes.Select(d => $"{d.Name} ({string.Join(", ", d.Paths)})"));
        throw new ArgumentException($"Collection '{Name}' has no index named '{index}' or over the path '{index}'; its indexes: {known}.", nameof(index));
    }

    private byte[] Encode(int index, BsonValue?[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        var definition = Model.Indexes[index];
        if (values.Length == 0 || values.Length > definition.Paths.Count)
        {
            throw new ArgumentException($"Index '{definition.Name}' of collection '{Name}' has {definition.Paths.Count} component(s); {values.Length} value(s) were given.", nameof(values));
        }

        var key = new IndexKeyBuilder();
        foreach (var value in values)
        {
            if (value is BsonDocument or BsonArray || !BsonKeyValues.TryAppend(key, value))
            {
                throw new ArgumentException($"Index '{definition.Name}' of collection '{Name}' cannot hold a value of type {BsonKeyValues.Describe(value)}.", nameof(values));
            }
        }

        return key.ToArray();
    }
}
