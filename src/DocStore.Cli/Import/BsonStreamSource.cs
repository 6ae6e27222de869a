using System.Buffers;
using System.Buffers.Binary;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>BSON documents back to back (mongodump's .bson files): each starts with its own int32 length.</summary>
internal sealed class BsonStreamSource(Stream stream, string name) : IDocumentSource
{
    // BSON's own limit is 16 MiB; mongodump never writes more, and a larger length is garbage, not a document.
    private const int MaxDocumentLength = 16 * 1024 * 1024;

    private byte[] _buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
    private long _offset;
    private long _start;

    public string Position => $"byte offset {_start}";

    public long BytesRead => _offset;

    public BsonDocument? Next()
    {
        _start = _offset;
        var header = _buffer.AsSpan(0, 4);
        var got = stream.ReadAtLeast(header, 4, throwOnEndOfStream: false);
        if (got == 0)
        {
            return null;
        }

        if (got < 4)
        {
            throw Fail($"the file ends inside the length of a document ({got} of 4 bytes)");
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(header);
        if (length < 5 || length > MaxDocumentLength)
        {
            throw Fail($"a document declares a length of {length} bytes (a BSON document has 5 to {MaxDocumentLength})");
        }

        if (_buffer.Length < length)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = ArrayPool<byte>.Shared.Rent(length);
            BinaryPrimitives.WriteInt32LittleEndian(_buffer, length);
        }

        var body = stream.ReadAtLeast(_buffer.AsSpan(4, length - 4), length - 4, throwOnEndOfStream: false);
        _offset += 4 + body;
        if (body < length - 4)
        {
            throw Fail($"the file ends inside a document: it declares {length} bytes and {4 + body} remain (a truncated file?)");
        }

        try
        {
            return BsonBinary.Read(_buffer.AsSpan(0, length));
        }
        catch (BsonFormatException e)
        {
            throw Fail($"malformed BSON document: {e.Message}", e);
        }
    }

    public void Dispose()
    {
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = [];
        stream.Dispose();
    }

    private CliFailureException Fail(string message, Exception? inner = null) => new($"{name}: {Position}: {message}", inner);
}
