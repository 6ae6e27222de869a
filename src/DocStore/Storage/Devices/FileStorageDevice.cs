using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Devices;

/// <summary>
/// A file opened for exclusive use. <see cref="FileShare.None"/> makes .NET take an OS-level exclusive
/// lock (flock on Unix, a share mode on Windows), so a second process, or a second handle in this one,
/// fails to open it; that failure is reported as <see cref="DatabaseLockedException"/>.
/// </summary>
internal sealed class FileStorageDevice : IStorageDevice
{
    private readonly SafeFileHandle _handle;

    private FileStorageDevice(string path, SafeFileHandle handle)
    {
        Name = path;
        _handle = handle;
    }

    public string Name { get; }

    public long Length => RandomAccess.GetLength(_handle);

    /// <summary>Opens or creates <paramref name="path"/> exclusively.</summary>
    /// <exception cref="DatabaseLockedException">Another process (or handle) holds the file.</exception>
    public static FileStorageDevice Open(string path)
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

            return new FileStorageDevice(path, handle);
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

    public void Write(long offset, ReadOnlySpan<byte> data) => RandomAccess.Write(_handle, data, offset);

    public void Flush() => RandomAccess.FlushToDisk(_handle);

    public void SetLength(long length) => RandomAccess.SetLength(_handle, length);

    public void Dispose() => _handle.Dispose();
}
