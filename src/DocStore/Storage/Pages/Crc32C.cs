using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.InteropServices;

namespace DocStore.Storage.Pages;

/// <summary>
/// CRC32C (Castagnoli) accumulation over the raw CRC register (callers apply the usual inversions).
/// <para>
/// The CRC instruction takes a cycle or so to issue but three to produce its result, and each step needs
/// the previous one's, so a single stream runs at a third of what the unit can do. Long inputs are
/// therefore taken in chunks of three blocks whose CRCs run as three independent streams and are then
/// joined: the register of a block followed by <c>n</c> more bytes equals that register carried across
/// <c>n</c> zero bytes, XORed with the CRC of those bytes from zero, and carrying a register across a fixed
/// number of zero bytes is linear, so it is four table lookups. Page checksums (every commit stamps each
/// page it writes, every cache miss checks one) are hot enough to need this.
/// </para>
/// </summary>
internal static class Crc32C
{
    /// <summary>Bytes each of the three streams takes per chunk.</summary>
    internal const int BlockSize = 512;

    private const int BlockWords = BlockSize / sizeof(ulong);

    // Register carried across one block of zeros, and across two, as four 256-entry tables (one per byte of the register).
    private static readonly uint[] s_acrossOne = ZeroCarryTable(BlockSize);
    private static readonly uint[] s_acrossTwo = ZeroCarryTable(2 * BlockSize);

    /// <summary>Continues the CRC register <paramref name="crc"/> over <paramref name="data"/>.</summary>
    public static uint Append(uint crc, ReadOnlySpan<byte> data)
    {
        while (data.Length >= 3 * BlockSize)
        {
            crc = ThreeStreams(crc, MemoryMarshal.Cast<byte, ulong>(data[..(3 * BlockSize)]));
            data = data[(3 * BlockSize)..];
        }

        return OneStream(crc, data);
    }

    /// <summary>The plain single-stream computation: what <see cref="Append"/> runs over the tail too short for three streams.</summary>
    internal static uint OneStream(uint crc, ReadOnlySpan<byte> data)
    {
        var words = MemoryMarshal.Cast<byte, ulong>(data);
        foreach (var w in words)
        {
            crc = BitOperations.Crc32C(crc, Word(w));
        }

        foreach (var b in data[(words.Length * sizeof(ulong))..])
        {
            crc = BitOperations.Crc32C(crc, b);
        }

        return crc;
    }

    private static uint ThreeStreams(uint crc, ReadOnlySpan<ulong> chunk)
    {
        var first = chunk[..BlockWords];
        var second = chunk.Slice(BlockWords, BlockWords);
        var third = chunk.Slice(2 * BlockWords, BlockWords);
        uint a = crc, b = 0, c = 0;
        for (var i = 0; i < first.Length; i++)
        {
            a = BitOperations.Crc32C(a, Word(first[i]));
            b = BitOperations.Crc32C(b, Word(second[i]));
            c = BitOperations.Crc32C(c, Word(third[i]));
        }

        return Carry(s_acrossTwo, a) ^ Carry(s_acrossOne, b) ^ c;
    }

    private static uint Carry(uint[] table, uint register) =>
        table[register & 0xFF] ^ table[256 + ((register >> 8) & 0xFF)] ^ table[512 + ((register >> 16) & 0xFF)] ^ table[768 + (register >> 24)];

    // The stored bytes are little-endian words; a big-endian machine must feed the instruction the same value.
    private static ulong Word(ulong w) => BitConverter.IsLittleEndian ? w : BinaryPrimitives.ReverseEndianness(w);

    private static uint[] ZeroCarryTable(int zeroBytes)
    {
        var table = new uint[4 * 256];
        for (var k = 0; k < 4; k++)
        {
            for (var value = 0u; value < 256; value++)
            {
                var register = value << (8 * k);
                for (var i = 0; i < zeroBytes / sizeof(ulong); i++)
                {
                    register = BitOperations.Crc32C(register, 0UL);
                }

                table[(256 * k) + (int)value] = register;
            }
        }

        return table;
    }
}
