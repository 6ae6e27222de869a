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

/// <summary>CRC32C (Castagnoli) accumulation, eight bytes per step through <see cref="BitOperations.Crc32C(uint, ulong)"/>.</summary>
internal static class Crc32C
{
    /// <summary>Folds <paramref name="data"/> into a running, not yet inverted, <paramref name="crc"/>.</summary>
    public static uint Append(uint crc, ReadOnlySpan<byte> data)
    {
        var words = MemoryMarshal.Cast<byte, ulong>(data);
        foreach (var w in words)
        {
            crc = BitOperations.Crc32C(crc, BitConverter.IsLittleEndian ? w : BinaryPrimitives.ReverseEndianness(w));
        }

        foreach (var b in data[(words.Length * 8)..])
        {
            crc = BitOperations.Crc32C(crc, b);
        }

        return crc;
    }
}
