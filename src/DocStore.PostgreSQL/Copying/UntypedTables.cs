using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Collections.Untyped;
using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Copying;

/// <summary>
/// The layout of a collection copied without its typed model: the untyped model over the document model, with
/// the key column the typed model's key type gets (<c>integer</c> for an <c>int</c> key, and so on), so a typed
/// context opens the copy as its own.
/// </summary>
internal static class UntypedTables
{
    public static CollectionTable<BsonDocument, BsonValue> Of(CopiedCollection collection)
    {
        ArgumentNullException.ThrowIfNull(collection);
        var model = new BsonDocumentModel(collection.Name, collection.Indexes, collection.KeyField, collection.KeyGeneration);
        return new CollectionTable<BsonDocument, BsonValue>(model, KeyColumnOf(collection.Name, collection.KeyType), collection.FieldTypes);
    }

    // The SQL type, cast and array come from the typed key column of the declared type; only the value's conversion is here.
    private static KeyColumn<BsonValue> KeyColumnOf(string collection, string? keyType) => keyType switch
    {
        "int32" => Like(KeyColumn<int>.Create(), (k, _) => k switch
        {
            BsonInt32 i => i.Value,
            BsonInt64 l when l.Value is >= int.MinValue and <= int.MaxValue => (int)l.Value,
            _ => throw Mismatch(collection, keyType, k),
        }),
        "int64" => Like(KeyColumn<long>.Create(), (k, _) => k switch
        {
            BsonInt32 i => (long)i.Value,
            BsonInt64 l => l.Value,
            _ => throw Mismatch(collection, keyType, k),
        }),
        "guid" => Like(KeyColumn<Guid>.Create(), (k, _) => k is BsonBinaryData { Subtype: BsonBinarySubtype.Uuid } g ? g.ToGuid() : throw Mismatch(collection, keyType, k)),
        "string" => Like(KeyColumn<string>.Create(), (k, _) => k is BsonString s ? s.Value : throw Mismatch(collection, keyType, k)),
        "objectid" => Like(KeyColumn<ObjectId>.Create(), (k, _) => k is BsonObjectId o ? o.Value.ToString() : throw Mismatch(collection, keyType, k)),
        _ => Like(KeyColumn<byte[]>.Create(), static (_, encoded) => encoded),
    };

    private static KeyColumn<BsonValue> Like<TTyped>(KeyColumn<TTyped> typed, Func<BsonValue, byte[], object> value)
        where TTyped : notnull => new(typed.SqlType, typed.CastType, value, typed.Array);

    private static ArgumentException Mismatch(string collection, string keyType, BsonValue key) =>
        new($"Collection '{collection}' declares its key {keyType}, but document {key} has a key of another type; it cannot go into the {keyType} key column.", nameof(key));
}
