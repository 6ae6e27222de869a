namespace DocStore;

/// <summary>
/// The key or password given at open does not fit the file (docs/guide/encryption.md): a wrong key or
/// password, a key for a file that is not encrypted, or no key for one that is. Nothing was read or
/// written; open again with the right <see cref="DocStoreOptions.EncryptionKey"/> or <see cref="DocStoreOptions.Password"/>.
/// </summary>
public sealed class EncryptionKeyException : DocStoreException
{
    /// <summary>Creates the exception with a message only.</summary>
    public EncryptionKeyException(string message)
        : base(DocStoreErrorCode.EncryptionKeyMismatch, message)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    public EncryptionKeyException(string message, Exception innerException)
        : base(DocStoreErrorCode.EncryptionKeyMismatch, message, innerException)
    {
        FileName = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public EncryptionKeyException()
        : this("Wrong key or not an encrypted DocStore database.")
    {
    }

    /// <summary>The database file that the key did not open.</summary>
    public string FileName { get; private init; }

    internal static EncryptionKeyException Wrong(string fileName) =>
        new($"Wrong key or not an encrypted DocStore database: '{fileName}' does not open with the key or password given.") { FileName = fileName };

    internal static EncryptionKeyException Required(string fileName) =>
        new($"'{fileName}' is an encrypted DocStore database: open it with DocStoreOptions.EncryptionKey or Password (Password= in a connection string, --password or DOCSTORE_PASSWORD for the tool).") { FileName = fileName };

    internal static EncryptionKeyException NotEncrypted(string fileName) =>
        new($"Wrong key or not an encrypted DocStore database: '{fileName}' is a DocStore database that is not encrypted; open it without a key or password (Compact with a key writes an encrypted copy).") { FileName = fileName };
}
