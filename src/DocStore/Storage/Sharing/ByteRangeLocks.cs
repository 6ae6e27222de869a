using System.Runtime.InteropServices;
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
internal static unsafe partial class ByteRangeLocks
{
    private const int OfdSetLock = 37;
    private const short WriteLock = 1;
    private const short NoLock = 2;
    private const int InvalidArgument = 22;

    // Cleared the first time the kernel refuses the command (EINVAL: no OFD locks before Linux 3.15).
    private static bool s_openFileDescriptionLocks = OperatingSystem.IsLinux() && Environment.Is64BitProcess;

    /// <summary>Takes the byte at <paramref name="offset"/> without waiting; false when another holder has it.</summary>
    /// <exception cref="IOException">The system refused the lock for another reason than a holder.</exception>
    public static bool TryLock(FileStream file, long offset)
    {
        if (Volatile.Read(ref s_openFileDescriptionLocks))
        {
            var result = Set(file, offset, WriteLock);
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
        if (Volatile.Read(ref s_openFileDescriptionLocks) && Set(file, offset, NoLock) is not null)
        {
            return;
        }

        file.Unlock(offset, 1);
    }

    // True when set, false when another holder has the byte; null when the kernel lacks OFD locks (from then
    // on FileStream's locks are used, the same on every descriptor of the process).
    private static bool? Set(FileStream file, long offset, short type)
    {
        var request = new Flock { Type = type, Whence = 0, Start = offset, Length = 1, Pid = 0 };
        var handle = file.SafeFileHandle;
        var added = false;
        try
        {
            handle.DangerousAddRef(ref added);
            while (true)
            {
                if (Fcntl((int)handle.DangerousGetHandle(), OfdSetLock, &request) == 0)
                {
                    return true;
                }

                var error = Marshal.GetLastPInvokeError();
                switch (error)
                {
                    case 4:   // EINTR: a signal arrived during the call.
                        continue;
                    case 11 or 13:   // EAGAIN, EACCES: another descriptor holds a conflicting lock.
                        return false;
                    case InvalidArgument:
                        Volatile.Write(ref s_openFileDescriptionLocks, false);
                        return null;
                    default:
                        throw new IOException($"Locking byte {offset} of '{file.Name}' failed: {Marshal.GetPInvokeErrorMessage(error)} (errno {error}).");
                }
            }
        }
        finally
        {
            if (added)
            {
                handle.DangerousRelease();
            }
        }
    }

    // struct flock of 64-bit Linux (x86-64 and arm64 alike): l_type, l_whence, l_start, l_len, l_pid.
    [StructLayout(LayoutKind.Sequential)]
    private struct Flock
    {
        public short Type;
        public short Whence;
        public long Start;
        public long Length;
        public int Pid;
        private readonly int _padding;
    }

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int Fcntl(int descriptor, int command, Flock* request);
}
