using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Indexing;
using DocStore.Metadata;

namespace DocStore.Collections.Untyped;

/// <summary>
/// The run-time counterpart of a generated model, over the document model: documents are converted to and
/// from C-BSON through the interop layer, index keys are read by string paths (<see cref="BsonPath"/>), and
/// the key is the field named by <see cref="KeyField"/> (docs/catalog.md, "Untyped collections").
/// </summary>
internal sealed class BsonDocumentModel : ICollectionModel<BsonDocument, BsonValue>
{
    private readonly BsonIndex[] _indexes;

    public BsonDocumentModel(string collectionName, IReadOnlyList<IndexDefinition> indexes, string keyField, KeyGeneration keyGeneration)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(keyField);
        CollectionName = collectionName;
        _indexes = [.. indexes.Select(d => new BsonIndex(d))];
        Indexes = [.. _indexes.Select(i => i.Definition)];
        KeyField = keyField;
        KeyGeneration = keyGeneration;
    }

    public string CollectionName { get; }

    public IReadOnlyList<IndexDefinition> Indexes { get; }

    public string KeyField { get; }

    public KeyGeneration KeyGeneration { get; }

    /// <summary>No fixed paths: every stored path is readable through <see cref="TryReadField"/>.</summary>
    public IReadOnlyList<string> FieldPaths => [];

    public void Write(ref CBsonWriter writer, BsonDocument document, IFieldDictionary fields)
    {
        ArgumentNullException.ThrowIfNull(document);
        var bson = BsonBinary.Write(document);
        if (bson.Length > CBsonLimits.MaxDocumentSize)
        {
            // C-BSON is never larger than BSON, but a document over the limit as BSON is refused as too large either way, before the field dictionary grows.
            throw new CBsonLimitException($"The document is {bson.Length} bytes as BSON, over the maximum document size of {CBsonLimits.MaxDocumentSize} bytes.");
        }

        var stored = CBsonBsonConverter.FromBson(bson, fields);
        var reader = new CBsonReader(stored);
        writer.WriteStartDocument();
        while (reader.Read())
        {
            writer.WriteFieldId(reader.FieldId);
            writer.WriteRawValue(reader.Type, reader.GetRawValue());
        }

        writer.WriteEndDocument();
    }

    public BsonDocument Read(ReadOnlySpan<byte> document, IFieldDictionary fields) => CBsonDocumentConverter.ToDocument(document, fields);

    public BsonValue GetKey(BsonDocument document)
    {
        ArgumentNullException.ThrowIfNull(document);
        return document.TryGetValue(KeyField, out var key) ? key : BsonNull.Value;
    }

    public void SetKey(ref BsonDocument document, BsonValue key)
    {
        if (document.Contains(KeyField))
        {
            document.Set(KeyField, key);
        }
        else
        {
            // The key leads the document, as in MongoDB.
            document.Insert(0, new BsonElement(KeyField, key));
        }
    }

    public bool IsDefaultKey(BsonValue key) => key switch
    {
        null or BsonNull or BsonUndefined => true,
        BsonObjectId o => KeyGeneration == KeyGeneration.ObjectId && o.Value == default,
        BsonBinaryData { Subtype: BsonBinarySubtype.Uuid } g => KeyGeneration == KeyGeneration.Guid && g.Span.Length == 16 && g.ToGuid() == Guid.Empty,
        BsonInt32 i => KeyGeneration == KeyGeneration.Sequence && i.Value == 0,
        BsonInt64 l => KeyGeneration == KeyGeneration.Sequence && l.Value == 0,
        BsonString s => KeyGeneration == KeyGeneration.None && s.Value.Length == 0,
        _ => false,
    };

    public BsonValue NewKey(long sequence) => KeyGeneration switch
    {
        KeyGeneration.ObjectId => new BsonObjectId(ObjectId.NewObjectId()),
        KeyGeneration.Guid => BsonBinaryData.FromGuid(Guid.CreateVersion7()),
        KeyGeneration.Sequence => sequence <= int.MaxValue ? (BsonValue)(int)sequence : sequence,
        _ => throw new InvalidOperationException($"Collection '{CollectionName}' does not generate keys; set the '{KeyField}' field before inserting."),
    };

    public long GetSequence(BsonValue key) => key switch
    {
        BsonInt32 i => i.Value,
        BsonInt64 l => l.Value,
        _ => 0,
    };

    public void AppendKey(IndexKeyBuilder builder, BsonValue key)
    {
        ArgumentNullException.ThrowIfNull(builder);
        if (key is BsonDateTime && !BsonKeyValues.TryAppend(builder, key))
        {
            // A valid BSON date, so a document problem rather than a caller's mistake.
            throw new DocumentSchemaException(KeyField, $"is a {BsonKeyValues.Describe(key)}, which a key cannot be").InCollection(CollectionName, key.ToString());
        }

        if (key is BsonDocument or BsonArray || !BsonKeyValues.TryAppend(builder, key))
        {
            throw new ArgumentException($"A key of collection '{CollectionName}' cannot be of type {BsonKeyValues.Describe(key)}.", nameof(key));
        }
    }

    public bool TryReadField(ReadOnlySpan<byte> document, IFieldDictionary fields, string path, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? value)
    {
        var found = BsonPath.Parse(path).Single(Read(document, fields));
        value = found is BsonNull ? null : found;
        return value is not null;
    }

    public void AppendIndexKeys(int index, BsonDocument document, IndexKeySink keys)
    {
        ArgumentNullException.ThrowIfNull(document);
        ArgumentNullException.ThrowIfNull(keys);
        _indexes[index].AppendKeys(document, keys);
    }

    public void AppendIndexKeys(int index, ReadOnlySpan<byte> document, IFieldDictionary fields, IndexKeySink keys) =>
        AppendIndexKeys(index, Read(document, fields), keys);
}
