using System.Text.Encodings.Web;
using System.Text.Json;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Export;

/// <summary>Extended JSON: one document per line (mongoexport's default), or one array (--json-array).</summary>
internal sealed class JsonSink : IDocumentSink
{
    private readonly Stream _stream;
    private readonly Utf8JsonWriter _writer;
    private readonly ExtendedJsonMode _mode;
    private readonly bool _array;
    private bool _any;

    public JsonSink(Stream stream, ExtendedJsonMode mode, bool array)
    {
        _stream = stream;
        _mode = mode;
        _array = array;

        // Non-ASCII text stays readable, as mongoexport writes it.
        _writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, SkipValidation = true });
        if (array)
        {
            _stream.WriteByte((byte)'[');
        }
    }

    public void Write(BsonDocument document)
    {
        if (_array)
        {
            _stream.Write(_any ? ",\n"u8 : "\n"u8);
        }

        _any = true;
        ExtendedJson.Write(_writer, document, _mode);
        _writer.Flush();
        _writer.Reset();
        if (!_array)
        {
            _stream.WriteByte((byte)'\n');
        }
    }

    public void Complete()
    {
        if (_array)
        {
            _stream.Write(_any ? "\n]\n"u8 : "]\n"u8);
        }

        _stream.Flush();
    }

    public void Dispose()
    {
        _writer.Dispose();
        _stream.Dispose();
    }
}
