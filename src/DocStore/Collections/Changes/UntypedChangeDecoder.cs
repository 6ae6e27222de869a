using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Collections.Changes;

/// <summary>Turns change log entries into untyped changes: the entry's C-BSON, read with the log's field names, is the document, its key field the key.</summary>
internal static class UntypedChangeDecoder
{
    public static DocumentChange<BsonDocument, BsonValue> Decode(ChangeRecord record)
    {
        var document = CBsonDocumentConverter.ToDocument(record.Stored.Span, record.Fields);
        var key = document.TryGetValue(record.KeyField, out var value) ? value : BsonNull.Value;
        return new DocumentChange<BsonDocument, BsonValue>(record.Kind, record.Collection, key, record.Kind == ChangeKind.Delete ? null : document, record.Token, record.Position, record.CommitPosition, DateTimeOffset.FromUnixTimeMilliseconds(record.UnixMilliseconds));
    }
}
