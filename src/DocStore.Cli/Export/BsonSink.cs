using System.Buffers;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Export;

/// <summary>BSON documents back to back, as mongodump writes and mongorestore reads them.</summary>
internal sealed class BsonSink(Stream stream) : IDocumentSink
{
    private readonly ArrayBufferWriter<byte> _buffer = new(16 * 1024);

    public void Write(BsonDocument document)
    {
        _buffer.ResetWrittenCount();
        BsonBinary.Write(document, _buffer);
        stream.Write(_buffer.WrittenSpan);
    }

    public void Complete() => stream.Flush();

    public void Dispose() => stream.Dispose();
}
