namespace DocStore.Storage.Devices;

/// <summary>
/// A device over a file stream another object owns (a staged copy): lets a copy written as a stream go
/// through a device wrapper such as an encrypted one. Flush is an fsync; disposing leaves the stream open.
/// </summary>
internal sealed class StreamDevice(FileStream stream) : IStorageDevice
{
    public string Name => stream.Name;

    public long Length => stream.Length;

    public int Read(long offset, Span<byte> buffer)
    {
        stream.Position = offset;
        var total = 0;
        while (total < buffer.Length)
        {
            var n = stream.Read(buffer[total..]);
            if (n == 0)
            {
                break;
            }

            total += n;
        }

        return total;
    }

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        stream.Position = offset;
        stream.Write(data);
    }

    public void Flush() => stream.Flush(flushToDisk: true);

    public void SetLength(long length) => stream.SetLength(length);

    public void Dispose()
    {
    }
}
