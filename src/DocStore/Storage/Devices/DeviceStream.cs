namespace DocStore.Storage.Devices;

/// <summary>
/// A write-only stream over a device, for the writers of copies (backup, compaction) that position and
/// write a stream: each write goes to the device at the stream's position. <see cref="Flush"/> makes the
/// device durable (fsync), which is what those writers flush for.
/// </summary>
internal sealed class DeviceStream(IStorageDevice device) : Stream
{
    private long _position;

    public override bool CanRead => false;

    public override bool CanSeek => true;

    public override bool CanWrite => true;

    public override long Length => device.Length;

    public override long Position
    {
        get => _position;
        set => _position = value;
    }

    public override void Flush() => device.Flush();

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("A copy's stream is written, not read.");

    public override long Seek(long offset, SeekOrigin origin) => _position = origin switch
    {
        SeekOrigin.Begin => offset,
        SeekOrigin.Current => _position + offset,
        _ => device.Length + offset,
    };

    public override void SetLength(long value) => device.SetLength(value);

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        device.Write(_position, buffer);
        _position += buffer.Length;
    }
}
