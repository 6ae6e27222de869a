using System.ComponentModel;
using System.Text;
using System.Text.Json;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>
/// The JSON counterpart of <see cref="StoredValue"/>, used by the generated <see cref="IJsonDocumentSerializer{T}"/>
/// code: writes the values whose relaxed Extended JSON form is a wrapper (decimals, non-finite doubles, Guids,
/// ObjectIds, dates and times, binary) exactly as the converter writes them, and reads a value at the reader's
/// current token with the conversions <see cref="StoredValue"/> accepts, throwing
/// <see cref="DocumentSchemaException"/> naming the field for anything else.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class JsonStoredValue
{
    // Documents nest up to CBsonLimits.MaxDepth levels; a wrapper ($binary) adds two more.
    private static readonly JsonReaderOptions ReaderOptions = new() { MaxDepth = CBsonLimits.MaxDepth + 4 };

    /// <summary>A reader over one JSON object, positioned on its start.</summary>
    /// <param name="utf8Json">The UTF-8 text.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="DocumentSchemaException">The text is not a JSON object.</exception>
    /// <exception cref="JsonException">The text is not valid JSON.</exception>
    public static Utf8JsonReader Open(ReadOnlySpan<byte> utf8Json)
    {
        var reader = new Utf8JsonReader(utf8Json, ReaderOptions);
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            throw new DocumentSchemaException(string.Empty, "is not a JSON object (a document is stored as one)");
        }

        return reader;
    }

    /// <summary>Moves to the next member name of the object the reader is in; false at the object's end.</summary>
    /// <param name="reader">A reader on the object's start or after a member's value.</param>
    /// <returns>True when the reader is on a member name.</returns>
    public static bool NextProperty(ref Utf8JsonReader reader) => reader.Read() && reader.TokenType == JsonTokenType.PropertyName;

    /// <summary>Skips the value of the member whose name the reader is on (a member the type does not have).</summary>
    /// <param name="reader">A reader on a member name.</param>
    public static void SkipValue(ref Utf8JsonReader reader)
    {
        reader.Read();
        reader.Skip();
    }

    /// <summary>Checks that the current value is an object, whose members the caller then reads.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    public static void EnterObject(ref Utf8JsonReader reader, string field)
    {
        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw Mismatch(ref reader, field, "a document");
        }
    }

    /// <summary>Checks that the current value is an array; the caller reads its elements until <see cref="NextElement"/> is false.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    public static void EnterArray(ref Utf8JsonReader reader, string field)
    {
        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw Mismatch(ref reader, field, "an array");
        }
    }

    /// <summary>Moves to the next element of the array the reader is in; false at the array's end.</summary>
    /// <param name="reader">A reader on the array's start or after an element.</param>
    /// <returns>True when the reader is on an element.</returns>
    public static bool NextElement(ref Utf8JsonReader reader) => reader.Read() && reader.TokenType != JsonTokenType.EndArray;

    /// <summary>The member name the reader is on (a dictionary key), moving to its value.</summary>
    /// <param name="reader">A reader on a member name.</param>
    /// <returns>The name.</returns>
    public static string PropertyName(ref Utf8JsonReader reader)
    {
        var name = reader.GetString()!;
        reader.Read();
        return name;
    }

    /// <summary>The error for a JSON value of the wrong kind.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path.</param>
    /// <param name="expected">What the member needs, in words.</param>
    /// <returns>The exception to throw.</returns>
    public static DocumentSchemaException Mismatch(ref Utf8JsonReader reader, string field, string expected) =>
        new(field, $"holds a JSON {Describe(ref reader)} where the member needs {expected}");

    private static string Describe(ref Utf8JsonReader reader) => reader.TokenType switch
    {
        JsonTokenType.String => "string",
        JsonTokenType.Number => "number " + Encoding.UTF8.GetString(reader.ValueSpan),
        JsonTokenType.True or JsonTokenType.False => "boolean",
        JsonTokenType.Null => "null",
        JsonTokenType.StartArray => "array",
        JsonTokenType.StartObject => WrapperKey(reader) is { } key && key.StartsWith('$') ? $"{{\"{key}\": …}} value" : "object",
        _ => reader.TokenType.ToString(),
    };

    /// <summary>The first member name of the object the reader (a copy) is on, or null for an empty object.</summary>
    private static string? WrapperKey(Utf8JsonReader reader) =>
        reader.Read() && reader.TokenType == JsonTokenType.PropertyName ? reader.GetString() : null;

    private static DocumentSchemaException OutOfRange(string field, string value, string type) =>
        new(field, $"holds {value}, which is out of range for {type}");
}
