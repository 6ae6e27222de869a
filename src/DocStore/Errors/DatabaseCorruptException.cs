namespace DocStore;

/// <summary>
/// The stored bytes fail a check: a page or WAL frame checksum, a page of the wrong type, a broken tree
/// invariant. It names the file and, where one is known, the page number. It is never thrown for bad
/// arguments or for I/O failures.
/// </summary>
public sealed class DatabaseCorruptException : DocStoreException
{
    /// <summary>Creates the exception for <paramref name="fileName"/>, page <paramref name="pageNumber"/> (-1 if none).</summary>
    public DatabaseCorruptException(string fileName, long pageNumber, string problem)
        : base(DocStoreErrorCode.DatabaseCorrupt, Describe(fileName, pageNumber, problem))
    {
        FileName = fileName;
        PageNumber = pageNumber;
    }

    /// <summary>Creates the exception with a message only.</summary>
    public DatabaseCorruptException(string message)
        : base(DocStoreErrorCode.DatabaseCorrupt, message)
    {
        FileName = string.Empty;
        PageNumber = -1;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    public DatabaseCorruptException(string message, Exception innerException)
        : base(DocStoreErrorCode.DatabaseCorrupt, message, innerException)
    {
        FileName = string.Empty;
        PageNumber = -1;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DatabaseCorruptException()
        : this("The database is corrupt.")
    {
    }

    /// <summary>The file whose bytes failed the check.</summary>
    public string FileName { get; }

    /// <summary>The page number involved, or -1 when the problem is not tied to one page.</summary>
    public long PageNumber { get; }

    /// <summary>A file that is not a DocStore database at all (a text file, another engine's database): SQLite's "file is not a database".</summary>
    internal static DatabaseCorruptException NotADatabase(string fileName, string reason) =>
        new(fileName, $"'{fileName}' is not a DocStore database: {reason}; check the path");

    private DatabaseCorruptException(string fileName, string message)
        : base(DocStoreErrorCode.DatabaseCorrupt, message)
    {
        FileName = fileName;
        PageNumber = 0;
    }

    private static string Describe(string fileName, long pageNumber, string problem) =>
        pageNumber >= 0
            ? $"Database corrupt: {fileName}, page {pageNumber}: {problem}"
            : $"Database corrupt: {fileName}: {problem}";
}
