using DocStore.Storage.Encryption;

namespace DocStore;

/// <summary>
/// How <see cref="DocStoreContext.Compact(DocStoreEncryption)"/> writes the new file: under a 32-byte key,
/// under a key derived from a password, or not encrypted (docs/guide/encryption.md).
/// </summary>
public sealed class DocStoreEncryption
{
    private DocStoreEncryption(byte[]? key, string? password)
    {
        Key = key;
        Password = password;
    }

    /// <summary>The new file is not encrypted.</summary>
    public static DocStoreEncryption None { get; } = new(null, null);

    /// <summary>The 32-byte key, or null.</summary>
    public byte[]? Key { get; }

    /// <summary>The password, or null.</summary>
    public string? Password { get; }

    /// <summary>The new file is encrypted under <paramref name="key"/> (32 bytes).</summary>
    /// <param name="key">The AES-256 key.</param>
    /// <returns>The choice.</returns>
    /// <exception cref="ArgumentException">The key is not 32 bytes long.</exception>
    public static DocStoreEncryption WithKey(byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return key.Length == KeyDerivation.KeyLength ? new(key.ToArray(), null)
            : throw new ArgumentException($"The encryption key must be {KeyDerivation.KeyLength} bytes long; it is {key.Length}.", nameof(key));
    }

    /// <summary>The new file is encrypted under a key derived from <paramref name="password"/> (PBKDF2-SHA256 with a new salt).</summary>
    /// <param name="password">The password; not empty.</param>
    /// <returns>The choice.</returns>
    public static DocStoreEncryption WithPassword(string password)
    {
        ArgumentException.ThrowIfNullOrEmpty(password);
        return new(null, password);
    }

    internal EncryptionSecret? Secret(int iterations) => Key is null && Password is null ? null : new EncryptionSecret(Key, Password, iterations);
}
