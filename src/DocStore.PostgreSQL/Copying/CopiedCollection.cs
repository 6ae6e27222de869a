using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Catalog;
using DocStore.Metadata;

namespace DocStore.PostgreSQL.Copying;

/// <summary>
/// A collection as <c>docstore copy</c> moves it, without a typed model: its name, key field and generation, the
/// key's declared type (the catalog's <c>int32</c>, <c>string</c>, ...; null when not recorded), its indexes and
/// the member types a typed model recorded (null when none did), which give the typed columns.
/// </summary>
internal sealed record CopiedCollection(string Name, string KeyField, KeyGeneration KeyGeneration, string? KeyType, IReadOnlyList<IndexDefinition> Indexes, IReadOnlyList<StoredFieldType>? FieldTypes = null)
{
    /// <summary>The collection an embedded database records (its typed model's key type, when one recorded member types).</summary>
    public static CopiedCollection Of(BsonCollection collection)
    {
        ArgumentNullException.ThrowIfNull(collection);

        // From the catalog record itself: a read-only open does not load the member types into the collection.
        using var read = collection.Context.Engine.BeginRead();
        var record = CollectionCatalog.FindCollection(read, collection.Name);
        return new CopiedCollection(collection.Name, collection.KeyField, collection.Model.KeyGeneration, record?.KeyType?.TrimEnd('?'), collection.Indexes, record?.Types);
    }

    /// <summary>The options that create the collection in an embedded database with this key and these indexes.</summary>
    public BsonCollectionOptions Options => new() { KeyField = KeyField, KeyGeneration = KeyGeneration, Indexes = Indexes };

    /// <summary>The declared key type's text for a key value, when a copy must infer it (PostgreSQL records none).</summary>
    public static string? KeyTypeOf(BsonValue key) => key switch
    {
        BsonInt32 => "int32",
        BsonInt64 => "int64",
        BsonString => "string",
        BsonObjectId => "objectid",
        BsonBinaryData { Subtype: BsonBinarySubtype.Uuid } => "guid",
        _ => null,
    };
}
