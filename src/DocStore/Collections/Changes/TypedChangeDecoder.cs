using DocStore.Metadata;

namespace DocStore.Collections.Changes;

/// <summary>
/// Turns change log entries into typed changes: the entry's C-BSON goes through the model with the log's
/// copy of the field names it was written with (the log does not depend on the collection's dictionary).
/// </summary>
internal sealed class TypedChangeDecoder<T, TKey>(ICollectionModel<T, TKey> model)
    where TKey : notnull
{
    public DocumentChange<T, TKey> Decode(ChangeRecord record)
    {
        var stored = record.Stored.Span;
        var fields = record.Fields;
        T? document = default;
        TKey key;
        if (record.Kind == ChangeKind.Delete && model.TryReadField(stored, fields, model.KeyField, out var value) && value is TKey read)
        {
            key = read;
        }
        else
        {
            var whole = model.Read(stored, fields);
            key = model.GetKey(whole);
            if (record.Kind != ChangeKind.Delete)
            {
                document = whole;
            }
        }

        return new DocumentChange<T, TKey>(record.Kind, record.Collection, key, document, record.Log, record.Position, record.CommitPosition, DateTimeOffset.FromUnixTimeMilliseconds(record.UnixMilliseconds));
    }
}
