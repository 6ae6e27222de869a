using DocStore.Storage.Devices;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Encryption;

/// <summary>
/// Decides at open whether a database's files are encrypted, from the file's first bytes and the options
/// (docs/storage.md, "Encryption"), and checks the key before anything is read through it.
/// </summary>
internal static class DatabaseEncryption
{
    /// <summary>
    /// The device the pager reads <paramref name="raw"/> through: itself for a plain file, an
    /// <see cref="EncryptedDevice"/> for an encrypted one (a new file is created encrypted when the options
    /// give a key or password).
    /// </summary>
    /// <exception cref="EncryptionKeyException">A wrong key or password, a key for a plain file, or none for an encrypted one.</exception>
    /// <param name="raw">The database file's device.</param>
    /// <param name="options">The open's options: the key or password.</param>
    /// <param name="key">The key the file is read under (null: a plain file).</param>
    /// <param name="checkedKey">A key this open already checked against the file (see <see cref="CheckKey"/>): used
    /// without deriving a password's key again when the file's envelope still names it.</param>
    /// <exception cref="DatabaseCorruptException">The envelope is damaged, belongs to a log, or is of another envelope version.</exception>
    public static IStorageDevice OpenDatabase(IStorageDevice raw, StorageOptions options, out DatabaseKey? key, DatabaseKey? checkedKey = null)
    {
        key = null;
        var secret = options.Secret;
        if (raw.Length == 0)
        {
            if (secret is null)
            {
                return raw;
            }

            key = DatabaseKey.New(secret, options.PageSize);
            return key.WrapDatabase(raw);
        }

        var prefix = new byte[CipherEnvelope.Size];
        var read = raw.Read(0, prefix);
        if (!CipherEnvelope.IsEnvelope(prefix.AsSpan(0, read)))
        {
            return secret is null ? raw : throw (read >= HeaderPage.PrefixSize && HeaderPage.HasMagic(prefix)
                ? EncryptionKeyException.NotEncrypted(raw.Name)
                : EncryptionKeyException.Wrong(raw.Name));
        }

        if (secret is null)
        {
            throw EncryptionKeyException.Required(raw.Name);
        }

        if (CipherEnvelope.OtherVersion(prefix.AsSpan(0, read)) is { } version)
        {
            throw new DatabaseCorruptException(raw.Name, -1, $"the file is encrypted in envelope version {version}, and this build reads envelope version {CipherEnvelope.Version} only (the encrypted layout changed before its first release; export the data with the build that wrote it)");
        }

        var fields = CipherEnvelope.Read(prefix.AsSpan(0, read));
        if (fields is null || fields.Kind != CipherEnvelope.DatabaseKind)
        {
            throw DatabaseCorruptException.NotADatabase(raw.Name, fields is null ? "its encryption header is damaged" : "it is a log of an encrypted database");
        }

        key = checkedKey is not null && checkedKey.Describes(fields) ? checkedKey
            : DatabaseKey.Open(secret, fields) ?? throw EncryptionKeyException.Wrong(raw.Name);
        return key.WrapDatabase(raw);
    }

    /// <summary>
    /// Checks the options' key or password against the existing file <paramref name="raw"/> without opening
    /// anything beside it: a shared open runs this before it creates the shared file, so a wrong key leaves
    /// the directory as it was. Returns the key (null for a plain or empty file), for the open to reuse.
    /// </summary>
    /// <exception cref="EncryptionKeyException">A wrong key or password, a key for a plain file, or none for an encrypted one.</exception>
    /// <exception cref="DatabaseCorruptException">The envelope is damaged, belongs to a log, or is of another envelope version.</exception>
    public static DatabaseKey? CheckKey(IStorageDevice raw, StorageOptions options)
    {
        if (raw.Length == 0)
        {
            return null;
        }

        _ = OpenDatabase(raw, options, out var key);
        return key;
    }

    /// <summary>A log's device as the pager reads it: wrapped under the database's key when there is one.</summary>
    public static IStorageDevice? WrapLog(IStorageDevice? raw, DatabaseKey? key, byte kind) =>
        raw is null || key is null ? raw : key.WrapLog(raw, kind);
}
