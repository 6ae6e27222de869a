using DocStore.Bson.Model;
using DocStore.Collections;
using DocStore.Collections.Untyped;
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
public sealed partial class BsonCollection
{
    // Composed of the parts a typed collection has (Collections/Core, Reading, Writing), over the untyped model.
    private readonly CollectionCore<BsonDocument, BsonValue> _core;
    private readonly CollectionReader<BsonDocument, BsonValue> _reader;
    private readonly CollectionWriter<BsonDocument, BsonValue> _writer;

    private BsonCollection(CollectionCore<BsonDocument, BsonValue> core)
    {
        _core = core;
        _reader = new CollectionReader<BsonDocument, BsonValue>(core);
        _writer = new CollectionWriter<BsonDocument, BsonValue>(core, new MemberTypeConversion(core.State));
    }

    /// <summary>The collection name.</summary>
    public string Name => _core.Name;

    /// <summary>The context the collection belongs to.</summary>
    public DocStoreContext Context => _core.Context;

    /// <summary>
    /// The collection's committed field names and their ids, read-only: for converting stored bytes to JSON
    /// or BSON. Ids are assigned only by writes, inside their transaction, so
    /// <see cref="Bson.IFieldDictionary.GetOrAdd"/> returns the id of a committed name and throws
    /// <see cref="InvalidOperationException"/> for a name without one.
    /// </summary>
    public Bson.IFieldDictionary Fields => new ReadOnlyFieldDictionary(_core.Fields.Committed);

    /// <summary>The stored name of the key field.</summary>
    public string KeyField => Model.KeyField;

    /// <summary>The collection's indexes (its catalog's, plus those declared when it was opened), as of the last commit: SQL's CREATE INDEX and DROP INDEX change them.</summary>
    public IReadOnlyList<IndexDefinition> Indexes => _core.CurrentIndexes();

    /// <summary>The untyped model of the binding last used.</summary>
    internal ICollectionModel<BsonDocument, BsonValue> Model => _core.Model;

    /// <summary>True once the collection was dropped or renamed: this object is stale.</summary>
    internal bool IsDropped => _core.State.Dropped;

    /// <summary>Opens the collection: as a view of a collection already open in the context, or from the catalog (its indexes and key convention) plus <paramref name="options"/>; inside <paramref name="within"/> when given (it holds the write lock).</summary>
    internal static BsonCollection Open(DocStoreContext context, string name, BsonCollectionOptions options, CollectionState? shared, Transactions.WriteTransaction? within = null) =>
        new(UntypedOpen.Core(context, name, options, shared, within));

    /// <summary>
    /// Gives <paramref name="names"/> field ids in <paramref name="transaction"/> before any document uses them:
    /// a table's declared columns, which SQL must resolve (to NULL) while no row has stored them yet.
    /// </summary>
    internal void DeclareFields(DocStoreTransaction transaction, IEnumerable<string> names)
    {
        transaction.Enlist(_core.Fields);
        foreach (var name in names)
        {
            _core.Fields.Writer.GetOrAdd(name);
        }
    }

    /// <summary>Checks that a repeated open asks for nothing this open collection lacks.</summary>
    internal void EnsureDeclared(BsonCollectionOptions options) => UntypedOpen.EnsureDeclared(_core, options);

    private int Resolve(string index) => UntypedIndexKeys.Resolve(_core, index);

    private byte[] Encode(int index, BsonValue?[] values) => UntypedIndexKeys.Encode(_core, index, values);
}
