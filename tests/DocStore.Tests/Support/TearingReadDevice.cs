using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>
/// Wraps a database file's device and makes reads of one offset see what a read racing a write sees: the
/// first reads of it run <see cref="Between"/> (another open's checkpoint, which rewrites the page) while
/// they read, and return the first half of the bytes as they were and the rest as they are now. With
/// <see cref="Damaged"/> set, every read of it returns one byte flipped instead. Everything else passes through.
/// </summary>
internal sealed class TearingReadDevice(IStorageDevice inner) : IStorageDevice
{
    /// <summary>The offset whose reads are torn or damaged (-1: none).</summary>
    public long Offset { get; set; } = -1;

    /// <summary>How many reads of <see cref="Offset"/> are still to be torn.</summary>
    public int Tears { get; set; }

    /// <summary>Runs in the middle of each torn read.</summary>
    public Action? Between { get; set; }

    /// <summary>Whether every read of <see cref="Offset"/> returns a flipped byte.</summary>
    public bool Damaged { get; set; }

    /// <summary>Reads of <see cref="Offset"/> so far.</summary>
    public int Reads { get; private set; }

    public string Name => inner.Name;

    public long Length => inner.Length;

    public int PreferredWriteAlignment => inner.PreferredWriteAlignment;

    public bool RewritesWholeBlocks => inner.RewritesWholeBlocks;

    public int LogBlockSize => inner.LogBlockSize;

    public int Read(long offset, Span<byte> buffer)
    {
        if (offset != Offset)
        {
            return inner.Read(offset, buffer);
        }

        Reads++;
        if (Damaged)
        {
            var read = inner.Read(offset, buffer);
            buffer[buffer.Length / 2] ^= 0x5A;
            return read;
        }

        if (Tears <= 0)
        {
            return inner.Read(offset, buffer);
        }

        Tears--;
        var before = new byte[buffer.Length];
        inner.Read(offset, before);
        Between?.Invoke();
        var n = inner.Read(offset, buffer);
        before.AsSpan(0, buffer.Length / 2).CopyTo(buffer);
        return n;
    }

    public void Write(long offset, ReadOnlySpan<byte> data) => inner.Write(offset, data);

    public void BeginWrite(long offset, AlignedBuffer buffer, int length) => inner.BeginWrite(offset, buffer, length);

    public void EndWrite() => inner.EndWrite();

    public void Flush() => inner.Flush();

    public void SetLength(long length) => inner.SetLength(length);

    public void Dispose() => inner.Dispose();
}
