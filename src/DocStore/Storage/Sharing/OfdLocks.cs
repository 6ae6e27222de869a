using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Sharing;

/// <summary>
/// Linux open-file-description locks (fcntl <c>F_OFD_SETLK</c>/<c>F_OFD_GETLK</c>) on one byte: they belong
/// to the descriptor that took them, not to the whole process as classic record locks do, so another
/// descriptor of the same file opened and closed in this process does not drop them.
/// </summary>
internal static unsafe partial class OfdLocks
{
    /// <summary>fcntl's F_OFD_GETLK: asks whether a lock would conflict.</summary>
    public const int GetLock = 36;

    /// <summary>fcntl's F_OFD_SETLK: takes or releases a lock without waiting.</summary>
    public const int SetLock = 37;

    /// <summary>A shared (read) lock.</summary>
    public const short ReadLock = 0;

    /// <summary>An exclusive (write) lock.</summary>
    public const short WriteLock = 1;

    /// <summary>No lock: releases with <see cref="SetLock"/>; what <see cref="GetLock"/> answers when nothing conflicts.</summary>
    public const short NoLock = 2;

    private const int InvalidArgument = 22;

    // Cleared the first time the kernel refuses the command (EINVAL: no OFD locks before Linux 3.15).
    private static bool s_supported = OperatingSystem.IsLinux() && Environment.Is64BitProcess;

    /// <summary>Whether this process can use OFD locks (64-bit Linux whose kernel has not refused them).</summary>
    public static bool Supported => Volatile.Read(ref s_supported);

    /// <summary>
    /// Runs <paramref name="command"/> on the byte at <paramref name="offset"/> of <paramref name="handle"/>.
    /// Set: true once done, false when another descriptor holds a conflicting lock. Get: true when a lock of
    /// <paramref name="type"/> would conflict. Null when the kernel lacks OFD locks (from then on
    /// <see cref="Supported"/> is false).
    /// </summary>
    /// <exception cref="IOException">The system refused for another reason; the message names <paramref name="name"/>.</exception>
    public static bool? Call(SafeFileHandle handle, int command, long offset, short type, string name)
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
                    return command == GetLock ? request.Type != NoLock : true;
                }

                var error = Marshal.GetLastPInvokeError();
                switch (error)
                {
                    case 4:   // EINTR: a signal arrived during the call.
                        continue;
                    case 11 or 13:   // EAGAIN, EACCES: another descriptor holds a conflicting lock.
                        return false;
                    case InvalidArgument:
                        Volatile.Write(ref s_supported, false);
                        return null;
                    default:
                        throw new IOException($"Locking byte {offset} of '{name}' failed: {Marshal.GetPInvokeErrorMessage(error)} (errno {error}).");
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
