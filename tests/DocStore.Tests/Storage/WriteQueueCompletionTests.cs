using System.Runtime.InteropServices;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Tests.Storage;

/// <summary>
/// What a file device does with each answer the kernel's write queue can give (<see cref="IWriteQueue"/>,
/// Linux AIO in production): a refused submission, a completed write, an error, a file system that turns
/// direct I/O down only at completion (EINVAL), and a short write. The queue here is scripted, so every
/// answer is produced on demand; the bytes on disk and the device's state afterwards are what is checked.
/// </summary>
public sealed class WriteQueueCompletionTests
{
    private const int Block = 4096;
    private const int InvalidArgument = 22;
    private const int IoError = 5;

    [DirectIoFact]
    public void A_refused_submission_is_written_at_once()
    {
        using var temp = new TempDirectory();
        var queue = new ScriptedQueue { Accept = false };
        using var device = FileStorageDevice.Open(temp.File("a.bin"), unbufferedWrites: true, () => queue);
        var buffer = Filled(Block, 1);

        device.BeginWrite(0, buffer, Block);

        // Already on the file before EndWrite, which then has nothing to wait for.
        Assert.Equal(Block, device.Length);
        device.EndWrite();
        Assert.Equal(1, queue.Submissions);
        Assert.Equal(0, queue.Waits);
        Assert.Equal(buffer.Span.ToArray(), ReadAll(device));
    }

    [DirectIoFact]
    public void A_completed_write_is_waited_for_once_and_lands_where_asked()
    {
        using var temp = new TempDirectory();
        var queue = new ScriptedQueue();
        using var device = FileStorageDevice.Open(temp.File("b.bin"), unbufferedWrites: true, () => queue);
        var buffer = Filled(2 * Block, 2);

        device.BeginWrite(Block, buffer, 2 * Block);
        device.EndWrite();
        device.EndWrite();

        Assert.Equal(1, queue.Waits);
        var content = ReadAll(device);
        Assert.Equal(3 * Block, content.Length);
        Assert.All(content[..Block], b => Assert.Equal(0, b));
        Assert.Equal(buffer.Span.ToArray(), content[Block..]);
    }

    [DirectIoFact]
    public void An_error_at_completion_names_the_file_and_errno_and_the_device_takes_the_next_write()
    {
        using var temp = new TempDirectory();
        var path = temp.File("c.bin");
        var queue = new ScriptedQueue { Results = { -IoError } };
        using var device = FileStorageDevice.Open(path, unbufferedWrites: true, () => queue);

        device.BeginWrite(0, Filled(Block, 3), Block);
        var error = Assert.Throws<IOException>(device.EndWrite);
        Assert.Contains(path, error.Message);
        Assert.Contains($"errno {IoError}", error.Message);

        // Nothing of the failed write is on the file, and the failure does not leave a write outstanding.
        Assert.Equal(0, device.Length);
        var next = Filled(Block, 4);
        device.BeginWrite(0, next, Block);
        device.EndWrite();
        Assert.Equal(next.Span.ToArray(), ReadAll(device));
        Assert.True(device.WritesUnbuffered);
    }

    [DirectIoFact]
    public void Direct_io_refused_at_completion_is_written_buffered_and_turned_off_for_good()
    {
        using var temp = new TempDirectory();
        var queue = new ScriptedQueue { Results = { -InvalidArgument } };
        using var device = FileStorageDevice.Open(temp.File("d.bin"), unbufferedWrites: true, () => queue);
        var first = Filled(Block, 5);

        device.BeginWrite(0, first, Block);
        device.EndWrite();
        Assert.Equal(first.Span.ToArray(), ReadAll(device));
        Assert.False(device.WritesUnbuffered);

        // Later aligned writes no longer go to the queue: they are written at once, buffered.
        var second = Filled(Block, 6);
        device.BeginWrite(Block, second, Block);
        device.EndWrite();
        Assert.Equal(1, queue.Submissions);
        Assert.Equal([.. first.Span, .. second.Span], ReadAll(device));
    }

    [DirectIoFact]
    public void A_short_write_is_finished_by_writing_the_rest()
    {
        using var temp = new TempDirectory();
        var queue = new ScriptedQueue { Results = { Block } };
        using var device = FileStorageDevice.Open(temp.File("e.bin"), unbufferedWrites: true, () => queue);
        var buffer = Filled(3 * Block, 7);

        // The queue writes only the first block (as a full disk or a signal may cut a write short).
        device.BeginWrite(0, buffer, 3 * Block);
        device.EndWrite();

        Assert.Equal(buffer.Span.ToArray(), ReadAll(device));
    }

    [DirectIoFact]
    public void A_queue_that_cannot_be_made_is_asked_for_once_and_writes_happen_at_once()
    {
        using var temp = new TempDirectory();
        var asked = 0;
        using var device = FileStorageDevice.Open(temp.File("f.bin"), unbufferedWrites: true, () =>
        {
            asked++;
            return null;
        });

        for (var i = 0; i < 3; i++)
        {
            var buffer = Filled(Block, (byte)(10 + i));
            device.BeginWrite(i * Block, buffer, Block);
            Assert.Equal((i + 1) * Block, device.Length);
            device.EndWrite();
        }

        // Each commit would otherwise pay a failing io_setup call.
        Assert.Equal(1, asked);
    }

    private static AlignedBuffer Filled(int length, byte value)
    {
        var buffer = AlignedBuffer.Allocate(length, Block);
        buffer.Span.Fill(value);
        return buffer;
    }

    private static byte[] ReadAll(FileStorageDevice device)
    {
        var content = new byte[device.Length];
        Assert.Equal(content.Length, device.Read(0, content));
        return content;
    }

    /// <summary>
    /// A queue that writes synchronously at submission (through the same descriptor the device passes) and
    /// reports each scripted result in turn at <see cref="Wait"/>: a full length, a shorter count (only that
    /// many bytes are written), or a negative errno (nothing is written).
    /// </summary>
    private sealed class ScriptedQueue : IWriteQueue
    {
        private long _result;

        public bool Accept { get; init; } = true;

        public List<long> Results { get; } = [];

        public int Submissions { get; private set; }

        public int Waits { get; private set; }

        public bool Submit(int fd, nint address, int length, long offset)
        {
            Submissions++;
            if (!Accept)
            {
                return false;
            }

            _result = Results.Count > 0 ? Results[0] : length;
            if (Results.Count > 0)
            {
                Results.RemoveAt(0);
            }

            if (_result > 0)
            {
                // The descriptor is the device's O_DIRECT one, which takes only aligned buffers.
                var bytes = new byte[_result];
                Marshal.Copy(address, bytes, 0, bytes.Length);
                var aligned = AlignedBuffer.Allocate(bytes.Length, Block);
                bytes.CopyTo(aligned.Span);
                using var handle = new SafeFileHandle(fd, ownsHandle: false);
                RandomAccess.Write(handle, aligned.Span[..bytes.Length], offset);
            }

            return true;
        }

        public long Wait()
        {
            Waits++;
            return _result;
        }

        public void Dispose()
        {
        }
    }
}
