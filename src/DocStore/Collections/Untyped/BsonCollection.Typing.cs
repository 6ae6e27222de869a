using DocStore.Bson.Model;

namespace DocStore;

// Untyped writes convert to the member types the catalog records (docs/catalog.md, "Member types"), by the
// rules SQL uses, so a typed reader can read whatever an untyped write stored.
public sealed partial class BsonCollection
{
    /// <summary>
    /// The member types the catalog records for the collection (written when a typed model opens it), by
    /// stored path (<c>Address.City</c>, <c>Lines[].Sku</c>): type texts such as <c>int32</c>,
    /// <c>datetime?</c> or <c>array&lt;string&gt;</c>. Empty when none are recorded. Inserts, updates and
    /// upserts through this collection convert declared fields to these types, or throw
    /// <see cref="DocumentSchemaException"/> and write nothing.
    /// </summary>
    public IReadOnlyDictionary<string, string> MemberTypes =>
        _core.State.TypedWrites is { } types ? types.Types.ToDictionary(t => t.Key, t => t.Value.Text, StringComparer.Ordinal) : new Dictionary<string, string>();

    /// <summary>SQL's insert: the statement converted the document with the types its own transaction reads, before its checks.</summary>
    internal BsonValue InsertTyped(DocStoreTransaction transaction, BsonDocument document) => _writer.InsertConverted(transaction, document);

    /// <summary>SQL's update, converted by the statement as <see cref="InsertTyped"/>.</summary>
    internal bool UpdateTyped(DocStoreTransaction transaction, BsonDocument document) => _writer.UpdateConverted(transaction, document);
}
