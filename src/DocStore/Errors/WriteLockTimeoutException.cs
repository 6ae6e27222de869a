namespace DocStore;

/// <summary>Another write transaction held the single write lock for longer than the configured timeout.</summary>
public sealed class WriteLockTimeoutException : DocStoreException
{
    /// <summary>Creates the exception naming the database and the timeout waited.</summary>
    public WriteLockTimeoutException(string databaseName, TimeSpan waited)
        : base(DocStoreErrorCode.WriteLockTimeout, $"Timed out after {waited.TotalMilliseconds:0} ms waiting for the write lock of '{databaseName}': another write transaction is still open.")
    {
    }

    /// <summary>Creates the exception with a message only.</summary>
    public WriteLockTimeoutException(string message)
        : base(DocStoreErrorCode.WriteLockTimeout, message)
    {
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    public WriteLockTimeoutException(string message, Exception innerException)
        : base(DocStoreErrorCode.WriteLockTimeout, message, innerException)
    {
    }

    /// <summary>Creates the exception with no details.</summary>
    public WriteLockTimeoutException()
        : this("Timed out waiting for the write lock.")
    {
    }
}
