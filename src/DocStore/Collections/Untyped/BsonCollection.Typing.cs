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
        State.TypedWrites is { } types ? types.Types.ToDictionary(t => t.Key, t => t.Value.Text, StringComparer.Ordinal) : new Dictionary<string, string>();

    /// <summary>SQL's insert: the statement converted the document with the types its own transaction reads, before its checks.</summary>
    internal BsonValue InsertTyped(DocStoreTransaction transaction, BsonDocument document) => InsertConverted(transaction, document);

    /// <summary>SQL's update, converted by the statement as <see cref="InsertTyped"/>.</summary>
    internal bool UpdateTyped(DocStoreTransaction transaction, BsonDocument document) => UpdateConverted(transaction, document);

    private protected override bool ConvertsOnWrite => State.TypedWrites is not null;

    /// <summary>
    /// A converted copy when the catalog records member types: the caller's document keeps its values (only a
    /// generated key is stored into it), and a refused value throws before anything is written.
    /// </summary>
    private protected override BsonDocument ToStored(BsonDocument document, BsonValue key)
    {
        if (State.TypedWrites is not { } types)
        {
            return document;
        }

        var copy = document.DeepClone();
        types.ConvertDocument(copy, key is BsonNull ? null : key.ToString());
        return copy;
    }
}
