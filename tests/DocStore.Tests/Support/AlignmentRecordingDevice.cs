using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>A memory device that asks for aligned writes, as a file with unbuffered writes does, and records every write's offset and length.</summary>
internal sealed class AlignmentRecordingDevice(string name, int alignment) : IStorageDevice
{
    private readonly MemoryStorageDevice _inner = new(name);

    public List<(long Offset, int Length)> Writes { get; } = [];

    public string Name => _inner.Name;

    public long Length => _inner.Length;

    public int PreferredWriteAlignment => alignment;

    public int Read(long offset, Span<byte> buffer) => _inner.Read(offset, buffer);

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        Writes.Add((offset, data.Length));
        _inner.Write(offset, data);
    }

    public void Flush() => _inner.Flush();

    public void SetLength(long length) => _inner.SetLength(length);

    public byte[] ToArray() => _inner.ToArray();

    public void Dispose() => _inner.Dispose();
}
