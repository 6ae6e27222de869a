namespace DocStore.Storage.Encryption;

/// <summary>What the options give to open an encrypted database: a 32-byte key or a password (and the iterations a new file derives it with).</summary>
internal sealed record EncryptionSecret(byte[]? Key, string? Password, int Iterations);
