using System.Buffers;

namespace DocStore.Cli.Import;

/// <summary>
/// The bytes of a stream read but not yet consumed, in one pooled buffer: a refill slides them to the
/// front and reads more, doubling the buffer when they fill it, so it grows only to the longest unit
/// (a line, a document) a reader needs whole. Owns the stream.
/// </summary>
internal sealed class StreamWindow(Stream stream) : IDisposable
{
    private byte[] _buffer = ArrayPool<byte>.Shared.Rent(256 * 1024);
    private int _start;
    private int _end;
    private long _bufferOffset;

    /// <summary>True once a refill read nothing: <see cref="Pending"/> is all that is left.</summary>
    public bool AtEnd { get; private set; }

    /// <summary>The bytes read and not consumed; valid until the next <see cref="Fill"/>.</summary>
    public ReadOnlySpan<byte> Pending => _buffer.AsSpan(_start, _end - _start);

    /// <summary>The stream offset of the first pending byte: everything before it was consumed.</summary>
    public long Consumed => _bufferOffset + _start;

    /// <summary>Marks the first <paramref name="count"/> pending bytes consumed.</summary>
    public void Consume(int count) => _start += count;

    /// <summary>Reads more of the stream after the pending bytes; sets <see cref="AtEnd"/> when there is none.</summary>
    public void Fill()
    {
        if (_start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            _bufferOffset += _start;
            _end -= _start;
            _start = 0;
        }

        if (_end == _buffer.Length)
        {
            var larger = ArrayPool<byte>.Shared.Rent(_buffer.Length * 2);
            _buffer.AsSpan(0, _end).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
        }

        var read = stream.Read(_buffer, _end, _buffer.Length - _end);
        _end += read;
        AtEnd = read == 0;
    }

    public void Dispose()
    {
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = [];
        stream.Dispose();
    }
}
