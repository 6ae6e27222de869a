namespace DocStore.Cli.Import;

/// <summary>Splits a UTF-8 stream into lines without decoding it, reusing one buffer that grows to the longest line.</summary>
internal sealed class LineReader(Stream stream) : IDisposable
{
    private readonly StreamWindow _window = new(stream);
    private bool _first = true;

    /// <summary>The 1-based number of the line last returned.</summary>
    public long LineNumber { get; private set; }

    /// <summary>Bytes consumed up to the end of the line last returned.</summary>
    public long BytesRead => _window.Consumed;

    /// <summary>The next line without its terminator (LF or CRLF), or false at the end of the stream.</summary>
    public bool TryReadLine(out ReadOnlySpan<byte> line)
    {
        while (true)
        {
            var pending = _window.Pending;
            var newline = pending.IndexOf((byte)'\n');
            if (newline >= 0 || (_window.AtEnd && pending.Length > 0))
            {
                var length = newline >= 0 ? newline : pending.Length;
                line = pending[..length];
                _window.Consume(newline >= 0 ? length + 1 : length);
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

            if (_window.AtEnd)
            {
                line = default;
                return false;
            }

            _window.Fill();
        }
    }

    public void Dispose() => _window.Dispose();
}
