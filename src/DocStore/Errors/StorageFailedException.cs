namespace DocStore;

/// <summary>
/// A write or fsync failed, so what is on disk is unknown. The commit that saw the failure is not
/// acknowledged, and the engine refuses every later commit until the database is reopened (reopening runs
/// recovery, which finds out what actually reached the disk).
/// </summary>
public sealed class StorageFailedException : DocStoreException
{
    /// <summary>Creates the exception with a message and the I/O failure behind it.</summary>
    public StorageFailedException(string message, Exception innerException)
        : base(DocStoreErrorCode.StorageFailed, message, innerException)
    {
    }

    /// <summary>Creates the exception with a message only.</summary>
    public StorageFailedException(string message)
        : base(DocStoreErrorCode.StorageFailed, message)
    {
    }

    /// <summary>Creates the exception with no details.</summary>
    public StorageFailedException()
        : this("A storage write or fsync failed; reopen the database.")
    {
    }
}
