namespace DocStore.Engine;

// The sizes of the files the engine keeps, for the statistics.
internal sealed partial class StorageEngine
{
    /// <summary>The path of the write-ahead log beside a database file.</summary>
    internal static string WalPath(string path) => path + "-wal";

    /// <summary>The path of the redo log beside a database file.</summary>
    internal static string RedoPath(string path) => path + "-redo";

    /// <summary>The lengths of the database file, the WAL and the redo log as the file system reports them (zeros in memory; 0 for a missing log).</summary>
    internal (long Database, long Wal, long Redo) FileSizes()
    {
        ThrowIfDisposed();
        return _pager.IsInMemory ? (0, 0, 0) : (Length(Name), Length(WalPath(Name)), Length(RedoPath(Name)));
    }

    private static long Length(string path)
    {
        var info = new FileInfo(path);
        return info.Exists ? info.Length : 0;
    }
}
