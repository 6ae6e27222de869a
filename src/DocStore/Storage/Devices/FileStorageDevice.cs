using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
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

    // Where BeginWrite hands its writes: made on first use, so only a device that is written that way (the
    // redo log) holds a kernel AIO context; once the factory has found none, no later write asks again.
    private readonly Func<IWriteQueue?> _openQueue;
    private IWriteQueue? _queue;
    private bool _queueUnavailable;
    private PendingWrite? _pending;

    // The files this process holds open, by full path (with how many handles), so that a second open here
    // is told the file is open in this process rather than locked by another one.
    private static readonly Dictionary<string, int> s_openHere = new(OperatingSystem.IsWindows() ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal);
    private string? _registeredPath;

    private FileStorageDevice(string path, SafeFileHandle handle, SafeFileHandle? unbuffered, Func<IWriteQueue?> openQueue, bool register = true)
    {
        Name = path;
        _handle = handle;
        _unbuffered = unbuffered;
        _openQueue = openQueue;
        _registeredPath = register ? Register(path) : null;
    }

    private static string Register(string path)
    {
        var full = Path.GetFullPath(path);
        lock (s_openHere)
        {
            s_openHere[full] = s_openHere.GetValueOrDefault(full) + 1;
        }

        return full;
    }

    private static void Unregister(string full)
    {
        lock (s_openHere)
        {
            if (s_openHere.TryGetValue(full, out var count) && count > 1)
            {
                s_openHere[full] = count - 1;
            }
            else
            {
                s_openHere.Remove(full);
            }
        }
    }

    internal static bool IsOpenHere(string path)
    {
        var full = Path.GetFullPath(path);
        lock (s_openHere)
        {
            return s_openHere.ContainsKey(full);
        }
    }

    public string Name { get; }

    /// <summary>The file's handle, for locks that belong to it (<see cref="Sharing.OpenRoleLocks"/>).</summary>
    internal SafeFileHandle Handle => _handle;

    /// <summary>True while aligned writes bypass the page cache.</summary>
    public bool WritesUnbuffered => _unbuffered is not null;

    /// <inheritdoc />
    public int PreferredWriteAlignment => _unbuffered is null ? 1 : UnbufferedHandle.Alignment;

    public long Length => RandomAccess.GetLength(_handle);

    /// <summary>
    /// Opens or creates <paramref name="path"/> exclusively; with <paramref name="unbufferedWrites"/>, aligned
    /// writes bypass the page cache where the system allows it. With <paramref name="createMode"/> (a log
    /// beside a database: its mode) a missing file is created as <see cref="NewFile"/> does, with that mode
    /// and never through a symbolic link.
    /// </summary>
    /// <exception cref="DatabaseLockedException">Another process (or handle) holds the file.</exception>
    /// <exception cref="IOException">With <paramref name="createMode"/>: a symbolic link to nothing lies at <paramref name="path"/>.</exception>
    public static FileStorageDevice Open(string path, bool unbufferedWrites = false, UnixFileMode? createMode = null) => Open(path, unbufferedWrites, LinuxAio.TryCreate, createMode);

    /// <summary>
    /// As <see cref="Open(string, bool, UnixFileMode?)"/>, but shared (flock LOCK_SH on Unix, read and write
    /// sharing on Windows): for a database opened with <see cref="DocStoreSharing.Shared"/>, whose readers in
    /// other processes open the same files; an exclusive open anywhere is refused while it is open.
    /// </summary>
    /// <exception cref="DatabaseLockedException">Another process holds the file exclusively.</exception>
    public static FileStorageDevice OpenShared(string path, bool unbufferedWrites, UnixFileMode? createMode) => Open(path, unbufferedWrites, LinuxAio.TryCreate, createMode, FileShare.ReadWrite);

    /// <summary>As <see cref="Open(string, bool, UnixFileMode?)"/>, with <paramref name="openQueue"/> making the queue that <see cref="BeginWrite"/> hands unbuffered writes to (made on the first such write; null from it: every write synchronous).</summary>
    internal static FileStorageDevice Open(string path, bool unbufferedWrites, Func<IWriteQueue?> openQueue, UnixFileMode? createMode = null, FileShare share = FileShare.None)
    {
        try
        {
            var existed = File.Exists(path);
            var handle = existed || createMode is null
                ? File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, share, FileOptions.RandomAccess)
                : CreateHandle(path, createMode, share);
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

            return new FileStorageDevice(path, handle, unbufferedWrites ? UnbufferedHandle.TryOpen(path) : null, openQueue);
        }
        catch (IOException ex) when (IsSharingViolation(ex))
        {
            throw IsOpenHere(path) ? DatabaseLockedException.OpenInThisProcess(path, ex) : DatabaseLockedException.ForFile(path, ex);
        }
    }

    // Only a FileStream takes a create mode, so the file is made (empty, with its mode) and closed, then
    // opened as any other; one made by another process in between is simply opened.
    private static SafeFileHandle CreateHandle(string path, UnixFileMode? mode, FileShare share)
    {
        try
        {
            using (NewFile.Create(path, mode, FileAccess.Write, FileShare.ReadWrite))
            {
            }
        }
        catch (IOException) when (File.Exists(path))
        {
        }

        return File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, share, FileOptions.RandomAccess);
    }

    /// <summary>
    /// Opens an existing <paramref name="path"/> for reading only, with a shared lock (flock LOCK_SH on Unix,
    /// a read share on Windows): other read-only opens may share it, a writer (exclusive) may not. Nothing is
    /// created or written, so the file and its directory may be read-only.
    /// </summary>
    /// <exception cref="DatabaseLockedException">A writer holds the file.</exception>
    /// <exception cref="FileNotFoundException">There is no such file.</exception>
    public static FileStorageDevice OpenReadOnly(string path, bool shared = false)
    {
        try
        {
            // Shared: a writer in another process has the file open for writing beside this handle.
            var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, shared ? FileShare.ReadWrite : FileShare.Read, FileOptions.RandomAccess);
            return new FileStorageDevice(path, handle, null, static () => null);
        }
        catch (IOException ex) when (IsSharingViolation(ex))
        {
            throw IsOpenHere(path) ? DatabaseLockedException.OpenInThisProcess(path, ex) : DatabaseLockedException.ForFile(path, ex);
        }
    }

    /// <summary>
    /// Opens an existing <paramref name="path"/> for reading only and takes <b>no</b> lock, so it opens while
    /// a writer holds the file exclusively: for a backup from another process, which coordinates with the
    /// writer through <see cref="BackupLockFile"/> instead. Unix only (libc <c>open</c>: .NET locks every
    /// file it opens).
    /// </summary>
    /// <exception cref="FileNotFoundException">There is no such file.</exception>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    public static FileStorageDevice OpenUnlocked(string path)
    {
        var fd = BackupLockFile.OpenReadOnly(path);
        if (fd < 0)
        {
            var errno = Marshal.GetLastPInvokeError();
            throw errno == 2
                ? new FileNotFoundException($"'{path}' does not exist.", path)
                : new IOException($"Cannot open '{path}' for reading (errno {errno}).");
        }

        return new FileStorageDevice(path, new SafeFileHandle(fd, ownsHandle: true), null, static () => null, register: false);
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

    public unsafe void BeginWrite(long offset, AlignedBuffer buffer, int length)
    {
        var data = buffer.Span[..length];
        if (_pending is not null)
        {
            throw new InvalidOperationException($"{Name}: a write is still outstanding.");
        }

        if (_unbuffered is { } unbuffered && UnbufferedHandle.IsAligned(offset, data) && Queue() is { } queue)
        {
            var added = false;
            unbuffered.DangerousAddRef(ref added);
            var address = (nint)Unsafe.AsPointer(ref MemoryMarshal.GetReference(data));
            if (queue.Submit((int)unbuffered.DangerousGetHandle(), address, length, offset))
            {
                _pending = new PendingWrite(unbuffered, buffer, offset, length);
                return;
            }

            unbuffered.DangerousRelease();
        }

        Write(offset, data);
    }

    private IWriteQueue? Queue()
    {
        if (_queue is null && !_queueUnavailable)
        {
            _queue = _openQueue();
            _queueUnavailable = _queue is null;
        }

        return _queue;
    }

    public void EndWrite()
    {
        if (_pending is not { } pending)
        {
            return;
        }

        _pending = null;
        long result;
        try
        {
            result = _queue!.Wait();
        }
        finally
        {
            pending.Handle.DangerousRelease();
        }

        if (result == pending.Length)
        {
            return;
        }

        if (result == -InvalidArgument)
        {
            // As in TryWriteUnbuffered: the file system refused direct I/O after all; write it buffered, for good.
            _unbuffered = null;
            pending.Handle.Dispose();
            RandomAccess.Write(_handle, pending.Buffer.Span[..pending.Length], pending.Offset);
            return;
        }

        if (result < 0)
        {
            throw new IOException($"write of {pending.Length} bytes at offset {pending.Offset} of '{Name}' failed (errno {-result}).", (int)-result);
        }

        // A short write (the disk is full, say): the rest goes the ordinary way, which reports why it fails.
        RandomAccess.Write(_handle, pending.Buffer.Span[(int)result..pending.Length], pending.Offset + result);
    }

    public void Flush() => DataSync.Flush(_handle, Name);

    public void SetLength(long length) => RandomAccess.SetLength(_handle, length);

    public void Dispose()
    {
        if (_pending is not null)
        {
            try
            {
                EndWrite();
            }
            catch (IOException)
            {
                // Closing: whoever started the write has already failed or given up on it.
            }
        }

        _queue?.Dispose();
        _unbuffered?.Dispose();
        _handle.Dispose();
        if (_registeredPath is { } registered)
        {
            _registeredPath = null;
            Unregister(registered);
        }
    }

    private readonly record struct PendingWrite(SafeFileHandle Handle, AlignedBuffer Buffer, long Offset, int Length);
}
