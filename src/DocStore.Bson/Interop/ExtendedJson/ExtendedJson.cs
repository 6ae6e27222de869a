using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// MongoDB Extended JSON v2 to and from the document model, built on System.Text.Json's
/// <see cref="Utf8JsonReader"/> and <see cref="Utf8JsonWriter"/>. Output is canonical or relaxed
/// (<see cref="ExtendedJsonMode"/>); parsing accepts both and <c>{"$uuid": "..."}</c>, and, when asked to, the
/// legacy forms <c>{"$binary": "...", "$type": "..."}</c>, <c>{"$regex": "...", "$options": "..."}</c> and
/// <c>{"$date": &lt;integer milliseconds&gt;}</c> of older tools. A nested object that uses a type key such as
/// <c>$oid</c> or <c>$date</c> must match that type's form exactly, or parsing fails; the top-level object is
/// always a document. Query operators that look like wrappers (<c>$regex</c> with a non-string value,
/// <c>$type</c>) stay documents.
/// </summary>
public static class ExtendedJson
{
    // Keep non-ASCII text readable in exports; JSON needs no escaping beyond quotes, backslashes and controls.
    private static readonly JsonWriterOptions StringWriterOptions = new()
    {
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        Indented = false,
    };

    /// <summary>Converts a value (usually a document) to Extended JSON text.</summary>
    /// <param name="value">The value.</param>
    /// <param name="mode">Canonical (type-preserving) or relaxed (readable).</param>
    /// <returns>Compact JSON text; non-ASCII characters are not escaped.</returns>
    /// <exception cref="ArgumentException">The value nests deeper than <see cref="BsonValue.MaxDepth"/> levels.</exception>
    public static string ToJson(BsonValue value, ExtendedJsonMode mode)
    {
        ArgumentNullException.ThrowIfNull(value);
        var buffer = new ArrayBufferWriter<byte>(256);
        using (var writer = new Utf8JsonWriter(buffer, StringWriterOptions))
        {
            Write(writer, value, mode);
        }

        return System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>Writes a value (usually a document) as Extended JSON to <paramref name="writer"/>, which controls indentation and escaping.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    /// <param name="mode">Canonical (type-preserving) or relaxed (readable).</param>
    /// <exception cref="ArgumentException">The value nests deeper than <see cref="BsonValue.MaxDepth"/> levels.</exception>
    public static void Write(Utf8JsonWriter writer, BsonValue value, ExtendedJsonMode mode)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(value);
        if (mode is not (ExtendedJsonMode.Canonical or ExtendedJsonMode.Relaxed))
        {
            throw new ArgumentOutOfRangeException(nameof(mode), mode, "Unknown Extended JSON mode.");
        }

        ExtendedJsonWriter.WriteValue(writer, value, mode == ExtendedJsonMode.Relaxed, 1);
    }

    /// <summary>Parses an Extended JSON object (canonical, relaxed or legacy forms) into a document.</summary>
    /// <param name="json">The JSON text; its top level must be an object.</param>
    /// <returns>The document.</returns>
    /// <exception cref="BsonFormatException">
    /// The text is not valid JSON (the <see cref="JsonException"/> is the inner exception), a type wrapper is
    /// malformed, or the nesting exceeds <see cref="BsonValue.MaxDepth"/>.
    /// </exception>
    public static BsonDocument Parse(string json) => Parse(json, allowLegacyForms: false);

    /// <summary>Parses an Extended JSON object into a document, optionally accepting legacy forms.</summary>
    /// <param name="json">The JSON text; its top level must be an object.</param>
    /// <param name="allowLegacyForms">
    /// Whether to accept <c>{"$binary": base64, "$type": hex}</c>, <c>{"$regex": pattern, "$options": options}</c>
    /// and <c>{"$date": integer}</c> as older versions of mongoexport wrote them.
    /// </param>
    /// <returns>The document.</returns>
    /// <exception cref="BsonFormatException">
    /// The text is not valid JSON (the <see cref="JsonException"/> is the inner exception), a type wrapper is
    /// malformed, or the nesting exceeds <see cref="BsonValue.MaxDepth"/>.
    /// </exception>
    public static BsonDocument Parse(string json, bool allowLegacyForms)
    {
        ArgumentNullException.ThrowIfNull(json);
        var rented = ArrayPool<byte>.Shared.Rent(checked(json.Length * 3));
        try
        {
            // Strict transcoding: an unpaired surrogate is an error, not a silent U+FFFD.
            var status = Utf8.FromUtf16(json, rented, out _, out var written, replaceInvalidSequences: false);
            if (status != OperationStatus.Done)
            {
                throw new BsonFormatException($"The JSON text has an unpaired UTF-16 surrogate at index {BsonText.FindUnpairedSurrogate(json)}.", -1);
            }

            return ExtendedJsonParser.Parse(rented.AsSpan(0, written), allowLegacyForms);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Parses UTF-8 Extended JSON (canonical, relaxed or legacy forms) into a document.</summary>
    /// <param name="utf8Json">The UTF-8 JSON text; its top level must be an object.</param>
    /// <returns>The document.</returns>
    /// <exception cref="BsonFormatException">
    /// The text is not valid UTF-8 JSON (the <see cref="JsonException"/> is the inner exception), a type
    /// wrapper is malformed, or the nesting exceeds <see cref="BsonValue.MaxDepth"/>.
    /// </exception>
    public static BsonDocument Parse(ReadOnlySpan<byte> utf8Json) => ExtendedJsonParser.Parse(utf8Json, allowLegacy: false);

    /// <summary>Parses UTF-8 Extended JSON into a document, optionally accepting legacy forms.</summary>
    /// <param name="utf8Json">The UTF-8 JSON text; its top level must be an object.</param>
    /// <param name="allowLegacyForms">Whether to accept the legacy forms listed on <see cref="Parse(string, bool)"/>.</param>
    /// <returns>The document.</returns>
    /// <exception cref="BsonFormatException">The text is not valid Extended JSON.</exception>
    public static BsonDocument Parse(ReadOnlySpan<byte> utf8Json, bool allowLegacyForms) => ExtendedJsonParser.Parse(utf8Json, allowLegacyForms);
}
