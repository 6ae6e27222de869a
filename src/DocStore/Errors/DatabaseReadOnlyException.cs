namespace DocStore;

/// <summary>
/// The database was opened read-only (<see cref="DocStoreOptions.ReadOnly"/>), and the operation would write
/// to it: a write transaction, a checkpoint, or opening a collection or index the file does not have yet.
/// </summary>
public sealed class DatabaseReadOnlyException : DocStoreException
{
    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">What could not be done, naming the database.</param>
    public DatabaseReadOnlyException(string message)
        : base(DocStoreErrorCode.ReadOnly, message)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">What could not be done.</param>
    /// <param name="innerException">The cause.</param>
    public DatabaseReadOnlyException(string message, Exception innerException)
        : base(DocStoreErrorCode.ReadOnly, message, innerException)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DatabaseReadOnlyException()
        : this("The database is open read-only.")
    {
    }

    /// <summary>The database file.</summary>
    public string FileName { get; private init; }

    internal static DatabaseReadOnlyException ForWrite(string fileName, string what) =>
        new($"The database '{fileName}' is open read-only: {what} would write to it. Open it without ReadOnly to write.") { FileName = fileName };

    internal static DatabaseReadOnlyException Missing(string fileName, string what) =>
        new($"The database '{fileName}' is open read-only and {what}, which a read-only open cannot create. Open it once without ReadOnly to create it.") { FileName = fileName };
}
