using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Collections.Changes;

/// <summary>Turns change log entries into untyped changes: the entry's C-BSON, read with the log's field names, is the document, its key field the key.</summary>
internal static class UntypedChangeDecoder
{
    // The BSON a document passes through on its way to the model, reused: the model copies what it keeps.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_bson;

    public static DocumentChange<BsonDocument, BsonValue> Decode(ChangeRecord record)
    {
        var bson = t_bson ??= new ArrayBufferWriter<byte>(4096);
        bson.ResetWrittenCount();
        CBsonBsonConverter.ToBson(record.Stored.Span, record.Fields, bson);
        var document = BsonBinary.Read(bson.WrittenSpan);
        if (bson.Capacity > 256 * 1024)
        {
            // One huge document must not pin its buffer on the thread for good.
            t_bson = null;
        }

        var key = document.TryGetValue(record.KeyField, out var value) ? value : BsonNull.Value;
        return new DocumentChange<BsonDocument, BsonValue>(record.Kind, record.Collection, key, record.Kind == ChangeKind.Delete ? null : document, record.Log, record.Position, record.CommitPosition, DateTimeOffset.FromUnixTimeMilliseconds(record.UnixMilliseconds));
    }
}
