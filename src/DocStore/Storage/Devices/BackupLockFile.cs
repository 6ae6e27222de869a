using System.Diagnostics;
using System.Runtime.InteropServices;

namespace DocStore.Storage.Devices;

/// <summary>
/// The sidecar <c>name.db-backup</c> that lets a backup in another process read a database a writer holds
/// (docs/storage.md, "Backup from another process"). The backup holds a shared flock on it while it reads;
/// the writer takes it exclusively, without waiting, around each step that would change what such a reader
/// sees (a checkpoint's copy into the file, a WAL restart, a new redo generation) and skips the step when a
/// backup holds it. The file's content is nothing; only its lock matters. flock is called directly (not
/// through <see cref="FileShare"/>, which takes a lock of its own at open) so that each side chooses its lock.
/// Unix only: on Windows the writer's files cannot be opened by another process at all.
/// </summary>
internal static partial class BackupLockFile
{
    /// <summary>The sidecar's suffix.</summary>
    public const string Suffix = "-backup";

    private const int LockShared = 1;
    private const int LockExclusive = 2;
    private const int LockNonBlocking = 4;
    private const int NoSuchFile = 2;

    /// <summary>Whether the platform has the protocol (flock and unlocked opens of a locked file).</summary>
    public static bool IsSupported => OperatingSystem.IsLinux() || OperatingSystem.IsMacOS() || OperatingSystem.IsFreeBSD();

    /// <summary>The sidecar of the database at <paramref name="databasePath"/>.</summary>
    public static string PathFor(string databasePath) => databasePath + Suffix;

    /// <summary>
    /// The writer's try, before a guarded step: the held lock (dispose it when the step is done), or null when
    /// a backup holds the sidecar and the step must be skipped. Never throws: a sidecar that cannot be
    /// created or opened (a read-only directory, say) counts as "no backup", since no backup can hold it
    /// either, and commits must never fail because of it.
    /// </summary>
    public static Hold? TryHoldExclusive(string sidecar)
    {
        if (!IsSupported)
        {
            return Hold.None;
        }

        try
        {
            var fd = OpenExisting(sidecar);
            if (fd < 0)
            {
                return Hold.None;
            }

            if (FLock(fd, LockExclusive | LockNonBlocking) == 0)
            {
                return new Hold(fd);
            }

            _ = Close(fd);
            return null;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or DllNotFoundException or EntryPointNotFoundException)
        {
            return Hold.None;
        }
    }

    /// <summary>
    /// Removes the sidecar unless a backup holds it, taking it exclusively first so that a backup that opened
    /// it just before sees it gone (see <see cref="IsCurrent"/>). Only while no writer can be using it: the
    /// writer itself at its clean close (it still holds the database's exclusive lock, so no other writer is
    /// open), or a backup that can take a shared lock on <paramref name="databaseToLock"/> (so no writer is
    /// open, and none can open until the file is gone). A writer holding a deleted sidecar would take its
    /// lock on a file no backup looks at.
    /// </summary>
    public static void DeleteIfUnused(string sidecar, string? databaseToLock = null)
    {
        if (!IsSupported || !File.Exists(sidecar))
        {
            return;
        }

        var database = -1;
        try
        {
            if (databaseToLock is not null)
            {
                database = Open(databaseToLock, ReadOnlyCloseOnExec);
                if (database < 0 || FLock(database, LockShared | LockNonBlocking) != 0)
                {
                    return;
                }
            }

            var fd = Open(sidecar, ReadOnlyCloseOnExec);
            if (fd < 0)
            {
                return;
            }

            try
            {
                if (FLock(fd, LockExclusive | LockNonBlocking) == 0)
                {
                    File.Delete(sidecar);
                }
            }
            finally
            {
                _ = Close(fd);
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // Left in place: it is an empty file that the next writer or backup uses as it is.
        }
        finally
        {
            if (database >= 0)
            {
                _ = Close(database);
            }
        }
    }

    /// <summary>
    /// The backup's side: creates the sidecar if needed and takes a shared lock on it, retrying while a
    /// writer's guarded step holds it, for up to <paramref name="timeout"/>.
    /// </summary>
    /// <exception cref="DatabaseLockedException">The writer held it past the timeout.</exception>
    /// <exception cref="IOException">The sidecar cannot be created or opened.</exception>
    public static Hold HoldShared(string sidecar, string databasePath, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var fd = OpenExisting(sidecar);
            if (fd < 0)
            {
                throw new IOException($"Cannot open the backup lock '{sidecar}' (errno {Marshal.GetLastPInvokeError()}); a backup of '{databasePath}' while another process writes it needs to create this file beside the database.");
            }

            if (FLock(fd, LockShared | LockNonBlocking) == 0)
            {
                if (IsCurrent(sidecar))
                {
                    return new Hold(fd);
                }
            }

            _ = Close(fd);
            if (Stopwatch.GetElapsedTime(started) > timeout)
            {
                throw new DatabaseLockedException($"The backup of '{databasePath}' waited {timeout.TotalSeconds:0} s for the process writing it to finish a checkpoint (its lock on '{sidecar}'); try again.");
            }

            Thread.Sleep(10);
        }
    }

    // The writer deletes the sidecar at close while holding it: a shared lock taken on the file it unlinked
    // protects nothing. A second handle to the path that can lock it exclusively is another file.
    private static bool IsCurrent(string sidecar)
    {
        var probe = Open(sidecar, ReadOnlyCloseOnExec);
        if (probe < 0)
        {
            return false;
        }

        try
        {
            return FLock(probe, LockExclusive | LockNonBlocking) != 0;
        }
        finally
        {
            _ = Close(probe);
        }
    }

    // Opens the sidecar for reading (a flock needs no write access), creating it first if it is missing, with
    // the database's mode and never through a link (NewFile). Created through .NET rather than
    // open(O_CREAT), which is variadic and so not portable to call this way.
    private static int OpenExisting(string sidecar)
    {
        var fd = Open(sidecar, ReadOnlyCloseOnExec);
        if (fd >= 0 || Marshal.GetLastPInvokeError() != NoSuchFile)
        {
            return fd;
        }

        try
        {
            using (NewFile.Create(sidecar, NewFile.ModeOf(sidecar[..^Suffix.Length]), FileAccess.Write, FileShare.ReadWrite | FileShare.Delete))
            {
            }
        }
        catch (IOException) when (File.Exists(sidecar))
        {
            // Another process created it first: use theirs.
        }

        return Open(sidecar, ReadOnlyCloseOnExec);
    }

    /// <summary>A libc <c>open</c> for reading, without the lock .NET takes: the descriptor, or -1 (errno in <see cref="Marshal.GetLastPInvokeError"/>).</summary>
    internal static int OpenReadOnly(string path) => Open(path, ReadOnlyCloseOnExec);

    // O_RDONLY is 0 everywhere; O_CLOEXEC only where its value is known (the handle must not leak into children).
    private static int ReadOnlyCloseOnExec => OperatingSystem.IsLinux() ? 0x80000 : 0;

    /// <summary>A held lock on the sidecar (or the stand-in for "nothing to hold"), released on dispose.</summary>
    internal sealed class Hold : IDisposable
    {
        /// <summary>Nothing is held, and nothing needs to be: no backup can be reading.</summary>
        public static readonly Hold None = new(-1);

        private int _fd;

        public Hold(int fd) => _fd = fd;

        public void Dispose()
        {
            var fd = Interlocked.Exchange(ref _fd, -1);
            if (fd >= 0)
            {
                _ = Close(fd);
            }
        }
    }

    [LibraryImport("libc", EntryPoint = "open", SetLastError = true, StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "flock", SetLastError = true)]
    private static partial int FLock(int fd, int operation);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int fd);
}
