using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.Collections.Changes;

/// <summary>
/// Turns change log entries into typed changes: the entry's BSON goes back to C-BSON against a field
/// dictionary of the feed's own (the log does not depend on the collection's), then through the model.
/// </summary>
internal sealed class TypedChangeDecoder<T, TKey>(ICollectionModel<T, TKey> model)
    where TKey : notnull
{
    private readonly FieldDictionary _fields = new();

    public DocumentChange<T, TKey> Decode(ChangeRecord record)
    {
        var stored = CBsonBsonConverter.FromBson(record.Bson.Span, _fields);
        T? document = default;
        TKey key;
        if (record.Kind == ChangeKind.Delete && model.TryReadField(stored, _fields, model.KeyField, out var value) && value is TKey read)
        {
            key = read;
        }
        else
        {
            var whole = model.Read(stored, _fields);
            key = model.GetKey(whole);
            if (record.Kind != ChangeKind.Delete)
            {
                document = whole;
            }
        }

        return new DocumentChange<T, TKey>(record.Kind, record.Collection, key, document, record.Token, record.Position, record.CommitPosition, DateTimeOffset.FromUnixTimeMilliseconds(record.UnixMilliseconds));
    }
}
