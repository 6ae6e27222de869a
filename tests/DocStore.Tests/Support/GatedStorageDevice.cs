using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>A memory device whose writes can be held at a gate, to pin a background checkpoint mid-copy.</summary>
internal sealed class GatedStorageDevice(string name) : IStorageDevice
{
    private readonly MemoryStorageDevice _inner = new(name);
    private readonly ManualResetEventSlim _open = new(true);
    private TaskCompletionSource _blocked = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public string Name => _inner.Name;

    public long Length => _inner.Length;

    /// <summary>Completes when a write is waiting at the closed gate.</summary>
    public Task Blocked => _blocked.Task;

    /// <summary>Makes later writes wait until <see cref="Open"/>.</summary>
    public void Close()
    {
        _blocked = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        _open.Reset();
    }

    public void Open() => _open.Set();

    public int Read(long offset, Span<byte> buffer) => _inner.Read(offset, buffer);

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        if (!_open.IsSet)
        {
            _blocked.TrySetResult();
            _open.Wait();
        }

        _inner.Write(offset, data);
    }

    public void Flush() => _inner.Flush();

    public void SetLength(long length) => _inner.SetLength(length);

    public void Dispose()
    {
    }
}
