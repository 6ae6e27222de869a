namespace DocStore.Generators.Parsing;

/// <summary>Metadata names of the attributes and types the parser recognizes.</summary>
internal static class KnownNames
{
    public const string CollectionAttribute = "DocStore.CollectionAttribute";
    public const string KeyAttribute = "DocStore.KeyAttribute";
    public const string IndexAttribute = "DocStore.IndexAttribute";
    public const string IgnoreAttribute = "DocStore.IgnoreAttribute";
    public const string FieldAttribute = "DocStore.FieldAttribute";
    public const string DocStoreContext = "DocStore.DocStoreContext";
    public const string ContextCollectionsAttribute = "DocStore.ContextCollectionsAttribute";
    public const string ObjectId = "DocStore.ObjectId";
}
