using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Redo;

/// <summary>
/// Byte layout of the redo log file, <c>name.db-redo</c> (docs/format.md, "Redo log"). A header block, then
/// one record per transaction, each starting on a <see cref="BlockSize"/> boundary and padded with zeros to
/// the next one (the unit of an unbuffered write).
/// <code>
/// header: 0 u32 magic "DSRL"  4 u32 version  8 u32 salt  12 u32 CRC32C of bytes 0..12
/// record: 0 u32 magic "DSRR"  4 u32 salt (the header's)
///         8 u64 sequence: 1 for the first record after the header, then one more per record
///         16 u64 highest sequence known durable when the record was written
///         24 u64 WAL LSN the transaction's first page frame gets
///         32 u64 the previous commit's link: its record's LSN at 24, or, for a commit the WAL's fsync made
///            durable, its commit frame's LSN (0: unknown, for the first commit after an open)
///         40 u32 length of the operations      44 u32 CRC32C of bytes 0..44 and the operations, seeded with the salt
///         48 the operations (see <see cref="RedoOperations"/>)
/// </code>
/// The link at 32 chains the records to every commit before them, whichever log made it durable: recovery
/// refuses records that do not follow one another (a commit between them, durable in the WAL alone, was lost).
/// Version 1 records had no link (40-byte headers).
/// </summary>
internal static class RedoFormat
{
    public const int BlockSize = 4096;
    public const int HeaderSize = 16;
    public const int RecordHeaderSize = 48;
    public const uint HeaderMagic = 0x4C525344; // "DSRL" little-endian
    public const uint RecordMagic = 0x52525344; // "DSRR" little-endian
    public const uint Version = 2;

    // Where a record's checksum sits: the last field of its header.
    private const int ChecksumOffset = 44;

    /// <summary>Bytes a record with <paramref name="operationsLength"/> bytes of operations takes, padding included.</summary>
    public static int RecordLength(int operationsLength) => RecordLength(operationsLength, BlockSize);

    /// <summary>Bytes a record takes in a log whose blocks are <paramref name="blockSize"/> bytes (an encrypted log's are 4,064; see <see cref="Devices.IStorageDevice.LogBlockSize"/>).</summary>
    public static int RecordLength(int operationsLength, int blockSize) => (RecordHeaderSize + operationsLength + blockSize - 1) / blockSize * blockSize;

    public static void WriteHeader(Span<byte> header, uint salt)
    {
        header[..HeaderSize].Clear();
        BinaryPrimitives.WriteUInt32LittleEndian(header, HeaderMagic);
        BinaryPrimitives.WriteUInt32LittleEndian(header[4..], Version);
        BinaryPrimitives.WriteUInt32LittleEndian(header[8..], salt);
        BinaryPrimitives.WriteUInt32LittleEndian(header[12..], HeaderChecksum(header));
    }

    /// <summary>The salt of a valid header of this version; null for anything else.</summary>
    public static uint? ReadHeaderSalt(ReadOnlySpan<byte> header) =>
        header.Length >= HeaderSize
        && BinaryPrimitives.ReadUInt32LittleEndian(header) == HeaderMagic
        && BinaryPrimitives.ReadUInt32LittleEndian(header[4..]) == Version
        && BinaryPrimitives.ReadUInt32LittleEndian(header[12..]) == HeaderChecksum(header)
            ? BinaryPrimitives.ReadUInt32LittleEndian(header[8..])
            : null;

    /// <summary>The version of an intact header of another version than this release's; null for anything else.</summary>
    public static uint? ReadOtherVersion(ReadOnlySpan<byte> header) =>
        header.Length >= HeaderSize
        && BinaryPrimitives.ReadUInt32LittleEndian(header) == HeaderMagic
        && BinaryPrimitives.ReadUInt32LittleEndian(header[4..]) != Version
        && BinaryPrimitives.ReadUInt32LittleEndian(header[12..]) == HeaderChecksum(header)
            ? BinaryPrimitives.ReadUInt32LittleEndian(header[4..])
            : null;

    private static uint HeaderChecksum(ReadOnlySpan<byte> header) => ~Crc32C.Append(0xFFFFFFFFu, header[..12]);

    /// <summary>Writes a record's header in front of its operations (already at <see cref="RecordHeaderSize"/>) and zeros after them up to the block.</summary>
    /// <summary>Writes the record's header and checksum over <paramref name="record"/>, whose operations are in place, and zeros after them to the record's end (<paramref name="record"/>'s length).</summary>
    public static void WriteRecord(Span<byte> record, in RedoRecordHeader h)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(record, RecordMagic);
        BinaryPrimitives.WriteUInt32LittleEndian(record[4..], h.Salt);
        BinaryPrimitives.WriteInt64LittleEndian(record[8..], h.Sequence);
        BinaryPrimitives.WriteInt64LittleEndian(record[16..], h.SyncedSequence);
        BinaryPrimitives.WriteInt64LittleEndian(record[24..], h.StartLsn);
        BinaryPrimitives.WriteInt64LittleEndian(record[32..], h.PreviousLink);
        BinaryPrimitives.WriteInt32LittleEndian(record[40..], h.OperationsLength);
        var end = RecordHeaderSize + h.OperationsLength;
        BinaryPrimitives.WriteUInt32LittleEndian(record[ChecksumOffset..], Checksum(record[..end], h.Salt));
        record[end..].Clear();
    }

    public static RedoRecordHeader ReadRecordHeader(ReadOnlySpan<byte> record) => new(
        BinaryPrimitives.ReadUInt32LittleEndian(record[4..]),
        BinaryPrimitives.ReadInt64LittleEndian(record[8..]),
        BinaryPrimitives.ReadInt64LittleEndian(record[16..]),
        BinaryPrimitives.ReadInt64LittleEndian(record[24..]),
        BinaryPrimitives.ReadInt64LittleEndian(record[32..]),
        BinaryPrimitives.ReadInt32LittleEndian(record[40..]),
        BinaryPrimitives.ReadUInt32LittleEndian(record[ChecksumOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(record) == RecordMagic);

    /// <summary>The checksum of a whole record (header and operations), skipping the checksum field itself.</summary>
    public static uint Checksum(ReadOnlySpan<byte> record, uint salt)
    {
        var crc = Crc32C.Append(~salt, record[..ChecksumOffset]);
        return ~Crc32C.Append(crc, record[RecordHeaderSize..]);
    }
}

/// <summary>A record's header fields; <see cref="HasMagic"/> is false where the block holds no record at all.</summary>
internal readonly record struct RedoRecordHeader(
    uint Salt, long Sequence, long SyncedSequence, long StartLsn, long PreviousLink, int OperationsLength, uint Checksum = 0, bool HasMagic = true);
