using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// A device may start a write and let the caller work while the disk does it (<see cref="IStorageDevice.BeginWrite"/>,
/// then <see cref="IStorageDevice.EndWrite"/>): an unbuffered file on Linux hands aligned writes to native AIO,
/// every other write and every other device writes at once. Either way the bytes that come back are the ones written.
/// </summary>
public sealed class AsyncDeviceWriteTests
{
    private const int Block = 4096;

    [Fact]
    public void Aligned_writes_begun_and_ended_on_an_unbuffered_file_read_back_exactly()
    {
        using var temp = new TempDirectory();
        using var device = FileStorageDevice.Open(temp.File("a.bin"), unbufferedWrites: true);
        var buffer = AlignedBuffer.Allocate(3 * Block, Block);

        // Overwrites, writes that extend the file (one leaves a hole), and writes of only part of the buffer,
        // so a device that wrote the whole buffer, or at the wrong place, shows in the length or the bytes.
        var writes = new (long Offset, int Length)[] { (0, 3 * Block), (Block, Block), (5 * Block, 2 * Block), (0, Block), (2 * Block, 3 * Block), (9 * Block, Block) };
        var expected = Array.Empty<byte>();
        for (var round = 0; round < writes.Length; round++)
        {
            var (offset, length) = writes[round];
            new Random(round).NextBytes(buffer.Span);
            device.BeginWrite(offset, buffer, length);
            device.EndWrite();

            var end = (int)offset + length;
            if (end > expected.Length)
            {
                Array.Resize(ref expected, end);
            }

            buffer.Span[..length].CopyTo(expected.AsSpan((int)offset));

            // Reading through the buffered handle after every round also fills the page cache with bytes the
            // next rounds overwrite directly: what comes back must be the newer bytes, never the cached ones.
            Assert.Equal(expected.Length, device.Length);
            var read = new byte[expected.Length];
            Assert.Equal(read.Length, device.Read(0, read));
            Assert.Equal(expected, read);
        }
    }

    [LinuxFact]
    public void A_second_write_begun_while_one_is_outstanding_is_refused_and_leaves_nothing_behind()
    {
        using var temp = new TempDirectory();
        using var device = FileStorageDevice.Open(temp.File("b.bin"), unbufferedWrites: true);
        var first = AlignedBuffer.Allocate(Block, Block);
        var second = AlignedBuffer.Allocate(Block, Block);
        first.Span.Fill(1);
        second.Span.Fill(2);

        // Only a write handed to the kernel stays outstanding; where the file system refuses direct I/O or the
        // kernel gives no AIO context, BeginWrite wrote at once and there is nothing to refuse.
        var asynchronous = device.WritesUnbuffered && AioAvailable();
        device.BeginWrite(0, first, Block);
        if (asynchronous)
        {
            Assert.Throws<InvalidOperationException>(() => device.BeginWrite(Block, second, Block));
        }
        else
        {
            device.BeginWrite(Block, second, Block);
        }

        device.EndWrite();
        var read = new byte[2 * Block];
        var n = device.Read(0, read);
        Assert.All(read[..Block], b => Assert.Equal(1, b));
        if (asynchronous)
        {
            // The refused write changed nothing: the file ends after the first one.
            Assert.Equal(Block, n);
            Assert.Equal(Block, device.Length);

            // And the device takes the next write once the first is ended.
            device.BeginWrite(Block, second, Block);
            device.EndWrite();
            Assert.Equal(2 * Block, device.Read(0, read));
        }

        Assert.All(read[Block..], b => Assert.Equal(2, b));
    }

    [Fact]
    public void Misaligned_writes_fall_back_to_writing_at_once_and_keep_the_device_unbuffered()
    {
        using var temp = new TempDirectory();
        using var device = FileStorageDevice.Open(temp.File("c.bin"), unbufferedWrites: true);
        var unbuffered = device.WritesUnbuffered;
        var aligned = AlignedBuffer.Allocate(2 * Block, Block);
        new Random(1).NextBytes(aligned.Span);

        // A buffer whose start is only byte-aligned (by chance it may still sit on a page; the bytes must be
        // right either way).
        var loose = AlignedBuffer.Allocate(Block + 1, 1);
        new Random(2).NextBytes(loose.Span);

        var expected = new byte[(4 * Block) + 1];
        var writes = new (long Offset, AlignedBuffer Buffer, int Length)[]
        {
            (0, aligned, 100), // length not a multiple of a block
            (100, aligned, Block), // offset off a block
            (2 * Block, loose, Block), // buffer address possibly off a block
            (3 * Block, aligned, Block + 1), // runs one byte past a block
        };
        foreach (var (offset, buffer, length) in writes)
        {
            device.BeginWrite(offset, buffer, length);
            device.EndWrite();
            buffer.Span[..length].CopyTo(expected.AsSpan((int)offset));
        }

        var read = new byte[expected.Length];
        Assert.Equal(expected.Length, device.Length);
        Assert.Equal(read.Length, device.Read(0, read));
        Assert.Equal(expected, read);

        // Only a file system refusing direct I/O turns unbuffered writes off, not a write it could not take.
        Assert.Equal(unbuffered, device.WritesUnbuffered);
    }

    [Fact]
    public void Disposing_a_device_with_a_write_outstanding_finishes_the_write()
    {
        using var temp = new TempDirectory();
        var path = temp.File("d.bin");
        var buffer = AlignedBuffer.Allocate(2 * Block, Block);
        new Random(3).NextBytes(buffer.Span);
        using (var device = FileStorageDevice.Open(path, unbufferedWrites: true))
        {
            device.BeginWrite(Block, buffer, 2 * Block);
        }

        // The kernel must not be left writing from a buffer nobody waits for, and the write must not be lost.
        var content = File.ReadAllBytes(path);
        Assert.Equal(3 * Block, content.Length);
        Assert.All(content[..Block], b => Assert.Equal(0, b));
        Assert.Equal(buffer.Span.ToArray(), content[Block..]);
    }

    [Fact]
    public void A_memory_device_writes_at_once_when_a_write_is_begun()
    {
        IStorageDevice device = new MemoryStorageDevice("m.bin");
        var buffer = AlignedBuffer.Allocate(2 * Block, Block);
        new Random(4).NextBytes(buffer.Span);

        // Visible before EndWrite, and only the first length bytes of the buffer.
        device.BeginWrite(Block, buffer, 100);
        Assert.Equal(Block + 100, device.Length);
        var read = new byte[100];
        Assert.Equal(100, device.Read(Block, read));
        Assert.Equal(buffer.Span[..100].ToArray(), read);
        device.EndWrite();

        // Nothing is outstanding, so a second write may begin straight away.
        device.BeginWrite(0, buffer, Block);
        device.BeginWrite(Block, buffer, Block);
        device.EndWrite();
        var all = new byte[2 * Block];
        Assert.Equal(2 * Block, device.Read(0, all));
        Assert.Equal(buffer.Span[..Block].ToArray(), all[..Block]);
        Assert.Equal(buffer.Span[..Block].ToArray(), all[Block..]);
    }

    [Fact]
    public void A_write_begun_on_a_fault_injecting_device_is_an_ordinary_write_that_can_fail_and_be_lost()
    {
        // The default BeginWrite goes through Write, so the tests that cut power or fail writes under the
        // redo log see its records like any other write.
        var fault = new FaultInjectingStorageDevice("f.bin");
        IStorageDevice device = fault;
        var buffer = AlignedBuffer.Allocate(Block, Block);
        buffer.Span.Fill(9);

        device.BeginWrite(0, buffer, Block);
        device.EndWrite();
        Assert.Equal(1, fault.UnsyncedWriteCount);
        Assert.Empty(fault.PowerCut());
        device.Flush();
        Assert.Equal(buffer.Span.ToArray(), fault.PowerCut());

        fault.FailWrite = true;
        Assert.Throws<IOException>(() => device.BeginWrite(Block, buffer, Block));
        Assert.Equal(Block, device.Length);
    }

    private static bool AioAvailable()
    {
        using var aio = LinuxAio.TryCreate();
        return aio is not null;
    }
}
