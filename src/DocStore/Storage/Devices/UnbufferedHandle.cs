using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Devices;

/// <summary>
/// A second, write-only handle to a file that bypasses the operating system's page cache (Linux
/// <c>O_DIRECT</c>). A durable commit written through it reaches the device before the write returns, so the
/// fsync after it has no dirty pages to find and write back, only the device cache to flush.
/// .NET has no flag for it, hence the libc call. Elsewhere, or where the file system refuses it (tmpfs, some
/// network and FUSE file systems), there is no such handle and every write stays buffered.
/// </summary>
internal static partial class UnbufferedHandle
{
    /// <summary>What offsets, lengths and buffer addresses of unbuffered writes are multiples of: the largest logical block size in common use, so any device accepts them.</summary>
    public const int Alignment = 4096;

    private const int WriteOnly = 0x1;
    private const int CloseOnExec = 0x80000;

    /// <summary>The handle, or null where unbuffered writes are not available.</summary>
    public static SafeFileHandle? TryOpen(string path)
    {
        if (!OperatingSystem.IsLinux() || DirectFlag() is not { } direct)
        {
            return null;
        }

        // No lock on this handle: the caller's buffered handle holds the file's exclusive lock.
        var fd = Open(path, WriteOnly | CloseOnExec | direct);
        return fd < 0 ? null : new SafeFileHandle(fd, ownsHandle: true);
    }

    /// <summary>True when <paramref name="offset"/>, the length and the address of <paramref name="data"/> all sit on <see cref="Alignment"/>; the caller keeps <paramref name="data"/> pinned.</summary>
    public static unsafe bool IsAligned(long offset, ReadOnlySpan<byte> data) =>
        data.Length > 0
        && offset % Alignment == 0
        && data.Length % Alignment == 0
        && (nint)Unsafe.AsPointer(ref MemoryMarshal.GetReference(data)) % Alignment == 0;

    // O_DIRECT's value differs between architectures (asm-generic and x86 agree; arm and arm64 do not).
    private static int? DirectFlag() => RuntimeInformation.ProcessArchitecture switch
    {
        Architecture.X64 or Architecture.X86 => 0x4000,
        Architecture.Arm64 or Architecture.Arm => 0x10000,
        _ => null,
    };

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Open(string path, int flags);
}
