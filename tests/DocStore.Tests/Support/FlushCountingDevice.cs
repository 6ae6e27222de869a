using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>Wraps a device and counts the fsyncs that finished on it, to show which commits waited for one.</summary>
internal sealed class FlushCountingDevice(IStorageDevice inner, Action flushed) : IStorageDevice
{
    public string Name => inner.Name;

    public long Length => inner.Length;

    public int PreferredWriteAlignment => inner.PreferredWriteAlignment;

    public bool RewritesWholeBlocks => inner.RewritesWholeBlocks;

    public int Read(long offset, Span<byte> buffer) => inner.Read(offset, buffer);

    public void Write(long offset, ReadOnlySpan<byte> data) => inner.Write(offset, data);

    public void BeginWrite(long offset, AlignedBuffer buffer, int length) => inner.BeginWrite(offset, buffer, length);

    public void EndWrite() => inner.EndWrite();

    public void Flush()
    {
        inner.Flush();
        flushed();
    }

    public void SetLength(long length) => inner.SetLength(length);

    public void Dispose() => inner.Dispose();
}
