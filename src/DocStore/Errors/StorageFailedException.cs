namespace DocStore;

/// <summary>
/// A write or fsync failed, so what is on disk is unknown. The commit that saw the failure is not
/// acknowledged, and the engine refuses every later commit until the database is reopened (reopening runs
/// recovery, which finds out what actually reached the disk). From a backup or a compaction, it means the
/// copy being staged could not be written, flushed or renamed (a full disk): the staged file is deleted,
/// its destination and the database are as they were, and the database keeps working.
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
