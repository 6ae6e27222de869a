using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Metadata;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A collection's documents as jsonb text and back, through the generated C-BSON serializer and relaxed
/// Extended JSON (numbers and strings plain; dates, decimals, ObjectIds and binary as their <c>$</c> wrappers,
/// so every value round-trips exactly). Field ids are local to this process: a dictionary per collection.
/// </summary>
internal sealed class JsonDocuments<T, TKey>(ICollectionModel<T, TKey> model)
    where TKey : notnull
{
    public FieldDictionary Fields { get; } = new();

    /// <summary>The document's JSON text.</summary>
    /// <exception cref="DocumentTooLargeException">Its C-BSON form is over the engine's maximum document size.</exception>
    public string ToJson(T document, string key)
    {
        var buffer = new ArrayBufferWriter<byte>(1024);
        var writer = new CBsonWriter(buffer);
        try
        {
            model.Write(ref writer, document, Fields);
        }
        catch (CBsonLimitException e) when (e.Limit != CBsonLimit.Depth)
        {
            throw new DocumentTooLargeException(model.CollectionName, key, Math.Max(buffer.WrittenCount, CBsonLimits.MaxDocumentSize + 1L), CBsonLimits.MaxDocumentSize);
        }

        if (buffer.WrittenCount > CBsonLimits.MaxDocumentSize)
        {
            throw new DocumentTooLargeException(model.CollectionName, key, buffer.WrittenCount, CBsonLimits.MaxDocumentSize);
        }

        return CBsonDocumentConverter.ToExtendedJson(buffer.WrittenSpan, Fields, ExtendedJsonMode.Relaxed);
    }

    /// <summary>The document stored as <paramref name="json"/>.</summary>
    public T Read(string json) => model.Read(ToCBson(json), Fields);

    /// <summary>The C-BSON bytes of a stored document, over <see cref="Fields"/>.</summary>
    public byte[] ToCBson(string json) => CBsonDocumentConverter.FromExtendedJson(json, Fields);
}
