using System.Runtime.Versioning;

namespace DocStore.Storage.Sharing;

/// <summary>
/// One-byte locks on the shared file. On 64-bit Linux they are open-file-description locks (fcntl
/// <c>F_OFD_SETLK</c>): they belong to the shared file's own descriptor, so a process that opens and closes
/// the same file through another descriptor (a diagnostic read, a copy) does not drop them, as it would drop
/// classic fcntl record locks, which belong to the whole process. Elsewhere (Windows, FreeBSD, a kernel
/// older than 3.15) <see cref="FileStream.Lock"/>'s own locks.
/// </summary>
[UnsupportedOSPlatform("macos")]
[UnsupportedOSPlatform("ios")]
[UnsupportedOSPlatform("tvos")]
[UnsupportedOSPlatform("maccatalyst")]
internal static class ByteRangeLocks
{
    /// <summary>Takes the byte at <paramref name="offset"/> without waiting; false when another holder has it.</summary>
    /// <exception cref="IOException">The system refused the lock for another reason than a holder.</exception>
    public static bool TryLock(FileStream file, long offset)
    {
        if (OfdLocks.Supported)
        {
            var result = Set(file, offset, OfdLocks.WriteLock);
            if (result is not null)
            {
                return result.Value;
            }
        }

        try
        {
            file.Lock(offset, 1);
            return true;
        }
        catch (IOException)
        {
            return false;
        }
    }

    /// <summary>Releases a byte this descriptor holds.</summary>
    public static void Unlock(FileStream file, long offset)
    {
        if (OfdLocks.Supported && Set(file, offset, OfdLocks.NoLock) is not null)
        {
            return;
        }

        file.Unlock(offset, 1);
    }

    // True when set, false when another holder has the byte; null when the kernel lacks OFD locks (from then
    // on FileStream's locks are used, the same on every descriptor of the process).
    private static bool? Set(FileStream file, long offset, short type) =>
        OfdLocks.Call(file.SafeFileHandle, OfdLocks.SetLock, offset, type, file.Name);
}
