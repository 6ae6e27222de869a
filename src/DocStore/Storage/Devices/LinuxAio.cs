using System.Runtime.InteropServices;

namespace DocStore.Storage.Devices;

/// <summary>
/// Linux native asynchronous I/O (<c>io_setup</c>, <c>io_submit</c>, <c>io_getevents</c>) for one write at a
/// time on an <c>O_DIRECT</c> descriptor. Such a write goes to the device without the calling thread waiting
/// for it, so a commit can start its redo record's write and build its WAL frames while the disk works
/// (docs/storage.md, "Redo log"). Only direct I/O is truly asynchronous this way; the kernel would run a
/// buffered write to completion inside <c>io_submit</c>. glibc's <c>syscall</c> is used because glibc has no
/// wrappers for these calls (libaio is a separate library that a machine may lack).
/// </summary>
internal sealed partial class LinuxAio : IWriteQueue
{
    private const int Interrupted = 4;
    private const ushort OpcodeWrite = 1;
    private nint _context;

    private LinuxAio(nint context) => _context = context;

    /// <summary>A context for one outstanding write, or null where the platform has no native AIO.</summary>
    public static LinuxAio? TryCreate()
    {
        if (!OperatingSystem.IsLinux() || Numbers() is null)
        {
            return null;
        }

        nint context = 0;
        unsafe
        {
            return Syscall(Numbers()!.Value.Setup, 1, (nint)(&context), 0, 0, 0) == 0 ? new LinuxAio(context) : null;
        }
    }

    /// <inheritdoc />
    public unsafe bool Submit(int fd, nint address, int length, long offset)
    {
        var control = default(ControlBlock);
        control.Opcode = OpcodeWrite;
        control.FileDescriptor = (uint)fd;
        control.Buffer = (ulong)address;
        control.Bytes = (ulong)length;
        control.Offset = offset;
        var list = &control;
        while (true)
        {
            // The kernel copies the control block during the call, so a stack copy is enough.
            var submitted = Syscall(Numbers()!.Value.Submit, _context, 1, (nint)(&list), 0, 0);
            if (submitted == 1)
            {
                return true;
            }

            if (Marshal.GetLastPInvokeError() != Interrupted)
            {
                return false;
            }
        }
    }

    /// <inheritdoc />
    public unsafe long Wait()
    {
        var completion = default(Completion);
        while (true)
        {
            var reaped = Syscall(Numbers()!.Value.GetEvents, _context, 1, 1, (nint)(&completion), 0);
            if (reaped == 1)
            {
                return completion.Result;
            }

            var errno = Marshal.GetLastPInvokeError();
            if (reaped < 0 && errno != Interrupted)
            {
                return -errno;
            }
        }
    }

    public void Dispose()
    {
        if (_context != 0)
        {
            Syscall(Numbers()!.Value.Destroy, _context, 0, 0, 0, 0);
            _context = 0;
        }
    }

    // The generic syscall table (arm64) and x86-64's own numbers differ.
    private static (long Setup, long Destroy, long Submit, long GetEvents)? Numbers() => RuntimeInformation.ProcessArchitecture switch
    {
        Architecture.X64 => (206, 207, 209, 208),
        Architecture.Arm64 => (0, 1, 2, 4),
        _ => null,
    };

    [LibraryImport("libc", EntryPoint = "syscall", SetLastError = true)]
    private static partial long Syscall(long number, nint a1, nint a2, nint a3, nint a4, nint a5);

    // struct iocb of linux/aio_abi.h (little-endian layout).
    [StructLayout(LayoutKind.Sequential)]
    private struct ControlBlock
    {
        public ulong Data;
        public uint Key;
        public int ReadWriteFlags;
        public ushort Opcode;
        public short Priority;
        public uint FileDescriptor;
        public ulong Buffer;
        public ulong Bytes;
        public long Offset;
        public ulong Reserved;
        public uint Flags;
        public uint ResultDescriptor;
    }

    // struct io_event.
    [StructLayout(LayoutKind.Sequential)]
    private struct Completion
    {
        public ulong Data;
        public ulong Object;
        public long Result;
        public long Result2;
    }
}
