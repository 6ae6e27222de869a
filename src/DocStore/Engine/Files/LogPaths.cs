namespace DocStore.Engine.Files;

/// <summary>Where the logs of a database file lie: beside it, named after it.</summary>
internal static class LogPaths
{
    /// <summary>The path of the write-ahead log beside a database file.</summary>
    public static string Wal(string path) => path + "-wal";

    /// <summary>The path of the redo log beside a database file.</summary>
    public static string Redo(string path) => path + "-redo";

    /// <summary>The path of an encrypted database's double-write file beside it (see Storage/Encryption/PageDoubleWrite).</summary>
    public static string DoubleWrite(string path) => path + "-dw";
}
