using System.ComponentModel;
using System.Text.Json;

namespace DocStore.Metadata;

/// <summary>
/// Writes and reads documents of type <typeparamref name="T"/> as relaxed Extended JSON, the same text
/// <c>CBsonDocumentConverter.ToExtendedJson(bytes, fields, ExtendedJsonMode.Relaxed)</c> gives for the
/// document's C-BSON form, without going through C-BSON. Implemented by the generated model of every
/// <c>[Collection]</c> type (reach it by casting <c>{Type}Collection.DocumentModel</c>); backends that store
/// JSON (DocStore.PostgreSQL) use it. For generated code: not meant to be called directly.
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface IJsonDocumentSerializer<T>
{
    /// <summary>
    /// Writes <paramref name="document"/> as one JSON object: members under their stored names, in declaration
    /// order. The text equals the converter's byte for byte when <paramref name="writer"/> escapes as the
    /// converter does (<c>JavaScriptEncoder.UnsafeRelaxedJsonEscaping</c>, not indented).
    /// </summary>
    /// <param name="writer">The destination.</param>
    /// <param name="document">The document.</param>
    void WriteJson(Utf8JsonWriter writer, T document);

    /// <summary>
    /// Reads a document from one UTF-8 JSON object: members in any order, unknown members skipped, missing
    /// members left as the C-BSON reader leaves them, and the same tolerant conversions.
    /// </summary>
    /// <param name="utf8Json">The UTF-8 JSON text of one object.</param>
    /// <returns>The document.</returns>
    /// <exception cref="DocumentSchemaException">A value does not fit its member; the message names the collection, the key when it can be read, and the field path.</exception>
    /// <exception cref="JsonException">The text is not valid JSON.</exception>
    T ReadJson(ReadOnlySpan<byte> utf8Json);

    /// <summary>
    /// Reads a document as <see cref="ReadJson(ReadOnlySpan{byte})"/> does, sharing short string values with the
    /// other documents of the same read through <paramref name="strings"/>.
    /// </summary>
    /// <param name="utf8Json">The UTF-8 JSON text of one object.</param>
    /// <param name="strings">The read's table of shared strings, or null to make every string anew.</param>
    /// <returns>The document.</returns>
    /// <exception cref="DocumentSchemaException">A value does not fit its member; the message names the collection, the key when it can be read, and the field path.</exception>
    /// <exception cref="JsonException">The text is not valid JSON.</exception>
    T ReadJson(ReadOnlySpan<byte> utf8Json, JsonStringTable? strings) => ReadJson(utf8Json);
}
