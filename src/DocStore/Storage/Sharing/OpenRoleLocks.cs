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
internal static class OpenRoleLocks
{
    // Locks are advisory on Linux, so the bytes may lie anywhere; these are past any file's end.
    private const long ExclusiveReaderByte = 1L << 62;
    private const long SharedWriterByte = ExclusiveReaderByte + 1;

    /// <summary>An exclusive read-only open of <paramref name="path"/>, on its database file's <paramref name="handle"/>.</summary>
    /// <exception cref="DatabaseLockedException">A process (this one included) has the file open to write shared.</exception>
    public static void EnterExclusiveReader(SafeFileHandle handle, string path) =>
        Enter(handle, path, ExclusiveReaderByte, SharedWriterByte, DatabaseLockedException.WrittenShared);

    /// <summary>A shared open of <paramref name="path"/> that may write, on its database file's <paramref name="handle"/>.</summary>
    /// <exception cref="DatabaseLockedException">A process (this one included) has the file open read-only with Sharing = Exclusive.</exception>
    public static void EnterSharedWriter(SafeFileHandle handle, string path) =>
        Enter(handle, path, SharedWriterByte, ExclusiveReaderByte, static p => DatabaseLockedException.SharedOpenRefused(
            p, "a process has it open read-only with Sharing = Exclusive, or shared without write access to its shared file, either of which promises that reader nothing writes the file; close it there, or open it there with Sharing = Shared (and write access to the shared file)"));

    private static void Enter(SafeFileHandle handle, string path, long own, long other, Func<string, DatabaseLockedException> refusal)
    {
        if (!OfdLocks.Supported || OfdLocks.Call(handle, OfdLocks.SetLock, own, OfdLocks.ReadLock, path) is null)
        {
            return;
        }

        if (OfdLocks.Call(handle, OfdLocks.GetLock, other, OfdLocks.WriteLock, path) is true)
        {
            _ = OfdLocks.Call(handle, OfdLocks.SetLock, own, OfdLocks.NoLock, path);
            throw refusal(path);
        }
    }
}
