namespace DocStore.Storage.Devices;

/// <summary>
/// A device that reads through to another one but keeps its own writes in memory, in blocks that shadow
/// the device beneath: for a trial open that runs recovery as usual while the files stay exactly as they
/// were (see <c>EmptyFileRecovery</c>), and for a read-only open of an empty file. Flushes do nothing;
/// disposing it disposes the inner device only when it owns it.
/// </summary>
internal sealed class ScratchOverlayDevice : IStorageDevice
{
    private readonly bool _ownsInner;
    private const int BlockSize = 4096;
    private readonly Lock _gate = new();
    private readonly IStorageDevice _inner;
    private readonly Dictionary<long, byte[]> _blocks = [];
    private long _length;

    // Bytes of the inner device still visible: a truncation hides the rest for good (growing again shows zeros).
    private long _innerVisible;

    public ScratchOverlayDevice(IStorageDevice inner, bool ownsInner = false)
    {
        _inner = inner;
        _ownsInner = ownsInner;
        _length = _innerVisible = inner.Length;
    }

    public string Name => _inner.Name;

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

            var count = (int)Math.Min(buffer.Length, _length - offset);
            for (var done = 0; done < count;)
            {
                var position = offset + done;
                var block = position / BlockSize;
                var within = (int)(position % BlockSize);
                var n = Math.Min(count - done, BlockSize - within);
                var target = buffer.Slice(done, n);
                if (_blocks.TryGetValue(block, out var data))
                {
                    data.AsSpan(within, n).CopyTo(target);
                }
                else
                {
                    ReadInner(position, target);
                }

                done += n;
            }

            return count;
        }
    }

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        lock (_gate)
        {
            for (var done = 0; done < data.Length;)
            {
                var position = offset + done;
                var block = position / BlockSize;
                var within = (int)(position % BlockSize);
                var n = Math.Min(data.Length - done, BlockSize - within);
                if (!_blocks.TryGetValue(block, out var copy))
                {
                    copy = new byte[BlockSize];
                    ReadInner(block * BlockSize, copy);
                    _blocks[block] = copy;
                }

                data.Slice(done, n).CopyTo(copy.AsSpan(within));
                done += n;
            }

            _length = Math.Max(_length, offset + data.Length);
        }
    }

    public void Flush()
    {
    }

    public void SetLength(long length)
    {
        lock (_gate)
        {
            if (length < _length)
            {
                _innerVisible = Math.Min(_innerVisible, length);
                var firstGone = (length + BlockSize - 1) / BlockSize;
                foreach (var block in _blocks.Keys.Where(b => b >= firstGone).ToList())
                {
                    _blocks.Remove(block);
                }

                if (length % BlockSize != 0 && _blocks.TryGetValue(length / BlockSize, out var partial))
                {
                    partial.AsSpan((int)(length % BlockSize)).Clear();
                }
            }

            _length = length;
        }
    }

    // Bytes of the inner device, zeros past what is still visible of it.
    private void ReadInner(long position, Span<byte> target)
    {
        target.Clear();
        if (position < _innerVisible)
        {
            _inner.Read(position, target[..(int)Math.Min(target.Length, _innerVisible - position)]);
        }
    }

    public void Dispose()
    {
        if (_ownsInner)
        {
            _inner.Dispose();
        }
    }
}
