namespace DocStore.Storage.Devices;

/// <summary>
/// What a log file (the WAL at a restart, the redo log at a reset) keeps of its length when its old
/// content is dropped (docs/storage.md, "Journal bounds").
/// </summary>
internal static class LogFileLength
{
    /// <summary>
    /// The length to cut a file of <paramref name="fileLength"/> bytes back to: <paramref name="limit"/> at
    /// most, and only what the ended generation used with its preallocation
    /// (<paramref name="usedWithPreallocation"/>) when the file is longer than that by more than one
    /// <paramref name="preallocation"/>, so that generations of similar size do not cut and grow the file in
    /// turn, while one burst of large commits does not keep the file long for good.
    /// </summary>
    public static long KeepOnRestart(long fileLength, long usedWithPreallocation, long preallocation, long limit) =>
        fileLength > usedWithPreallocation + preallocation ? Math.Min(limit, usedWithPreallocation) : limit;
}
