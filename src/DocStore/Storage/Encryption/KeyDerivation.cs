using System.Security.Cryptography;
using System.Text;

namespace DocStore.Storage.Encryption;

/// <summary>
/// Turns the options' key or password into the 32-byte AES key (docs/storage.md, "Encryption"): a raw
/// key is used as it is; a password through PBKDF2-SHA256 with the file's salt.
/// </summary>
internal static class KeyDerivation
{
    /// <summary>PBKDF2-SHA256 iterations for a new file: OWASP's 2023 figure for this hash (about 0.3 s at open on the benchmark machine).</summary>
    public const int PasswordIterations = 600_000;

    public const int KeyLength = 32;

    public static byte[] Derive(string password, byte[] salt, int iterations) =>
        Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, iterations, HashAlgorithmName.SHA256, KeyLength);

    /// <summary>The key check stored in the clear: an HMAC under the key, so it tells a wrong key without revealing the key.</summary>
    public static byte[] Check(ReadOnlySpan<byte> key, ReadOnlySpan<byte> identity)
    {
        Span<byte> input = stackalloc byte[18 + identity.Length];
        "DocStore key check"u8.CopyTo(input);
        identity.CopyTo(input[18..]);
        return HMACSHA256.HashData(key, input)[..16];
    }
}
