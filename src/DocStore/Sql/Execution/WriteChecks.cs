using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Collections.Untyped;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Checks a write statement's documents before the first change, in the order they will be applied,
/// against the collection as the earlier ones leave it: a missing key that cannot be generated, a taken
/// key, a taken unique index value (from the stored documents or from an earlier row), and, when a typed
/// model owning the collection is open, a document that model could not read back. The collection
/// checks the same things again while applying; passing here means it will not fail on them halfway.
/// </summary>
internal sealed partial class WriteChecks
{
    private readonly BsonCollection _collection;
    private readonly ExecState _state;
    private readonly Tree? _primary;
    private readonly (BsonIndex Index, Tree? Tree)[] _unique;
    private readonly Collections.IModelOwner? _typed;

    // Primary and unique index keys the statement's earlier rows took (holder) or freed (null), by tree.
    private readonly Dictionary<(int Tree, string Key), byte[]?> _overlay = [];

    public WriteChecks(WritePlan plan, ExecState state, BsonCollection collection)
    {
        _collection = collection;
        _state = state;
        _primary = state.Tree(plan.Collection.PrimaryTree);
        _unique = [.. collection.Indexes.Where(d => d.Unique || d.UniqueNonNull).Select(d => (new BsonIndex(d), plan.Collection.Indexes.FirstOrDefault(i => i.Name == d.Name) is { } stored ? state.Tree(stored.Tree) : null))];
        _typed = state.Context.ModelOwners().FirstOrDefault(o => o.CollectionName == collection.Name && o.Model is not BsonDocumentModel);
    }

    public void Insert(BsonDocument document)
    {
        var key = _collection.Model.GetKey(document);
        byte[] primaryKey;
        if (_collection.Model.IsDefaultKey(key))
        {
            if (_collection.Model.KeyGeneration == KeyGeneration.None)
            {
                throw SqlErrors.Type($"The document has no key: collection '{_collection.Name}' does not generate keys, so set its key field '{_collection.KeyField}'.");
            }

            // A generated key is new: it can only meet index values, never a key. A marker stands for it.
            primaryKey = Guid.NewGuid().ToByteArray();
        }
        else
        {
            primaryKey = EncodeKey(key);
            if (Holder(-1, primaryKey, _primary) is not null)
            {
                throw new DuplicateKeyException(_collection.Name, null, KeyText.Describe(primaryKey));
            }
        }

        CheckReadable(document, key);
        Take(document, primaryKey, key, []);

        // Taken only once every check passed, so a row left out (INSERT OR IGNORE) holds nothing.
        if (!_collection.Model.IsDefaultKey(key))
        {
            _overlay[(-1, Convert.ToHexString(primaryKey))] = primaryKey;
        }
    }

    public void Update(BsonDocument old, BsonDocument changed)
    {
        var key = _collection.Model.GetKey(changed);
        CheckReadable(changed, key);
        Take(changed, EncodeKey(key), key, old);
    }

    /// <summary>The values <paramref name="document"/> holds in the collection's unique indexes, each as its index's number and key.</summary>
    public IEnumerable<(int Index, string Key)> UniqueValues(BsonDocument document)
    {
        for (var i = 0; i < _unique.Length; i++)
        {
            foreach (var key in Keys(_unique[i].Index, document))
            {
                yield return (i, OverlayKey(key));
            }
        }
    }

    /// <summary>Frees the unique values <paramref name="old"/> held and takes those of <paramref name="document"/>, refusing one another document holds.</summary>
    private void Take(BsonDocument document, byte[] primaryKey, BsonValue key, BsonDocument old)
    {
        var taking = new List<(int Tree, byte[] Key)>();
        for (var i = 0; i < _unique.Length; i++)
        {
            var (index, tree) = _unique[i];
            foreach (var freed in Keys(index, old))
            {
                _overlay[(i, OverlayKey(freed))] = null;
            }

            foreach (var taken in Keys(index, document))
            {
                var nonNull = index.Definition.UniqueNonNull;
                if (nonNull && NonNullUniqueness.HasNull(taken, index.Definition.Paths.Count))
                {
                    continue;
                }

                if (Holder(i, taken, tree, nonNull ? primaryKey : null, primaryKey) is { } holder && !holder.AsSpan().SequenceEqual(primaryKey))
                {
                    throw new DuplicateKeyException(_collection.Name, index.Definition.Name, KeyText.Describe(taken), key.ToString());
                }

                taking.Add((i, taken));
            }
        }

        foreach (var (tree, taken) in taking)
        {
            _overlay[(tree, OverlayKey(taken))] = primaryKey;
        }
    }

    /// <summary>
    /// The document holding <paramref name="key"/>; <paramref name="nonNullOf"/> is the writing document's key when the
    /// tree is a table's non-unique layout (see <see cref="NonNullUniqueness"/>), <paramref name="writer"/> the one a
    /// holder of a key with a temporal component must differ from (several may hold such a value in older files).
    /// </summary>
    private byte[]? Holder(int tree, byte[] key, Tree? stored, byte[]? nonNullOf = null, byte[]? writer = null)
    {
        if (_overlay.TryGetValue((tree, tree < 0 ? Convert.ToHexString(key) : OverlayKey(key)), out var holder))
        {
            return holder;
        }

        if (tree >= 0 && InstantUniqueness.Applies(key))
        {
            // The same instant at another offset (or ticks of another kind) is the same value.
            var components = nonNullOf is null ? 0 : _unique[tree].Index.Definition.Paths.Count;
            return stored is null ? null : InstantUniqueness.OtherHolder(stored, key, components, nonNullOf ?? writer ?? []);
        }

        if (nonNullOf is not null)
        {
            return stored is null ? null : NonNullUniqueness.OtherHolder(stored, key, _unique[tree].Index.Definition.Paths.Count, nonNullOf);
        }

        if (stored is null || !stored.TryGet(key, out var value))
        {
            return null;
        }

        // The primary tree maps a key to its document; a unique index maps a value to its document's key.
        return tree < 0 ? key : value.ToArray();
    }

    /// <summary>How the overlay knows a unique value: its key, with every offset and kind masked when it has a temporal component (equal values, see <see cref="InstantUniqueness"/>).</summary>
    private static string OverlayKey(byte[] indexKey) =>
        Convert.ToHexString(InstantUniqueness.Applies(indexKey) ? Query.InstantTies.Masked(indexKey) : indexKey);

    private static IReadOnlyList<byte[]> Keys(BsonIndex index, BsonDocument document)
    {
        if (document.Count == 0)
        {
            return [];
        }

        var sink = new IndexKeySink();
        index.AppendKeys(document, sink);
        return [.. sink.Keys];
    }

    private byte[] EncodeKey(BsonValue key)
    {
        var builder = new IndexKeyBuilder();
        try
        {
            _collection.Model.AppendKey(builder, key);
        }
        catch (ArgumentException e)
        {
            throw SqlErrors.Type($"Key field '{_collection.KeyField}' of collection '{_collection.Name}': {e.Message}");
        }

        return builder.ToArray();
    }

    /// <summary>Writes the document as the collection would and reads it with the typed model that owns the collection, so SQL never stores what typed code cannot read.</summary>
    private void CheckReadable(BsonDocument document, BsonValue key)
    {
        if (_typed is null)
        {
            return;
        }

        // A scratch copy of the names: a check must not add names to the collection's dictionary.
        var fields = new FieldDictionary(_state.Fields(_state.Catalog.Find(_collection.Name, true, _ => { })!));
        var buffer = new ArrayBufferWriter<byte>(256);
        var writer = new CBsonWriter(buffer);
        _collection.Model.Write(ref writer, document, fields);
        try
        {
            _typed.CheckReadable(buffer.WrittenSpan, fields);
        }
        catch (DocumentSchemaException e)
        {
            throw SqlErrors.Type($"Collection '{_collection.Name}' belongs to a typed model that could not read the written document (key {key}): field '{e.FieldPath}': {e.Problem}. Write a value of the member's type.");
        }
    }
}
