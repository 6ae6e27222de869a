using DocStore.Bson.Model;
using DocStore.Catalog;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections.Untyped;

/// <summary>
/// How an untyped collection opens: as a view of the state already open in the context, or from the
/// catalog's indexes and key convention plus the options (docs/catalog.md, "Untyped collections").
/// </summary>
internal static class UntypedOpen
{
    /// <summary>Opens the collection: as a view of a collection already open in the context, or from the catalog (its indexes and key convention) plus <paramref name="options"/>; inside <paramref name="within"/> when given (it holds the write lock).</summary>
    public static CollectionCore<BsonDocument, BsonValue> Core(DocStoreContext context, string name, BsonCollectionOptions options, CollectionState? shared, WriteTransaction? within)
    {
        var requested = options.Indexes.Select(d => new BsonIndex(d).Definition).ToList();
        if (shared is not null)
        {
            var view = CollectionCore<BsonDocument, BsonValue>.Over(context, new BsonDocumentModel(name, shared.Indexes, shared.KeyField, shared.KeyGeneration), shared);
            EnsureDeclared(view, options);
            return view;
        }

        CollectionRecord? record;
        IReadOnlyList<IndexRecord> stored;
        using (var own = within is null ? context.Engine.BeginRead() : null)
        {
            Transaction tx = own ?? (Transaction)within!;
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

        return CollectionCore<BsonDocument, BsonValue>.Open(context, new BsonDocumentModel(name, definitions, keyField, generation), within);
    }

    /// <summary>Checks that a repeated open asks for nothing this open collection lacks.</summary>
    public static void EnsureDeclared(CollectionCore<BsonDocument, BsonValue> core, BsonCollectionOptions options)
    {
        CheckKeyField(core.Name, core.Model.KeyField, options);
        foreach (var definition in options.Indexes)
        {
            if (!core.Model.Indexes.Any(d => d.SameAs(definition)))
            {
                throw new InvalidOperationException($"Collection '{core.Name}' is already open in this context without index '{definition.Name}' ({string.Join(", ", definition.Paths)}); declare indexes on the first GetCollection, or in the typed model that opened it.");
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
}
