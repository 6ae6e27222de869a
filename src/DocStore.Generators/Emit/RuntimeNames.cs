namespace DocStore.Generators.Emit;

/// <summary>Fully qualified names of the runtime types generated code calls.</summary>
internal static class RuntimeNames
{
    public const string Writer = "global::DocStore.Bson.CBsonWriter";
    public const string Reader = "global::DocStore.Bson.CBsonReader";
    public const string BsonType = "global::DocStore.Bson.BsonType";
    public const string Resolver = "global::DocStore.Bson.IFieldDictionary";
    public const string FieldIdMap = "global::DocStore.Metadata.FieldIdMap";
    public const string FieldIds = "global::DocStore.Metadata.FieldIds";
    public const string StoredValue = "global::DocStore.Metadata.StoredValue";
    public const string JsonStoredValue = "global::DocStore.Metadata.JsonStoredValue";
    public const string JsonArrayBuilder = "global::DocStore.Metadata.JsonArrayBuilder";
    public const string JsonSerializer = "global::DocStore.Metadata.IJsonDocumentSerializer";
    public const string JsonWriter = "global::System.Text.Json.Utf8JsonWriter";
    public const string JsonReader = "global::System.Text.Json.Utf8JsonReader";
    public const string SchemaException = "global::DocStore.DocumentSchemaException";
    public const string KeyBuilder = "global::DocStore.Metadata.IndexKeyBuilder";
    public const string KeySink = "global::DocStore.Metadata.IndexKeySink";
    public const string IndexDefinition = "global::DocStore.IndexDefinition";
    public const string KeyGeneration = "global::DocStore.KeyGeneration";
    public const string CollectionModel = "global::DocStore.Metadata.ICollectionModel";
    public const string DocumentCollection = "global::DocStore.DocumentCollection";
    public const string Context = "global::DocStore.DocStoreContext";
    public const string UnsafeAccessor = "global::System.Runtime.CompilerServices.UnsafeAccessor";
    public const string UnsafeAccessorKind = "global::System.Runtime.CompilerServices.UnsafeAccessorKind";
    public const string List = "global::System.Collections.Generic.List";
    public const string Query = "global::DocStore.DocumentQuery";
    public const string AsyncEnumerable = "global::System.Collections.Generic.IAsyncEnumerable";
    public const string CancellationToken = "global::System.Threading.CancellationToken";
    public const string Transaction = "global::DocStore.DocStoreTransaction";
    public const string StoredFieldType = "global::DocStore.Metadata.StoredFieldType";
    public const string ReadOnlyList = "global::System.Collections.Generic.IReadOnlyList";
}
