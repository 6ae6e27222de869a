using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// Converts between stored C-BSON documents and the untyped document model that SQL, tools and
/// import/export work with. Both directions go through standard BSON, so the one converter that the
/// BSON corpus checks (<see cref="CBsonBsonConverter"/>) decides every byte; the extra copy is acceptable
/// on these paths, which are never the typed hot path.
/// </summary>
public static class CBsonDocumentConverter
{
    /// <summary>Reads a C-BSON document into the document model, restoring names from the dictionary.</summary>
    /// <param name="cbson">Exactly one C-BSON document.</param>
    /// <param name="names">The collection's field dictionary.</param>
    /// <returns>The document, with extension values (DateTime, TimeSpan, ...) as binary subtypes 0x80-0x84.</returns>
    /// <exception cref="BsonFormatException">The bytes are malformed or use an id the dictionary lacks.</exception>
    public static BsonDocument ToDocument(ReadOnlySpan<byte> cbson, IFieldDictionary names) =>
        BsonBinary.Read(CBsonBsonConverter.ToBson(cbson, names));

    /// <summary>Writes a model document as C-BSON, adding names the dictionary does not have yet.</summary>
    /// <param name="document">The document.</param>
    /// <param name="names">The collection's field dictionary.</param>
    /// <returns>The C-BSON bytes.</returns>
    /// <exception cref="CBsonLimitException">The document nests deeper than <see cref="BsonValue.MaxDepth"/> levels.</exception>
    /// <exception cref="BsonFormatException">The document exceeds a C-BSON size limit.</exception>
    /// <exception cref="FieldDictionaryFullException">The dictionary has no id left for a new name.</exception>
    public static byte[] FromDocument(BsonDocument document, IFieldDictionary names) =>
        CBsonBsonConverter.FromBson(BsonBinary.Write(document), names);

    /// <summary>Formats a C-BSON document as MongoDB Extended JSON.</summary>
    /// <param name="cbson">Exactly one C-BSON document.</param>
    /// <param name="names">The collection's field dictionary.</param>
    /// <param name="mode">Canonical (type-exact) or relaxed (readable) Extended JSON.</param>
    /// <returns>The JSON text.</returns>
    /// <exception cref="BsonFormatException">The bytes are malformed or use an id the dictionary lacks.</exception>
    public static string ToExtendedJson(ReadOnlySpan<byte> cbson, IFieldDictionary names, ExtendedJsonMode mode = ExtendedJsonMode.Canonical) =>
        ExtendedJson.ToJson(ToDocument(cbson, names), mode);

    /// <summary>Parses MongoDB Extended JSON (canonical or relaxed) into a C-BSON document.</summary>
    /// <param name="json">One JSON object.</param>
    /// <param name="names">The collection's field dictionary; new names are added.</param>
    /// <returns>The C-BSON bytes.</returns>
    /// <exception cref="BsonFormatException">The text is not valid Extended JSON, or exceeds a C-BSON limit.</exception>
    public static byte[] FromExtendedJson(string json, IFieldDictionary names) =>
        FromDocument(ExtendedJson.Parse(json), names);
}
