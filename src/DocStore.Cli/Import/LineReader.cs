using System.Buffers;

namespace DocStore.Cli.Import;

/// <summary>Splits a UTF-8 stream into lines without decoding it, reusing one buffer that grows to the longest line.</summary>
internal sealed class LineReader(Stream stream) : IDisposable
{
    private byte[] _buffer = ArrayPool<byte>.Shared.Rent(256 * 1024);
    private int _start;
    private int _end;
    private bool _eof;
    private bool _first = true;

    /// <summary>The 1-based number of the line last returned.</summary>
    public long LineNumber { get; private set; }

    /// <summary>Bytes consumed up to the end of the line last returned.</summary>
    public long BytesRead { get; private set; }

    /// <summary>The next line without its terminator (LF or CRLF), or false at the end of the stream.</summary>
    public bool TryReadLine(out ReadOnlySpan<byte> line)
    {
        while (true)
        {
            var newline = _buffer.AsSpan(_start, _end - _start).IndexOf((byte)'\n');
            if (newline >= 0 || (_eof && _end > _start))
            {
                var length = newline >= 0 ? newline : _end - _start;
                line = _buffer.AsSpan(_start, length);
                var consumed = newline >= 0 ? length + 1 : length;
                _start += consumed;
                BytesRead += consumed;
                LineNumber++;
                if (line.Length > 0 && line[^1] == (byte)'\r')
                {
                    line = line[..^1];
                }

                if (_first)
                {
                    _first = false;
                    if (line.StartsWith("\uFEFF"u8))
                    {
                        line = line[3..];
                    }
                }

                return true;
            }

            if (_eof)
            {
                line = default;
                return false;
            }

            Fill();
        }
    }

    private void Fill()
    {
        if (_start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
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
        _eof = read == 0;
    }

    public void Dispose()
    {
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = [];
        stream.Dispose();
    }
}
