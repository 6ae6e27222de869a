using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>Wraps a device and runs a hook before each fsync starts and after it finishes; every other call passes through.</summary>
internal sealed class FlushHookDevice(IStorageDevice inner, Action? before, Action? after) : IStorageDevice
{
    /// <summary>Holds each fsync at <paramref name="gate"/> while it is not set, completing <paramref name="held"/> first: a commit then waits inside its fsync.</summary>
    public static FlushHookDevice Gated(IStorageDevice inner, ManualResetEventSlim gate, TaskCompletionSource held) =>
        new(inner, () =>
        {
            if (!gate.IsSet)
            {
                held.TrySetResult();
                gate.Wait();
            }
        }, null);

    /// <summary>Calls <paramref name="flushed"/> after each fsync that finished, to show which commits waited for one.</summary>
    public static FlushHookDevice Counting(IStorageDevice inner, Action flushed) => new(inner, null, flushed);

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
        before?.Invoke();
        inner.Flush();
        after?.Invoke();
    }

    public void SetLength(long length) => inner.SetLength(length);

    public void Dispose() => inner.Dispose();
}
