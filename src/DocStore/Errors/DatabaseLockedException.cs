namespace DocStore;

/// <summary>The database file is open in another process (or through another handle in this one).</summary>
public sealed class DatabaseLockedException : DocStoreException
{
    /// <summary>Creates the exception with a message only.</summary>
    public DatabaseLockedException(string message)
        : base(DocStoreErrorCode.DatabaseLocked, message)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    public DatabaseLockedException(string message, Exception innerException)
        : base(DocStoreErrorCode.DatabaseLocked, message, innerException)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DatabaseLockedException()
        : this("The database is locked by another process.")
    {
    }

    /// <summary>The locked file.</summary>
    public string FileName { get; private init; }

    internal static DatabaseLockedException ForFile(string fileName, Exception innerException) =>
        new($"The database '{fileName}' is locked by another process; close it there first.", innerException) { FileName = fileName };

    internal static DatabaseLockedException OpenInThisProcess(string fileName, Exception innerException) =>
        new($"The database '{fileName}' is already open in this process (by another DocStoreContext or StorageEngine); use that one, or dispose it before opening the file again.", innerException) { FileName = fileName };

    /// <summary>A read-only open refused by a process that holds the file to write with <see cref="DocStoreSharing.Exclusive"/> (a shared writer would let it read).</summary>
    internal static DatabaseLockedException HeldExclusively(string fileName, Exception innerException) =>
        new($"The database '{fileName}' is locked: another process opened it to write with Sharing = Exclusive (DocStoreOptions' default), which keeps every other process out, readers too; close it there, or open it there with Sharing = Shared so that read-only opens read beside it.", innerException) { FileName = fileName };

    /// <summary>A shared writable open refused by a process that holds the file with <see cref="DocStoreSharing.Exclusive"/>.</summary>
    internal static DatabaseLockedException HeldExclusivelyElsewhere(string fileName, Exception innerException) =>
        new($"The database '{fileName}' is locked: another process has it open with Sharing = Exclusive (DocStoreOptions' default), which keeps every other process out; close it there, or open it there with Sharing = Shared as well.", innerException) { FileName = fileName };

    /// <summary>An exclusive writable open refused because another process has the file open, shared or exclusively.</summary>
    internal static DatabaseLockedException NeededExclusively(string fileName, Exception innerException) =>
        new($"The database '{fileName}' is locked: another process has it open, and an open with Sharing = Exclusive (DocStoreOptions' default) needs the file to itself; close it there, or open the file with Sharing = Shared in every process to write beside each other.", innerException) { FileName = fileName };

    /// <summary>A read-only open with <see cref="DocStoreSharing.Exclusive"/> refused by a process that has the file open to write shared.</summary>
    internal static DatabaseLockedException WrittenShared(string fileName) =>
        new($"The database '{fileName}' is locked: a process has it open to write with Sharing = Shared, and a read-only open with Sharing = Exclusive reads as if nothing writes the file; open it with Sharing = Shared to read beside that process.") { FileName = fileName };

    /// <summary>A read-only open that cannot write the shared file, beside a process that writes the database shared.</summary>
    internal static DatabaseLockedException SharedFileUnwritable(string fileName, string sharedFile, Exception innerException) =>
        new($"The database '{fileName}' is locked: a process has it open to write with Sharing = Shared, and this process cannot open '{sharedFile}' to write ({innerException.Message}), which a reader needs beside that writer to keep its checkpoints from rewriting what it reads; give this user write access to that file and its directory, or read once that process has closed the database.", innerException) { FileName = fileName };

    /// <summary>A shared open that cannot join: another process writes the file, or its reader table is full.</summary>
    internal static DatabaseLockedException SharedOpenRefused(string fileName, string reason) =>
        new($"The database '{fileName}' cannot be opened shared: {reason}.") { FileName = fileName };

    /// <summary>The file is open in this process with another value of a setting its open engine fixes.</summary>
    internal static DatabaseLockedException OptionConflict(string fileName, string option, string openValue, string askedValue) =>
        new($"The database '{fileName}' is already open in this process with {option}={openValue}, and this open asks for {option}={askedValue}; open it with the same {option} (or leave {option} unset to take the open database's), or close every context and connection on the file first.") { FileName = fileName };
}
