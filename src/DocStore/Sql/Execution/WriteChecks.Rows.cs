using DocStore.Bson.Model;
using DocStore.Indexing;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// The checks as <see cref="InsertResolution"/> uses them, one row at a time: who holds a row's value of
/// one constraint (the primary key, <c>-1</c>, or a unique index), freeing a deleted row's values, taking a
/// new row's. Constraints are numbered as <see cref="UniqueIndexCount"/> counts the unique indexes.
/// </summary>
internal sealed partial class WriteChecks
{
    /// <summary>How many unique indexes the collection has; constraint <c>i</c> is the i-th, <c>-1</c> the primary key.</summary>
    public int UniqueIndexCount => _unique.Length;

    /// <summary>The constraint number of the unique index named <paramref name="name"/>, or null.</summary>
    public int? IndexNumber(string name) => Array.FindIndex(_unique, u => u.Index.Definition.Name == name) is var i and >= 0 ? i : null;

    /// <summary>The primary key the checks know <paramref name="document"/> by: its encoded key, or a fresh marker when the key will be generated.</summary>
    public byte[] PrimaryKeyOf(BsonDocument document)
    {
        var key = _collection.Model.GetKey(document);
        if (!_collection.Model.IsDefaultKey(key))
        {
            return EncodeKey(key);
        }

        if (_collection.Model.KeyGeneration == KeyGeneration.None)
        {
            throw SqlErrors.Type($"The document has no key: collection '{_collection.Name}' does not generate keys, so set its key field '{_collection.KeyField}'.");
        }

        return Guid.NewGuid().ToByteArray();
    }

    /// <summary>
    /// The primary key of the document that holds the value of <paramref name="constraint"/> that the new
    /// <paramref name="document"/> would take, or null. A holder with the new row's own key is another row
    /// (stored, or an earlier row of the statement), so it counts.
    /// </summary>
    public byte[]? HolderOf(int constraint, BsonDocument document, byte[] primaryKey)
    {
        if (constraint < 0)
        {
            return _collection.Model.IsDefaultKey(_collection.Model.GetKey(document)) ? null : Holder(-1, primaryKey, _primary);
        }

        var (index, tree) = _unique[constraint];
        foreach (var taken in Keys(index, document))
        {
            var nonNull = index.Definition.UniqueNonNull;
            if (nonNull && NonNullUniqueness.HasNull(taken, index.Definition.Paths.Count))
            {
                continue;
            }

            if (Holder(constraint, taken, tree, nonNull ? [] : null) is { } holder)
            {
                return holder;
            }
        }

        return null;
    }

    /// <summary>The conflict <paramref name="document"/> has on <paramref name="constraint"/>, as the collection would report it.</summary>
    public DuplicateKeyException Conflict(int constraint, BsonDocument document)
    {
        var key = _collection.Model.GetKey(document);
        if (constraint < 0)
        {
            return new DuplicateKeyException(_collection.Name, null, KeyText.Describe(EncodeKey(key)));
        }

        var (index, _) = _unique[constraint];
        var keys = Keys(index, document);
        var value = keys.Count > 0 ? keys[0] : [];
        return _collection.Model.IsDefaultKey(key)
            ? new DuplicateKeyException(_collection.Name, index.Definition.Name, KeyText.Describe(value))
            : new DuplicateKeyException(_collection.Name, index.Definition.Name, KeyText.Describe(value), key.ToString());
    }

    /// <summary>Frees every value <paramref name="document"/>, held under <paramref name="primaryKey"/>, took: the statement deletes it.</summary>
    public void Free(BsonDocument document, byte[] primaryKey)
    {
        for (var i = 0; i < _unique.Length; i++)
        {
            foreach (var freed in Keys(_unique[i].Index, document))
            {
                _overlay[(i, OverlayKey(freed))] = null;
            }
        }

        _overlay[(-1, Convert.ToHexString(primaryKey))] = null;
    }

    /// <summary>Takes the values of a new <paramref name="document"/> under <paramref name="primaryKey"/>, checking them (and that a typed model can read it).</summary>
    public void Add(BsonDocument document, byte[] primaryKey)
    {
        var key = _collection.Model.GetKey(document);
        CheckReadable(document, key);
        Take(document, primaryKey, key, []);
        _overlay[(-1, Convert.ToHexString(primaryKey))] = primaryKey;
    }

    /// <summary>The stored document whose primary key is <paramref name="primaryKey"/>, decoded; null when none is stored.</summary>
    public BsonDocument? Stored(byte[] primaryKey, ExecState state, Binding.SqlCollection collection)
    {
        if (_primary is null || !_primary.TryGet(primaryKey, out var bytes))
        {
            return null;
        }

        return (BsonDocument)BsonValues.ToBson(SqlValue.FromDocument(bytes.ToArray(), state.Fields(collection)));
    }
}
