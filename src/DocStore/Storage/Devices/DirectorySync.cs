using System.Runtime.InteropServices;

namespace DocStore.Storage.Devices;

/// <summary>
/// fsync of a directory, so that a newly created file's directory entry survives a power cut (POSIX makes
/// no promise otherwise). .NET cannot open a directory as a file, hence the three libc calls. Windows
/// journals directory entries with the file system metadata and needs nothing here.
/// </summary>
internal static partial class DirectorySync
{
    private const int ReadOnly = 0;

    public static void Sync(string directory)
    {
        if (OperatingSystem.IsWindows() || !(OperatingSystem.IsLinux() || OperatingSystem.IsMacOS() || OperatingSystem.IsFreeBSD()))
        {
            return;
        }

        var fd = Open(directory, ReadOnly);
        if (fd < 0)
        {
            throw new IOException($"Cannot open the directory '{directory}' to fsync it (errno {Marshal.GetLastPInvokeError()}).");
        }

        try
        {
            if (FSync(fd) != 0)
            {
                throw new IOException($"fsync of the directory '{directory}' failed (errno {Marshal.GetLastPInvokeError()}).");
            }
        }
        finally
        {
            _ = Close(fd);
        }
    }

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    private static partial int FSync(int fd);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int fd);
}
