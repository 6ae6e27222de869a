using DocStore.Bson.Model;

namespace DocStore.Collections.Untyped;

/// <summary>
/// Converts an untyped write to the member types the catalog records, when it records any (docs/catalog.md,
/// "Member types"), by the rules SQL uses: into a copy, so the caller's
/// document keeps its values (only a generated key is stored into it), and a refused value throws before
/// anything is written.
/// </summary>
internal sealed class MemberTypeConversion(CollectionState state) : DocumentConversion<BsonDocument, BsonValue>
{
    public override bool Converts => state.TypedWrites is not null;

    public override BsonDocument ToStored(BsonDocument document, BsonValue key)
    {
        if (state.TypedWrites is not { } types)
        {
            return document;
        }

        var copy = document.DeepClone();
        types.ConvertDocument(copy, key is BsonNull ? null : key.ToString());
        return copy;
    }
}
