using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Encryption;

/// <summary>
/// The clear block at the start of every file of an encrypted database (docs/storage.md, "Encryption"):
/// what opening needs before it can decrypt anything, nothing else.
/// <code>
/// 0  u32 CRC32C of bytes 4..512         4 u8 kind (7: database file, 8: WAL, 9: redo log)
/// 16 8 bytes magic "DOCSTORE"          24 u32 format version   28 u32 page size (the database's)
/// 32 u32 envelope version (2)           36 u32 key source (0: a raw key, 1: PBKDF2-SHA256 of a password)
/// 40 u32 PBKDF2 iterations (0 for a raw key)
/// 48 16 bytes salt of the key derivation
/// 64 16 bytes file identity (random at creation; associated data of every block)
/// 80 16 bytes key check: HMAC-SHA256(key, "DocStore key check" || identity), first 16 bytes
/// </code>
/// </summary>
internal static class CipherEnvelope
{
    /// <summary>Bytes the envelope takes at the start of each file; encrypted blocks follow it.</summary>
    public const int Size = 512;

    public const byte DatabaseKind = 7;
    public const byte WalKind = 8;
    public const byte RedoKind = 9;
    public const byte DoubleWriteKind = 10;

    private const int KindOffset = 4;
    private const int VersionOffset = 32;
    private const int KeySourceOffset = 36;
    private const int IterationsOffset = 40;
    private const int SaltOffset = 48;
    private const int IdentityOffset = 64;
    private const int KeyCheckOffset = 80;
    // Version 2: the logs' slots are 4 KiB (4,064 bytes of plaintext) after a 4 KiB region (SlotLayout);
    // version 1's were 4 KiB of plaintext plus 32 after 512 bytes. Files of version 1 are refused.
    public const uint Version = 2;

    /// <summary>Whether <paramref name="prefix"/> (a file's first bytes) is an envelope of any kind.</summary>
    public static bool IsEnvelope(ReadOnlySpan<byte> prefix) =>
        prefix.Length >= HeaderPage.PrefixSize
        && prefix[KindOffset] is DatabaseKind or WalKind or RedoKind or DoubleWriteKind
        && prefix[HeaderPage.MagicOffset..(HeaderPage.MagicOffset + 8)].SequenceEqual(HeaderPage.Magic);

    public static byte[] Write(byte kind, int pageSize, in KeyParameters key)
    {
        var block = new byte[Size];
        block[KindOffset] = kind;
        HeaderPage.Magic.CopyTo(block.AsSpan(HeaderPage.MagicOffset));
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(HeaderPage.FormatVersionOffset), DocStoreInfo.FormatVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(HeaderPage.PageSizeOffset), (uint)pageSize);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(VersionOffset), Version);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(KeySourceOffset), key.Iterations == 0 ? 0u : 1u);
        BinaryPrimitives.WriteUInt32LittleEndian(block.AsSpan(IterationsOffset), (uint)key.Iterations);
        key.Salt.CopyTo(block.AsSpan(SaltOffset));
        key.Identity.CopyTo(block.AsSpan(IdentityOffset));
        key.Check.CopyTo(block.AsSpan(KeyCheckOffset));
        BinaryPrimitives.WriteUInt32LittleEndian(block, Checksum(block));
        return block;
    }

    /// <summary>The envelope version of an intact envelope of another version than this release's; null for anything else.</summary>
    public static uint? OtherVersion(ReadOnlySpan<byte> block) =>
        block.Length >= Size && IsEnvelope(block) && BinaryPrimitives.ReadUInt32LittleEndian(block) == Checksum(block)
        && BinaryPrimitives.ReadUInt32LittleEndian(block[VersionOffset..]) is var version && version != Version
            ? version
            : null;

    /// <summary>Reads an envelope; null when the bytes are not one, fail their checksum or are of another version.</summary>
    public static EnvelopeFields? Read(ReadOnlySpan<byte> block)
    {
        if (block.Length < Size || !IsEnvelope(block) || BinaryPrimitives.ReadUInt32LittleEndian(block) != Checksum(block)
            || BinaryPrimitives.ReadUInt32LittleEndian(block[VersionOffset..]) != Version)
        {
            return null;
        }

        return new EnvelopeFields(
            block[KindOffset],
            (int)BinaryPrimitives.ReadUInt32LittleEndian(block[HeaderPage.PageSizeOffset..]),
            (int)BinaryPrimitives.ReadUInt32LittleEndian(block[IterationsOffset..]),
            block.Slice(SaltOffset, 16).ToArray(),
            block.Slice(IdentityOffset, 16).ToArray(),
            block.Slice(KeyCheckOffset, 16).ToArray());
    }

    private static uint Checksum(ReadOnlySpan<byte> block) => ~Crc32C.Append(0xFFFFFFFFu, block[4..Size]);
}

/// <summary>The fields of an envelope.</summary>
internal sealed record EnvelopeFields(byte Kind, int PageSize, int Iterations, byte[] Salt, byte[] Identity, byte[] KeyCheck);
