using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>
/// A device that models what a disk may do on failure. Writes land in the visible content at once
/// but stay "unsynced" until <see cref="Flush"/>; <see cref="PowerCut"/> returns what would survive a power
/// loss (only synced bytes, optionally with the first part of one unsynced write torn onto them).
/// Writes and flushes can be made to fail.
/// </summary>
internal sealed class FaultInjectingStorageDevice : IStorageDevice
{
    private readonly Lock _gate = new();
    private readonly MemoryStorageDevice _visible;
    private readonly List<(long Offset, byte[] Data)> _unsynced = [];
    private byte[] _synced;

    public FaultInjectingStorageDevice(string name, byte[]? initialContent = null)
    {
        _visible = new MemoryStorageDevice(name, initialContent);
        _synced = _visible.ToArray();
    }

    /// <summary>When set, every <see cref="Flush"/> throws and the unsynced writes stay unsynced.</summary>
    public bool FailFlush { get; set; }

    /// <summary>When set, every <see cref="Write"/> throws before changing anything.</summary>
    public bool FailWrite { get; set; }

    /// <summary>
    /// When set, a write begun with <see cref="BeginWrite"/> changes nothing and its <see cref="EndWrite"/>
    /// throws: an asynchronous write that the disk reports failed only at completion.
    /// </summary>
    public bool FailWriteAtEnd { get; set; }

    // The failure BeginWrite deferred to EndWrite.
    private IOException? _failedBegun;

    /// <summary>How many flushes succeeded.</summary>
    public int FlushCount { get; private set; }

    /// <summary>The length of the oldest write not yet synced (the one <see cref="PowerCut"/> tears), 0 when there is none.</summary>
    public int FirstUnsyncedWriteLength
    {
        get
        {
            lock (_gate)
            {
                return _unsynced.Count == 0 ? 0 : _unsynced[0].Data.Length;
            }
        }
    }

    /// <summary>How many writes are not yet synced.</summary>
    public int UnsyncedWriteCount
    {
        get
        {
            lock (_gate)
            {
                return _unsynced.Count;
            }
        }
    }

    public string Name => _visible.Name;

    public long Length => _visible.Length;

    public int Read(long offset, Span<byte> buffer) => _visible.Read(offset, buffer);

    /// <summary>A copy of the visible content (synced or not).</summary>
    public byte[] ToArray() => _visible.ToArray();

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        lock (_gate)
        {
            if (FailWrite)
            {
                throw new IOException($"{Name}: injected write failure at offset {offset}.");
            }

            _visible.Write(offset, data);
            _unsynced.Add((offset, data.ToArray()));
        }
    }

    public void BeginWrite(long offset, AlignedBuffer buffer, int length)
    {
        if (FailWriteAtEnd)
        {
            _failedBegun = new IOException($"{Name}: injected failure of the write of {length} bytes at offset {offset}, reported at completion.");
            return;
        }

        Write(offset, buffer.Span[..length]);
    }

    public void EndWrite()
    {
        if (_failedBegun is { } failure)
        {
            _failedBegun = null;
            throw failure;
        }
    }

    public void Flush()
    {
        lock (_gate)
        {
            if (FailFlush)
            {
                throw new IOException($"{Name}: injected fsync failure.");
            }

            _synced = _visible.ToArray();
            _unsynced.Clear();
            FlushCount++;
        }
    }

    public void SetLength(long length)
    {
        lock (_gate)
        {
            // Length changes are treated as metadata that reaches the disk at once (as a journaling file
            // system does); only data writes are modelled as volatile.
            _visible.SetLength(length);
            if (_synced.Length != length)
            {
                var resized = new byte[length];
                _synced.AsSpan(0, (int)Math.Min(length, _synced.Length)).CopyTo(resized);
                _synced = resized;
            }
        }
    }

    /// <summary>
    /// The content a restart would find after a power cut now: the synced bytes, plus, when
    /// <paramref name="tearBytes"/> is positive, the first <paramref name="tearBytes"/> bytes of the
    /// earliest unsynced write (a torn write).
    /// </summary>
    public byte[] PowerCut(int tearBytes = 0)
    {
        lock (_gate)
        {
            var image = (byte[])_synced.Clone();
            if (tearBytes > 0 && _unsynced.Count > 0)
            {
                var (offset, data) = _unsynced[0];
                var n = Math.Min(tearBytes, data.Length);
                var end = offset + n;
                if (end > image.Length)
                {
                    Array.Resize(ref image, (int)end);
                }

                data.AsSpan(0, n).CopyTo(image.AsSpan((int)offset));
            }

            return image;
        }
    }

    public void Dispose() => _visible.Dispose();
}
