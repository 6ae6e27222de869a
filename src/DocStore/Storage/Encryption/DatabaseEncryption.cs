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
    /// <exception cref="DatabaseCorruptException">The envelope is damaged, belongs to a log, or is of another envelope version.</exception>
    public static IStorageDevice OpenDatabase(IStorageDevice raw, StorageOptions options, out DatabaseKey? key)
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

        key = DatabaseKey.Open(secret, fields) ?? throw EncryptionKeyException.Wrong(raw.Name);
        return key.WrapDatabase(raw);
    }

    /// <summary>A log's device as the pager reads it: wrapped under the database's key when there is one.</summary>
    public static IStorageDevice? WrapLog(IStorageDevice? raw, DatabaseKey? key, byte kind) =>
        raw is null || key is null ? raw : key.WrapLog(raw, kind);
}
