using DocStore.Bson.Model;

namespace DocStore.Collections.Untyped;

/// <summary>
/// Converts an untyped write to the member types the catalog records, when it records any (docs/catalog.md,
/// "Member types"), by the rules SQL uses: into a copy, so the caller's
/// document keeps its values (only a generated key is stored into it), and a refused value throws before
/// anything is written. A top-level <c>_id</c> in a collection a model keys by another member is refused as SQL
/// refuses it: it would be stored as a field the model never reads, under a key the caller did not choose.
/// </summary>
internal sealed class MemberTypeConversion(CollectionState state) : DocumentConversion<BsonDocument, BsonValue>
{
    private const string StrayKeyName = "_id";

    public override bool Converts => state.TypedWrites is not null;

    public override BsonDocument ToStored(BsonDocument document, BsonValue key)
    {
        if (state.TypedWrites is not { } types)
        {
            return document;
        }

        if (document.Contains(StrayKeyName) && state.KeyField != StrayKeyName && !types.Types.ContainsKey(StrayKeyName))
        {
            throw new DocumentSchemaException(
                StrayKeyName,
                $"is not the key of '{state.Name}': its key field is '{state.KeyField}'; set '{state.KeyField}' to choose a document's key")
                .InCollection(state.Name, key is BsonNull ? null : key.ToString());
        }

        var copy = document.DeepClone();
        types.ConvertDocument(copy, key is BsonNull ? null : key.ToString());
        return copy;
    }
}
