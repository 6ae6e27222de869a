using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.InteropServices;

namespace DocStore.Storage.Pages;

/// <summary>
/// CRC32C over a page, stored in its first four bytes. The page number seeds the sum, so a page written
/// to the wrong place fails its check as surely as a flipped bit does.
/// </summary>
internal static class PageChecksum
{
    public static uint Compute(ReadOnlySpan<byte> page, uint pageNumber)
    {
        var crc = BitOperations.Crc32C(0xFFFFFFFFu, pageNumber);
        return ~Crc32C.Append(crc, page[4..]);
    }

    public static void Stamp(Span<byte> page, uint pageNumber) =>
        BinaryPrimitives.WriteUInt32LittleEndian(page, Compute(page, pageNumber));

    public static bool IsValid(ReadOnlySpan<byte> page, uint pageNumber) =>
        BinaryPrimitives.ReadUInt32LittleEndian(page) == Compute(page, pageNumber);
}
