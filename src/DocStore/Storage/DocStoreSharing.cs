namespace DocStore;

/// <summary>Whether other processes may open a database file while this process has it open (docs/storage.md, "Many processes").</summary>
public enum DocStoreSharing
{
    /// <summary>
    /// The process holds the files exclusively (the default): another process that opens them gets
    /// <see cref="DatabaseLockedException"/>; only a backup from another process reads beside it.
    /// </summary>
    Exclusive = 0,

    /// <summary>
    /// Read-only opens in other processes read beside the one process that writes, each transaction on the
    /// latest commit of the writer, coordinated through a shared file beside the database (<c>name.db-shm</c>).
    /// A second process that opens the file to write gets <see cref="DatabaseLockedException"/> while the
    /// first one has it open; a process that opens it exclusively is refused while any shared open holds it.
    /// Unix (Linux, macOS) and Windows, on a local file system only.
    /// </summary>
    Shared = 1,
}
