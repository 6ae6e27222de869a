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
    /// Any number of processes open the file, each read transaction on the latest commit of any of them,
    /// coordinated through a shared file beside the database (<c>name.db-shm</c>). Processes that write take
    /// turns: each write transaction holds a cross-process write lock from its start to its commit, and one
    /// that waits longer than <see cref="DocStoreOptions.BusyTimeout"/> for it gets
    /// <see cref="DatabaseBusyException"/>. A process that opens the file exclusively is refused while any
    /// shared open holds it. Linux, FreeBSD and Windows, on a local file system only.
    /// </summary>
    Shared = 1,
}
