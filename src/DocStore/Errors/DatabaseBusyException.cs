namespace DocStore;

/// <summary>
/// A write in a database opened with <see cref="DocStoreSharing.Shared"/> waited longer than
/// <see cref="DocStoreOptions.BusyTimeout"/> for another process's write transaction to end
/// (docs/storage.md, "Many processes"). Nothing was written; the write may be retried. Also thrown by a read
/// whose page fails its check while a checkpoint writes into the file and that checkpoint goes on for
/// minutes without finishing (docs/storage.md, "Reads beside a checkpoint").
/// </summary>
public sealed class DatabaseBusyException : DocStoreException
{
    /// <summary>Creates the exception with a message only.</summary>
    public DatabaseBusyException(string message)
        : base(DocStoreErrorCode.DatabaseBusy, message)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    public DatabaseBusyException(string message, Exception innerException)
        : base(DocStoreErrorCode.DatabaseBusy, message, innerException)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DatabaseBusyException()
        : this("Another process held the database's write lock past the busy timeout.")
    {
    }

    /// <summary>The database file whose write lock stayed taken.</summary>
    public string FileName { get; private init; }

    /// <summary>How long the write waited before giving up.</summary>
    public TimeSpan Timeout { get; private init; }

    internal static DatabaseBusyException CheckpointStalled(string fileName, uint page, TimeSpan guard) =>
        new($"Page {page} of '{fileName}' fails its check while a checkpoint writes into the file, and that checkpoint has not finished in {guard.TotalMinutes:0} minutes; read again once it has.")
        {
            FileName = fileName,
            Timeout = guard,
        };

    internal static DatabaseBusyException For(string fileName, TimeSpan timeout) =>
        new($"The database '{fileName}' is busy: another process held its write lock for the whole busy timeout of {timeout.TotalSeconds:0.###} s; nothing was written, retry the write or raise BusyTimeout.")
        {
            FileName = fileName,
            Timeout = timeout,
        };
}
