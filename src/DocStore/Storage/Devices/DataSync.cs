using System.Runtime.InteropServices;
using DocStore.Diagnostics;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Storage.Devices;

/// <summary>
/// Makes a file's written data durable. On Linux this is <c>fdatasync</c>: it flushes the data and the
/// metadata needed to read it back (a grown size, new blocks), but not the modification time, which every
/// write changes and which would otherwise make each commit's flush also commit the file system's journal.
/// SQLite makes the same choice on Linux. Elsewhere it is .NET's full flush (<c>fsync</c>, or
/// <c>FlushFileBuffers</c> on Windows).
/// </summary>
internal static partial class DataSync
{
    // EINTR: the call was interrupted by a signal before it did its work, and is simply repeated.
    private const int Interrupted = 4;

    /// <exception cref="IOException">The flush failed; the errno is in the message and the HResult.</exception>
    public static void Flush(SafeFileHandle handle, string name)
    {
        var started = DocStoreMetrics.StartTimer(DocStoreMetrics.FsyncDuration);
        FlushCore(handle, name);
        DocStoreMetrics.StopTimer(DocStoreMetrics.FsyncDuration, started);
    }

    private static void FlushCore(SafeFileHandle handle, string name)
    {
        if (!OperatingSystem.IsLinux())
        {
            RandomAccess.FlushToDisk(handle);
            return;
        }

        var added = false;
        handle.DangerousAddRef(ref added);
        try
        {
            while (FDataSync((int)handle.DangerousGetHandle()) != 0)
            {
                var errno = Marshal.GetLastPInvokeError();
                if (errno != Interrupted)
                {
                    throw new IOException($"fdatasync of '{name}' failed (errno {errno}).", errno);
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

    [LibraryImport("libc", EntryPoint = "fdatasync", SetLastError = true)]
    private static partial int FDataSync(int fd);
}
