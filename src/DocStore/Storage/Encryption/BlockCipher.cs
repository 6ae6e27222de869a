using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Security.Cryptography;

namespace DocStore.Storage.Encryption;

/// <summary>
/// AES-256-GCM over the blocks of one file of an encrypted database (docs/storage.md, "Encryption"). A
/// block is stored as <c>nonce (12), tag (16), u32 stored length, ciphertext</c>; the nonce is random for
/// every write, and the associated data binds the block to its place: the database's identity, the file's
/// kind, the block's number (the page number in the database file) and the stored length. A block copied
/// to another place, another file or another database fails its tag.
/// </summary>
internal sealed class BlockCipher(byte[] key, byte[] identity, byte kind) : IDisposable
{
    public const int NonceSize = 12;
    public const int TagSize = 16;

    /// <summary>Bytes a block takes in the file beyond its plaintext: nonce, tag and stored length.</summary>
    public const int Overhead = NonceSize + TagSize + 4;

    // AesGcm instances are not to be shared between threads at once; readers and the writer each take one.
    private readonly ConcurrentBag<AesGcm> _pool = [];

    public byte Kind => kind;

    /// <summary>Encrypts <paramref name="plaintext"/> as block <paramref name="block"/> into <paramref name="slot"/> (its length plus <see cref="Overhead"/>).</summary>
    public void Encrypt(long block, ReadOnlySpan<byte> plaintext, Span<byte> slot)
    {
        var nonce = slot[..NonceSize];
        do
        {
            RandomNumberGenerator.Fill(nonce);
        }
        while (nonce.IndexOfAnyExcept((byte)0) < 0);

        BinaryPrimitives.WriteInt32LittleEndian(slot[(NonceSize + TagSize)..], plaintext.Length);
        Span<byte> data = stackalloc byte[29];
        AssociatedData(block, plaintext.Length, data);
        var aes = Rent();
        try
        {
            aes.Encrypt(nonce, plaintext, slot.Slice(Overhead, plaintext.Length), slot.Slice(NonceSize, TagSize), data);
        }
        finally
        {
            _pool.Add(aes);
        }
    }

    /// <summary>The plaintext length a stored slot says it holds (read before its tag is checked; the tag covers it).</summary>
    public static int StoredLength(ReadOnlySpan<byte> slot) => BinaryPrimitives.ReadInt32LittleEndian(slot[(NonceSize + TagSize)..]);

    /// <summary>Decrypts the stored <paramref name="slot"/> (its overhead and <see cref="StoredLength"/> bytes) of block <paramref name="block"/>; false when its tag does not verify.</summary>
    public bool TryDecrypt(long block, ReadOnlySpan<byte> slot, Span<byte> plaintext)
    {
        Span<byte> data = stackalloc byte[29];
        AssociatedData(block, slot.Length - Overhead, data);
        var aes = Rent();
        try
        {
            aes.Decrypt(slot[..NonceSize], slot[Overhead..], slot.Slice(NonceSize, TagSize), plaintext[..(slot.Length - Overhead)], data);
            return true;
        }
        catch (AuthenticationTagMismatchException)
        {
            return false;
        }
        finally
        {
            _pool.Add(aes);
        }
    }

    public void Dispose()
    {
        while (_pool.TryTake(out var aes))
        {
            aes.Dispose();
        }
    }

    private AesGcm Rent() => _pool.TryTake(out var aes) ? aes : new AesGcm(key, TagSize);

    private void AssociatedData(long block, int length, Span<byte> data)
    {
        identity.CopyTo(data);
        data[16] = kind;
        BinaryPrimitives.WriteInt64LittleEndian(data[17..], block);
        BinaryPrimitives.WriteInt32LittleEndian(data[25..], length);
    }
}
