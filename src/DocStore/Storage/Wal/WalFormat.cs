using System.Buffers.Binary;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Wal;

/// <summary>
/// Byte layout of the WAL file (docs/storage.md, "WAL"). A 32-byte header, then frames of a 40-byte frame
/// header and a payload, each frame padded with zeros to a multiple of 8 bytes; each transaction's frames
/// start at a multiple of <see cref="TransactionAlignment"/> (the bytes skipped before it are not part of
/// the log: stale frames of an older generation, or zeros).
/// <code>
/// header: 0 u32 magic "DSWL"  4 u32 version  8 u32 page size  12 u32 salt
///         16 u64 LSN of the first frame      24 u32 reserved  28 u32 CRC32C of bytes 0..28
/// frame:  0 u32 page number   4 u32 database size in pages after commit (0: not a commit frame)
///         8 u64 LSN           16 u64 highest LSN known durable when the frame was written
///         24 u32 salt         28 u32 payload length: the page size for a whole page image, less for a
///                                    delta against the page's previous version (see <see cref="WalDelta"/>)
///         32 u32 CRC32C of the payload alone, seeded with the page number (lets recovery check a frame
///                that follows a damaged one, whose running checksum can no longer be followed)
///         36 u32 running checksum: CRC32C of header bytes 0..36 and the payload, seeded with the previous
///                frame's checksum (the first frame: the WAL header's CRC)
/// </code>
/// </summary>
internal static class WalFormat
{
    public const int HeaderSize = 32;
    public const int FrameHeaderSize = 40;
    public const uint Magic = 0x4C575344; // "DSWL" little-endian

    /// <summary>Version 2: variable-size frames carrying a page image or a delta (version 1 had whole pages only).</summary>
    public const uint Version = 2;

    /// <summary>Frames start at multiples of this, so that recovery can look for intact frames past a damaged one.</summary>
    public const int FrameAlignment = 8;

    /// <summary>
    /// Every transaction's first frame starts at a multiple of this (the operating system's page size), so a
    /// commit never writes into the file page that the previous commit wrote and flushed: on Linux such a
    /// write waits for that page's writeback.
    /// </summary>
    public const int TransactionAlignment = 4096;

    /// <summary>Where the next transaction's first frame goes, given where the log's frames end.</summary>
    public static long TransactionStart(long end) => TransactionStart(end, TransactionAlignment);

    /// <summary>Where the next transaction's first frame goes on a device whose log blocks are <paramref name="alignment"/> bytes (a multiple of <see cref="FrameAlignment"/>).</summary>
    public static long TransactionStart(long end, int alignment) => (end + alignment - 1) / alignment * alignment;

    /// <summary>Bytes a frame with <paramref name="payloadLength"/> bytes of payload takes in the file, padding included.</summary>
    public static int FrameLength(int payloadLength) => (FrameHeaderSize + payloadLength + FrameAlignment - 1) & ~(FrameAlignment - 1);

    public static void WriteHeader(Span<byte> header, int pageSize, uint salt, long firstLsn)
    {
        header[..HeaderSize].Clear();
        BinaryPrimitives.WriteUInt32LittleEndian(header, Magic);
        BinaryPrimitives.WriteUInt32LittleEndian(header[4..], Version);
        BinaryPrimitives.WriteUInt32LittleEndian(header[8..], (uint)pageSize);
        BinaryPrimitives.WriteUInt32LittleEndian(header[12..], salt);
        BinaryPrimitives.WriteInt64LittleEndian(header[16..], firstLsn);
        BinaryPrimitives.WriteUInt32LittleEndian(header[28..], HeaderChecksum(header));
    }

    public static uint HeaderChecksum(ReadOnlySpan<byte> header) => ~Crc32C.Append(0xFFFFFFFFu, header[..28]);

    public static bool TryReadHeader(ReadOnlySpan<byte> header, out WalHeader result)
    {
        result = default;
        if (header.Length < HeaderSize
            || BinaryPrimitives.ReadUInt32LittleEndian(header) != Magic
            || BinaryPrimitives.ReadUInt32LittleEndian(header[28..]) != HeaderChecksum(header))
        {
            return false;
        }

        result = new WalHeader(
            BinaryPrimitives.ReadUInt32LittleEndian(header[4..]),
            (int)BinaryPrimitives.ReadUInt32LittleEndian(header[8..]),
            BinaryPrimitives.ReadUInt32LittleEndian(header[12..]),
            BinaryPrimitives.ReadInt64LittleEndian(header[16..]),
            BinaryPrimitives.ReadUInt32LittleEndian(header[28..]));
        return true;
    }

    /// <summary>
    /// Fills the header of a frame whose payload already follows it in <paramref name="frame"/>, zeroes its
    /// padding, and returns the running checksum the frame now carries.
    /// </summary>
    public static uint WriteFrame(Span<byte> frame, in WalFrameHeader h, uint previousChecksum)
    {
        var payload = frame.Slice(FrameHeaderSize, h.PayloadLength);
        frame[(FrameHeaderSize + h.PayloadLength)..FrameLength(h.PayloadLength)].Clear();
        BinaryPrimitives.WriteUInt32LittleEndian(frame, h.PageNumber);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[4..], h.CommitPageCount);
        BinaryPrimitives.WriteInt64LittleEndian(frame[8..], h.Lsn);
        BinaryPrimitives.WriteInt64LittleEndian(frame[16..], h.DurableLsn);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[24..], h.Salt);
        BinaryPrimitives.WriteInt32LittleEndian(frame[28..], h.PayloadLength);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[32..], PayloadChecksum(payload, h.PageNumber));
        var sum = FrameChecksum(previousChecksum, frame, payload);
        BinaryPrimitives.WriteUInt32LittleEndian(frame[36..], sum);
        return sum;
    }

    public static uint PayloadChecksum(ReadOnlySpan<byte> payload, uint pageNumber) =>
        ~Crc32C.Append(System.Numerics.BitOperations.Crc32C(0xFFFFFFFFu, pageNumber), payload);

    public static uint FrameChecksum(uint previousChecksum, ReadOnlySpan<byte> frameHeader, ReadOnlySpan<byte> payload) =>
        ~Crc32C.Append(Crc32C.Append(~previousChecksum, frameHeader[..36]), payload);

    public static WalFrameHeader ReadFrameHeader(ReadOnlySpan<byte> frame) => new(
        BinaryPrimitives.ReadUInt32LittleEndian(frame),
        BinaryPrimitives.ReadUInt32LittleEndian(frame[4..]),
        BinaryPrimitives.ReadInt64LittleEndian(frame[8..]),
        BinaryPrimitives.ReadInt64LittleEndian(frame[16..]),
        BinaryPrimitives.ReadUInt32LittleEndian(frame[24..]),
        BinaryPrimitives.ReadInt32LittleEndian(frame[28..]),
        BinaryPrimitives.ReadUInt32LittleEndian(frame[32..]),
        BinaryPrimitives.ReadUInt32LittleEndian(frame[36..]));
}

/// <summary>The decoded WAL header.</summary>
internal readonly record struct WalHeader(uint Version, int PageSize, uint Salt, long FirstLsn, uint Checksum);

/// <summary>The decoded header of one WAL frame.</summary>
internal readonly record struct WalFrameHeader(
    uint PageNumber, uint CommitPageCount, long Lsn, long DurableLsn, uint Salt, int PayloadLength, uint PayloadChecksum = 0, uint Checksum = 0)
{
    public bool IsCommit => CommitPageCount != 0;
}
