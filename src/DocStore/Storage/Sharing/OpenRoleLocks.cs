using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Sharing;

/// <summary>
/// Keeps an exclusive read-only open and a shared writer of one database apart on Linux (docs/storage.md,
/// "Which opens go together"). Both take a shared flock on the file, which lets them in beside each other,
/// yet the writer's checkpoints rewrite pages and restart the log under a reader that believes nobody
/// writes. So each also holds a read lock on a byte of its own past any file's end (an open-file-description
/// lock, kept by the database file's descriptor until it closes) and, holding it, looks for the other's: of
/// two that open at once at least one sees the other and is refused. Elsewhere nothing is needed (Windows's
/// share modes already refuse a writer beside a reader that shares reading only) or available.
/// </summary>
internal static unsafe partial class OpenRoleLocks
{
    private const int OfdGetLock = 36;
    private const int OfdSetLock = 37;
    private const short ReadLock = 0;
    private const short WriteLock = 1;
    private const short NoLock = 2;

    // Locks are advisory on Linux, so the bytes may lie anywhere; these are past any file's end.
    private const long ExclusiveReaderByte = 1L << 62;
    private const long SharedWriterByte = ExclusiveReaderByte + 1;

    // Cleared the first time the kernel refuses the command (EINVAL: no OFD locks before Linux 3.15).
    private static bool s_supported = OperatingSystem.IsLinux() && Environment.Is64BitProcess;

    /// <summary>An exclusive read-only open of <paramref name="path"/>, on its database file's <paramref name="handle"/>.</summary>
    /// <exception cref="DatabaseLockedException">A process (this one included) has the file open to write shared.</exception>
    public static void EnterExclusiveReader(SafeFileHandle handle, string path) =>
        Enter(handle, path, ExclusiveReaderByte, SharedWriterByte, DatabaseLockedException.WrittenShared);

    /// <summary>A shared open of <paramref name="path"/> that may write, on its database file's <paramref name="handle"/>.</summary>
    /// <exception cref="DatabaseLockedException">A process (this one included) has the file open read-only with Sharing = Exclusive.</exception>
    public static void EnterSharedWriter(SafeFileHandle handle, string path) =>
        Enter(handle, path, SharedWriterByte, ExclusiveReaderByte, static p => DatabaseLockedException.SharedOpenRefused(
            p, "a process has it open read-only with Sharing = Exclusive, which promises that reader nothing writes the file; close it there, or open it there with Sharing = Shared"));

    private static void Enter(SafeFileHandle handle, string path, long own, long other, Func<string, DatabaseLockedException> refusal)
    {
        if (!Volatile.Read(ref s_supported) || Call(handle, OfdSetLock, own, ReadLock, path) is null)
        {
            return;
        }

        if (Call(handle, OfdGetLock, other, WriteLock, path) is true)
        {
            _ = Call(handle, OfdSetLock, own, NoLock, path);
            throw refusal(path);
        }
    }

    // Set: true once set, false when a conflicting lock is held. Get: true when a lock elsewhere would
    // conflict with one of `type`. Null when the kernel lacks OFD locks (from then on nothing is locked).
    private static bool? Call(SafeFileHandle handle, int command, long offset, short type, string path)
    {
        var request = new Flock { Type = type, Whence = 0, Start = offset, Length = 1, Pid = 0 };
        var added = false;
        try
        {
            handle.DangerousAddRef(ref added);
            while (true)
            {
                if (Fcntl((int)handle.DangerousGetHandle(), command, &request) == 0)
                {
                    return command == OfdGetLock ? request.Type != NoLock : true;
                }

                var error = Marshal.GetLastPInvokeError();
                switch (error)
                {
                    case 4:   // EINTR: a signal arrived during the call.
                        continue;
                    case 11 or 13:   // EAGAIN, EACCES: another descriptor holds a conflicting lock.
                        return false;
                    case 22:   // EINVAL: no OFD locks here.
                        Volatile.Write(ref s_supported, false);
                        return null;
                    default:
                        throw new IOException($"Locking byte {offset} of '{path}' failed: {Marshal.GetPInvokeErrorMessage(error)} (errno {error}).");
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
