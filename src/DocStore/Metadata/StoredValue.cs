using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>
/// Typed reads of the reader's current value, used by generated code. Each accepts every stored type
/// that converts without losing information (an int member reads a stored int64 or an integral double
/// within range) and throws <see cref="DocumentSchemaException"/> naming the field for anything else.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class StoredValue
{
    /// <summary>Moves to the field with <paramref name="fieldId"/>; false for id 0 (a name the dictionary lacks).</summary>
    /// <param name="reader">A document reader.</param>
    /// <param name="fieldId">The id, or 0.</param>
    /// <returns>True when found.</returns>
    public static bool TryFindField(ref CBsonReader reader, ushort fieldId) => fieldId != 0 && reader.TryFindField(fieldId);

    /// <summary>A reader over the current embedded document.</summary>
    /// <param name="reader">The reader positioned on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The nested reader.</returns>
    public static CBsonReader EnterDocument(ref CBsonReader reader, string field)
    {
        if (reader.Type != BsonType.Document)
        {
            throw Mismatch(reader.Type, field, "a document");
        }

        return reader.GetDocumentReader();
    }

    /// <summary>A reader over the current array.</summary>
    /// <param name="reader">The reader positioned on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The nested reader.</returns>
    public static CBsonReader EnterArray(ref CBsonReader reader, string field)
    {
        if (reader.Type != BsonType.Array)
        {
            throw Mismatch(reader.Type, field, "an array");
        }

        return reader.GetArrayReader();
    }

    /// <summary>
    /// How many elements the array <paramref name="array"/> (a reader from <see cref="EnterArray"/>, passed
    /// by value so the caller's position is untouched) holds. Generated code sizes the array, list or set
    /// it fills with this, so decoding allocates the collection once at its final size instead of growing
    /// a list and copying it; the walk reads only element headers and lengths.
    /// </summary>
    /// <param name="array">A reader positioned before the array's first element.</param>
    /// <returns>The element count.</returns>
    public static int CountElements(CBsonReader array)
    {
        var count = 0;
        while (array.Read())
        {
            count++;
        }

        return count;
    }

    /// <summary>The field name of the current element of a dictionary document.</summary>
    /// <param name="reader">A reader on a dictionary document's element.</param>
    /// <param name="fields">The field dictionary.</param>
    /// <param name="field">The dictionary's field path for errors.</param>
    /// <returns>The key.</returns>
    public static string FieldName(ref CBsonReader reader, IFieldDictionary fields, string field)
    {
        ArgumentNullException.ThrowIfNull(fields);
        return fields.TryGetName(reader.FieldId, out string? name)
            ? name
            : throw new DocumentSchemaException(field, $"has a key with field id {reader.FieldId}, which the field dictionary does not know");
    }

    /// <summary>Reads a bool.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static bool ReadBoolean(ref CBsonReader reader, string field) =>
        reader.Type == BsonType.Boolean ? reader.GetBoolean() : throw Mismatch(reader.Type, field, "a boolean");

    /// <summary>Reads a string (also a stored symbol).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static string ReadString(ref CBsonReader reader, string field) => reader.Type switch
    {
        BsonType.String => reader.GetString(),
        BsonType.Symbol => reader.GetSymbol(),
        _ => throw Mismatch(reader.Type, field, "a string"),
    };

    /// <summary>Reads an ObjectId.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ObjectId ReadObjectId(ref CBsonReader reader, string field) =>
        reader.Type == BsonType.ObjectId ? reader.GetObjectId() : throw Mismatch(reader.Type, field, "an ObjectId");

    /// <summary>Reads a Guid (binary subtype 4, or the legacy subtype 3 in the same byte order).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static Guid ReadGuid(ref CBsonReader reader, string field)
    {
        if (reader.Type == BsonType.Binary && reader.GetBinary(out BsonBinarySubtype subtype).Length == 16
            && subtype is BsonBinarySubtype.Uuid or BsonBinarySubtype.UuidLegacy)
        {
            return new Guid(reader.GetBinary(out _), bigEndian: true);
        }

        throw Mismatch(reader.Type, field, "a Guid (binary subtype 4)");
    }

    /// <summary>Reads a byte array (any binary subtype).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>A new array.</returns>
    public static byte[] ReadBytes(ref CBsonReader reader, string field) =>
        reader.Type == BsonType.Binary ? reader.GetBinary(out _).ToArray() : throw Mismatch(reader.Type, field, "binary data");

    /// <summary>The error for a stored value of the wrong type.</summary>
    /// <param name="stored">The stored BSON type.</param>
    /// <param name="field">The field path.</param>
    /// <param name="expected">What the member needs, in words.</param>
    /// <returns>The exception to throw.</returns>
    public static DocumentSchemaException Mismatch(BsonType stored, string field, string expected) =>
        new(field, $"holds a stored {stored} value where the member needs {expected}");

    private static DocumentSchemaException OutOfRange(string field, string value, string type) =>
        new(field, $"holds {value}, which is out of range for {type}");
}
