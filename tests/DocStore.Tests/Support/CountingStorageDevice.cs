using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>A memory device that counts the reads made of it, to show what a step read back from storage.</summary>
internal sealed class CountingStorageDevice(string name) : IStorageDevice
{
    private readonly MemoryStorageDevice _inner = new(name);
    private int _reads;

    public string Name => _inner.Name;

    public long Length => _inner.Length;

    /// <summary>Reads made so far.</summary>
    public int Reads => Volatile.Read(ref _reads);

    public int Read(long offset, Span<byte> buffer)
    {
        Interlocked.Increment(ref _reads);
        return _inner.Read(offset, buffer);
    }

    public void Write(long offset, ReadOnlySpan<byte> data) => _inner.Write(offset, data);

    public void Flush() => _inner.Flush();

    public void SetLength(long length) => _inner.SetLength(length);

    public void Dispose() => _inner.Dispose();
}
