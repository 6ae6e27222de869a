using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Devices;

/// <summary>
/// A file opened for exclusive use. <see cref="FileShare.None"/> makes .NET take an OS-level exclusive
/// lock (flock on Unix, a share mode on Windows), so a second process, or a second handle in this one,
/// fails to open it; that failure is reported as <see cref="DatabaseLockedException"/>. Opened with
/// unbuffered writes, it also keeps an <see cref="UnbufferedHandle"/> and sends aligned writes through it.
/// </summary>
internal sealed class FileStorageDevice : IStorageDevice
{
    private readonly SafeFileHandle _handle;
    private SafeFileHandle? _unbuffered;

    private FileStorageDevice(string path, SafeFileHandle handle, SafeFileHandle? unbuffered)
    {
        Name = path;
        _handle = handle;
        _unbuffered = unbuffered;
    }

    public string Name { get; }

    /// <summary>True while aligned writes bypass the page cache.</summary>
    public bool WritesUnbuffered => _unbuffered is not null;

    /// <inheritdoc />
    public int PreferredWriteAlignment => _unbuffered is null ? 1 : UnbufferedHandle.Alignment;

    public long Length => RandomAccess.GetLength(_handle);

    /// <summary>Opens or creates <paramref name="path"/> exclusively; with <paramref name="unbufferedWrites"/>, aligned writes bypass the page cache where the system allows it.</summary>
    /// <exception cref="DatabaseLockedException">Another process (or handle) holds the file.</exception>
    public static FileStorageDevice Open(string path, bool unbufferedWrites = false)
    {
        try
        {
            var existed = File.Exists(path);
            var handle = File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, FileOptions.RandomAccess);
            if (!existed)
            {
                try
                {
                    DirectorySync.Sync(Path.GetDirectoryName(Path.GetFullPath(path))!);
                }
                catch
                {
                    handle.Dispose();
                    throw;
                }
            }

            return new FileStorageDevice(path, handle, unbufferedWrites ? UnbufferedHandle.TryOpen(path) : null);
        }
        catch (IOException ex) when (IsSharingViolation(ex))
        {
            throw DatabaseLockedException.ForFile(path, ex);
        }
    }

    // Windows reports ERROR_SHARING_VIOLATION (32) or ERROR_LOCK_VIOLATION (33) in the HRESULT; on Unix a
    // failed flock(LOCK_EX | LOCK_NB) surfaces as the raw errno EWOULDBLOCK (11 on Linux, 35 on macOS).
    private static bool IsSharingViolation(IOException ex) =>
        OperatingSystem.IsWindows() ? (ex.HResult & 0xFFFF) is 32 or 33 : ex.HResult is 11 or 35;

    public int Read(long offset, Span<byte> buffer)
    {
        var total = 0;
        while (total < buffer.Length)
        {
            var n = RandomAccess.Read(_handle, buffer[total..], offset + total);
            if (n == 0)
            {
                break;
            }

            total += n;
        }

        return total;
    }

    public unsafe void Write(long offset, ReadOnlySpan<byte> data)
    {
        if (_unbuffered is { } unbuffered)
        {
            fixed (byte* pinned = data)
            {
                if (UnbufferedHandle.IsAligned(offset, data) && TryWriteUnbuffered(unbuffered, offset, data))
                {
                    return;
                }
            }
        }

        RandomAccess.Write(_handle, data, offset);
    }

    // A file system may accept O_DIRECT at open and still refuse a write it finds misaligned (a logical block
    // larger than 4 KiB): then this device goes back to buffered writes for good, and the caller's write
    // is retried buffered. Any other failure is the caller's to handle.
    private bool TryWriteUnbuffered(SafeFileHandle unbuffered, long offset, ReadOnlySpan<byte> data)
    {
        try
        {
            RandomAccess.Write(unbuffered, data, offset);
            return true;
        }
        catch (IOException ex) when (ex.HResult == InvalidArgument)
        {
            _unbuffered = null;
            unbuffered.Dispose();
            return false;
        }
    }

    // EINVAL, as .NET reports the raw errno in the HResult on Unix.
    private const int InvalidArgument = 22;

    public void Flush() => DataSync.Flush(_handle, Name);

    public void SetLength(long length) => RandomAccess.SetLength(_handle, length);

    public void Dispose()
    {
        _unbuffered?.Dispose();
        _handle.Dispose();
    }
}
