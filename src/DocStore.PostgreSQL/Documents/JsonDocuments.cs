using System.Buffers;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Metadata;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A collection's documents as the UTF-8 text of the <c>doc</c> jsonb column and back: relaxed Extended JSON
/// (numbers and strings plain; decimals, ObjectIds, Guids, dates and binary as their <c>$</c> wrappers, so every
/// value round-trips exactly), written and read by the model's generated <see cref="IJsonDocumentSerializer{T}"/>
/// without a C-BSON copy. A model without one goes through C-BSON and the converter, which give the same text.
/// Field ids (of <see cref="Fields"/>) are local to this process: a dictionary per collection.
/// </summary>
internal sealed class JsonDocuments<T, TKey>(ICollectionModel<T, TKey> model)
    where TKey : notnull
{
    // A document's C-BSON form is never over 8 times its JSON text, so below this the engine's size limit cannot be hit.
    private const int SizeCheckedFrom = CBsonLimits.MaxDocumentSize / 8;

    private static readonly JsonWriterOptions WriterOptions = new()
    {
        // The converter's escaping, so the text is the one it gives; one more level than C-BSON allows, for its error.
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        MaxDepth = CBsonLimits.MaxDepth + 4,
    };

    [ThreadStatic]
    private static JsonBuffer? t_buffer;

    private readonly IJsonDocumentSerializer<T>? _json = model as IJsonDocumentSerializer<T>;

    public FieldDictionary Fields { get; } = new();

    /// <summary>The document's JSON text as UTF-8.</summary>
    /// <exception cref="DocumentTooLargeException">Its C-BSON form is over the engine's maximum document size.</exception>
    /// <exception cref="ArgumentException">A string or name holds a lone surrogate or a NUL character (which jsonb refuses).</exception>
    public byte[] ToJson(T document, string key)
    {
        if (_json is null)
        {
            var converted = Encoding.UTF8.GetBytes(CBsonDocumentConverter.ToExtendedJson(ToCBson(document, key), Fields, ExtendedJsonMode.Relaxed));
            if (JsonTextCheck.MayHoldRefusedText(converted))
            {
                RefuseText(document, key, converted);
            }

            return converted;
        }

        var buffer = t_buffer ??= new JsonBuffer();
        try
        {
            var writer = buffer.Start();
            _json.WriteJson(writer, document);
            writer.Flush();
        }
        catch (InvalidOperationException) when (buffer.Writer.CurrentDepth >= WriterOptions.MaxDepth - 1)
        {
            // Nested too deep: the C-BSON writer reports it as the engine does.
            ToCBson(document, key);
            throw;
        }

        if (buffer.Output.WrittenCount >= SizeCheckedFrom)
        {
            ToCBson(document, key);
        }

        if (JsonTextCheck.MayHoldRefusedText(buffer.Output.WrittenSpan))
        {
            RefuseText(document, key, buffer.Output.WrittenSpan);
        }

        return buffer.Finish();
    }

    /// <summary>
    /// Throws for text the written JSON must not store: a lone surrogate (the C-BSON writer refuses it as an
    /// embedded write does, naming the field), or a NUL, which jsonb cannot hold. A genuine U+FFFD passes.
    /// </summary>
    /// <exception cref="ArgumentException">The document holds such text; the message names the collection, the key and the field.</exception>
    private void RefuseText(T document, string key, ReadOnlySpan<byte> json)
    {
        ToCBson(document, key);
        if (JsonTextCheck.FindNul(json) is { } path)
        {
            throw new ArgumentException($"Document {key} of collection '{model.CollectionName}': field '{path}' cannot be stored: PostgreSQL's jsonb cannot hold the character U+0000 (NUL) in a string or a name.", nameof(document));
        }
    }

    /// <summary>The document stored as the UTF-8 JSON <paramref name="utf8Json"/>.</summary>
    /// <exception cref="DocumentSchemaException">A stored value does not fit its member.</exception>
    public T Read(byte[] utf8Json) => _json is null ? model.Read(ToCBson(utf8Json), Fields) : _json.ReadJson(utf8Json);

    /// <summary>The document stored as the UTF-8 JSON <paramref name="utf8Json"/> (read in place, not kept).</summary>
    /// <exception cref="DocumentSchemaException">A stored value does not fit its member.</exception>
    public T Read(ReadOnlySpan<byte> utf8Json) => Read(utf8Json, null);

    /// <summary>
    /// The document stored as the UTF-8 JSON <paramref name="utf8Json"/> (read in place, not kept), sharing short
    /// strings with the other documents of the same read through <paramref name="strings"/>.
    /// </summary>
    /// <exception cref="DocumentSchemaException">A stored value does not fit its member.</exception>
    public T Read(ReadOnlySpan<byte> utf8Json, JsonStringTable? strings) => _json is null ? model.Read(ToCBson(utf8Json.ToArray()), Fields) : _json.ReadJson(utf8Json, strings);

    /// <summary>The document stored as <paramref name="json"/>.</summary>
    /// <exception cref="DocumentSchemaException">A stored value does not fit its member.</exception>
    public T Read(string json) => Read(Encoding.UTF8.GetBytes(json));

    /// <summary>The C-BSON bytes of a stored document, over <see cref="Fields"/>.</summary>
    public byte[] ToCBson(byte[] utf8Json) => CBsonDocumentConverter.FromDocument(ExtendedJson.Parse(utf8Json), Fields);

    /// <summary>The C-BSON bytes of a stored document, over <see cref="Fields"/>.</summary>
    public byte[] ToCBson(string json) => CBsonDocumentConverter.FromExtendedJson(json, Fields);

    /// <summary>The document's C-BSON form, checked against the engine's limits as an embedded write is.</summary>
    /// <exception cref="DocumentTooLargeException">It is over the engine's maximum document size.</exception>
    private byte[] ToCBson(T document, string key)
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
        catch (ArgumentException e) when (writer.Depth > 0 && e is not ArgumentNullException)
        {
            // A lone surrogate has no UTF-8 form: the embedded engine's refusal, naming the field that holds it.
            throw new ArgumentException($"Document {key} of collection '{model.CollectionName}': field '{writer.DescribeCurrentPath(Fields)}' cannot be stored: {e.Message}", nameof(document), e);
        }

        if (buffer.WrittenCount > CBsonLimits.MaxDocumentSize)
        {
            throw new DocumentTooLargeException(model.CollectionName, key, buffer.WrittenCount, CBsonLimits.MaxDocumentSize);
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A thread's reusable output and writer: a document costs one array of its exact size.</summary>
    private sealed class JsonBuffer
    {
        // A buffer grown past this by a large document is not kept for the next one.
        private const int KeptCapacity = 1024 * 1024;

        public ArrayBufferWriter<byte> Output { get; private set; } = new(4096);

        public Utf8JsonWriter Writer { get; private set; } = new(Stream.Null, WriterOptions);

        public Utf8JsonWriter Start()
        {
            Output.ResetWrittenCount();
            Writer.Reset(Output);
            return Writer;
        }

        public byte[] Finish()
        {
            var bytes = Output.WrittenSpan.ToArray();
            if (Output.Capacity > KeptCapacity)
            {
                Output = new ArrayBufferWriter<byte>(4096);
                Writer = new Utf8JsonWriter(Stream.Null, WriterOptions);
            }

            return bytes;
        }
    }
}
