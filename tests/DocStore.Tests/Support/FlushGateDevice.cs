using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>Wraps a device so that its fsyncs can be held at a gate: a commit then waits inside its fsync.</summary>
internal sealed class FlushGateDevice(IStorageDevice inner, ManualResetEventSlim gate, TaskCompletionSource held) : IStorageDevice
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
        if (!gate.IsSet)
        {
            held.TrySetResult();
            gate.Wait();
        }

        inner.Flush();
    }

    public void SetLength(long length) => inner.SetLength(length);

    public void Dispose() => inner.Dispose();
}
