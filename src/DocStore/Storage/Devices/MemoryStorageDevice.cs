namespace DocStore.Storage.Devices;

/// <summary>
/// A growable byte array as a device, for a database opened on explicit devices (<c>:memory:</c> databases
/// use none: see MemoryPages). Flush is a no-op because there is nothing beneath memory to make durable.
/// </summary>
internal sealed class MemoryStorageDevice : IStorageDevice
{
    private readonly Lock _gate = new();
    private byte[] _data;
    private long _length;

    public MemoryStorageDevice(string name, byte[]? initialContent = null)
    {
        Name = name;
        _data = initialContent is null ? [] : (byte[])initialContent.Clone();
        _length = _data.Length;
    }

    public string Name { get; }

    public long Length
    {
        get
        {
            lock (_gate)
            {
                return _length;
            }
        }
    }

    public int Read(long offset, Span<byte> buffer)
    {
        lock (_gate)
        {
            if (offset >= _length)
            {
                return 0;
            }

            var n = (int)Math.Min(buffer.Length, _length - offset);
            _data.AsSpan((int)offset, n).CopyTo(buffer);
            return n;
        }
    }

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        lock (_gate)
        {
            var end = offset + data.Length;
            EnsureCapacity(end);
            data.CopyTo(_data.AsSpan((int)offset));
            _length = Math.Max(_length, end);
        }
    }

    public void Flush()
    {
    }

    public void SetLength(long length)
    {
        lock (_gate)
        {
            EnsureCapacity(length);
            if (length < _length)
            {
                _data.AsSpan((int)length, (int)(_length - length)).Clear();
            }

            _length = length;
        }
    }

    /// <summary>A copy of the current content.</summary>
    public byte[] ToArray()
    {
        lock (_gate)
        {
            return _data.AsSpan(0, (int)_length).ToArray();
        }
    }

    private void EnsureCapacity(long needed)
    {
        if (needed > int.MaxValue)
        {
            throw new IOException($"{Name}: a memory device is limited to 2 GiB.");
        }

        if (needed > _data.Length)
        {
            Array.Resize(ref _data, (int)Math.Max(needed, Math.Min((long)_data.Length * 2, int.MaxValue)));
        }
    }

    public void Dispose()
    {
    }
}
