using System.IO.MemoryMappedFiles;
using System.Runtime.Versioning;

namespace DocStore.Storage.Sharing;

/// <summary>
/// <c>name.db-shm</c> mapped into this process (layout: <see cref="SharedLayout"/>), and the byte-range
/// locks taken on it (<see cref="ByteRangeLocks"/>: open-file-description locks on Linux, LockFileEx ranges on
/// Windows): a process that dies loses them, which is how a dead reader's slot and a dead writer's lock are
/// recognised. One handle per process and file (the context registry allows a file to be open once per
/// process); on Linux another descriptor of the file opened and closed in the process leaves the locks alone.
/// </summary>
internal sealed unsafe class SharedMemoryFile : IDisposable
{
    private static readonly TimeSpan OpenLockTimeout = TimeSpan.FromSeconds(30);

    private readonly FileStream _file;
    private readonly MemoryMappedFile _map;
    private readonly MemoryMappedViewAccessor _view;
    private readonly byte* _base;

    private SharedMemoryFile(string path, FileStream file)
    {
        Path = path;
        _file = file;
        _map = MemoryMappedFile.CreateFromFile(file, null, SharedLayout.Length, MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: true);
        _view = _map.CreateViewAccessor(0, SharedLayout.Length, MemoryMappedFileAccess.ReadWrite);
        byte* pointer = null;
        _view.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
        _base = pointer + _view.PointerOffset;
    }

    /// <summary>The shared file's path.</summary>
    public string Path { get; }

    /// <summary>Whether byte-range locks work here (.NET has none on macOS and the other Apple systems).</summary>
    [SupportedOSPlatformGuard("linux")]
    [SupportedOSPlatformGuard("windows")]
    [SupportedOSPlatformGuard("freebsd")]
    public static bool IsSupported => OperatingSystem.IsLinux() || OperatingSystem.IsWindows() || OperatingSystem.IsFreeBSD();

    /// <summary>The shared file of the database at <paramref name="databasePath"/>.</summary>
    public static string PathFor(string databasePath) => databasePath + SharedLayout.Suffix;

    /// <summary>
    /// Opens (creating when missing, with <paramref name="mode"/>) and maps the shared file, formatting it
    /// when it is new or not of this version; under the open lock, so two processes never format it at once.
    /// </summary>
    /// <exception cref="IOException">The file cannot be created or opened (a read-only directory, say).</exception>
    /// <exception cref="UnauthorizedAccessException">The file cannot be opened for writing.</exception>
    public static SharedMemoryFile Open(string databasePath, UnixFileMode? mode)
    {
        if (!IsSupported)
        {
            throw new PlatformNotSupportedException("Shared opens need byte-range locks, which .NET provides on Linux, FreeBSD and Windows.");
        }

        var path = PathFor(databasePath);
        var file = OpenOrCreate(path, mode);
        try
        {
            var shared = FormatUnderOpenLock(path, file);
            return shared;
        }
        catch
        {
            file.Dispose();
            throw;
        }
    }

    // A missing file is created as the engine's other files are (the database's mode, never through a link);
    // one another process creates meanwhile is opened.
    private static FileStream OpenOrCreate(string path, UnixFileMode? mode)
    {
        var options = new FileStreamOptions { Mode = FileMode.Open, Access = FileAccess.ReadWrite, Share = FileShare.ReadWrite, BufferSize = 0 };
        if (!File.Exists(path))
        {
            try
            {
                return Devices.NewFile.Create(path, mode, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.ReadWrite, Share = FileShare.ReadWrite, BufferSize = 0 }, static (p, o) => new FileStream(p, o));
            }
            catch (IOException) when (File.Exists(path))
            {
            }
        }

        return new FileStream(path, options);
    }

    private static SharedMemoryFile FormatUnderOpenLock(string path, FileStream file)
    {
        WaitLock(file, SharedLayout.OpenLock, OpenLockTimeout, path);
        try
        {
            if (file.Length < SharedLayout.Length)
            {
                file.SetLength(SharedLayout.Length);
            }

            var shared = new SharedMemoryFile(path, file);
            if (shared.ReadInt(SharedLayout.MagicOffset) != (int)SharedLayout.Magic || shared.ReadInt(SharedLayout.VersionOffset) != SharedLayout.Version)
            {
                new Span<byte>(shared._base, SharedLayout.Length).Clear();
                shared.WriteInt(SharedLayout.VersionOffset, SharedLayout.Version);
                shared.WriteInt(SharedLayout.SlotCountOffset, SharedLayout.SlotCount);
                shared.WriteInt(SharedLayout.MagicOffset, (int)SharedLayout.Magic);
            }
            else if (!shared.AnySlotHeld())
            {
                // No other process has the file open, so nobody waits or keeps the lock: counts a killed
                // waiter or keeper left behind are dropped.
                shared.WriteInt(SharedLayout.WaitersOffset, 0);
                shared.WriteInt(SharedLayout.KeptOffset, 0);
                if ((shared.ReadLong(SharedLayout.CopySequenceOffset) & 1) != 0)
                {
                    // A checkpoint killed mid-copy: no process can be copying now.
                    shared.Increment(SharedLayout.CopySequenceOffset);
                }
            }

            return shared;
        }
        finally
        {
            Unlock(file, SharedLayout.OpenLock);
        }
    }

    public long ReadLong(int offset) => Volatile.Read(ref *(long*)(_base + offset));

    public void WriteLong(int offset, long value) => Volatile.Write(ref *(long*)(_base + offset), value);

    public int ReadInt(int offset) => Volatile.Read(ref *(int*)(_base + offset));

    public void WriteInt(int offset, int value) => Volatile.Write(ref *(int*)(_base + offset), value);

    /// <summary>Sets a 64-bit field to <paramref name="value"/> if it holds <paramref name="comparand"/> (a full fence); returns what it held.</summary>
    public long CompareExchange(int offset, long value, long comparand) => Interlocked.CompareExchange(ref *(long*)(_base + offset), value, comparand);

    /// <summary>Sets a 32-bit field to <paramref name="value"/> if it holds <paramref name="comparand"/> (a full fence); returns what it held.</summary>
    public int CompareExchangeInt(int offset, int value, int comparand) => Interlocked.CompareExchange(ref *(int*)(_base + offset), value, comparand);

    /// <summary>Adds <paramref name="delta"/> to a 32-bit field atomically.</summary>
    public int Add(int offset, int delta) => Interlocked.Add(ref *(int*)(_base + offset), delta);

    /// <summary>Adds one to a 64-bit field atomically.</summary>
    public long Increment(int offset) => Interlocked.Increment(ref *(long*)(_base + offset));

    /// <summary>Takes the lock byte at <paramref name="offset"/> without waiting.</summary>
    public bool TryLock(long offset) => TryLock(_file, offset);

    /// <summary>Releases a lock byte this process holds.</summary>
    public void Unlock(long offset) => Unlock(_file, offset);

    /// <summary>Takes the lock byte, retrying until <paramref name="timeout"/>; false when it stayed taken.</summary>
    public bool WaitLock(long offset, TimeSpan timeout) => TryWait(_file, offset, timeout);

    /// <summary>Whether another live process holds the lock byte (a probe: takes it and gives it back when free).</summary>
    public bool IsHeldElsewhere(long offset)
    {
        if (!TryLock(offset))
        {
            return true;
        }

        Unlock(offset);
        return false;
    }

    // Under the open lock, before this process claims a slot (so a probe never touches a lock it holds).
    private bool AnySlotHeld()
    {
        for (var slot = 0; slot < SharedLayout.SlotCount; slot++)
        {
            if (IsHeldElsewhere(SharedLayout.SlotLock(slot)))
            {
                return true;
            }
        }

        return false;
    }

    private static void WaitLock(FileStream file, long offset, TimeSpan timeout, string path)
    {
        if (!TryWait(file, offset, timeout))
        {
            throw DatabaseLockedException.SharedOpenRefused(path, $"another process held its open lock for {timeout.TotalSeconds:0} s");
        }
    }

    // Byte-range locks do not wait in .NET, so a wait is a series of tries with a growing pause (1 ms to 10 ms).
    private static bool TryWait(FileStream file, long offset, TimeSpan timeout)
    {
        var deadline = timeout == Timeout.InfiniteTimeSpan ? DateTime.MaxValue : DateTime.UtcNow + timeout;
        for (var pause = 1; ; pause = Math.Min(10, pause * 2))
        {
            if (TryLock(file, offset))
            {
                return true;
            }

            if (DateTime.UtcNow >= deadline)
            {
                return false;
            }

            Thread.Sleep(pause);
        }
    }

    private static bool TryLock(FileStream file, long offset) => IsSupported && ByteRangeLocks.TryLock(file, offset);

    private static void Unlock(FileStream file, long offset)
    {
        if (IsSupported)
        {
            ByteRangeLocks.Unlock(file, offset);
        }
    }

    /// <summary>Unmaps the file and closes it, which releases every lock this process holds on it.</summary>
    public void Dispose()
    {
        _view.SafeMemoryMappedViewHandle.ReleasePointer();
        _view.Dispose();
        _map.Dispose();
        _file.Dispose();
    }
}
