using DocStore.Sql.Binding;

namespace DocStore.Sql.Execution;

/// <summary>
/// <c>_id</c> in a collection keyed by another field (a typed model's key member, such as <c>Id</c>): it is not
/// the key there, so a write that sets it is refused instead of storing a field that the model never reads
/// and that an export shows beside the real key (docs/sql.md, "Writing").
/// </summary>
internal static class StrayIdField
{
    private const string Name = "_id";

    /// <summary>Whether <paramref name="path"/> (stored names) sets <c>_id</c> in <paramref name="collection"/> without it being its key or a member its model declares.</summary>
    public static bool Refuses(SqlCollection collection, string[] path) => path.Length > 0 && path[0] == Name && Refuses(collection);

    /// <summary>Whether <paramref name="document"/> carries a top-level <c>_id</c> that <paramref name="collection"/> refuses.</summary>
    public static bool Refuses(SqlCollection collection, Bson.Model.BsonDocument document) => document.Contains(Name) && Refuses(collection);

    /// <summary>The refusal's text: names the collection and its key field.</summary>
    public static string Message(SqlCollection collection) =>
        $"'{Name}' is not the key of '{collection.Name}': its key field is '{collection.KeyField}'. Set '{collection.KeyField}' to choose a document's key (on INSERT; UPDATE cannot change it, DELETE the document and INSERT it with the new key)";

    private static bool Refuses(SqlCollection collection) =>
        collection.KeyField != Name && collection.Types?.Any(t => t.Path == Name) != true;
}
