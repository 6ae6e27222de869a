using System.Buffers.Binary;

namespace DocStore.Storage.Wal;

/// <summary>
/// The payload of a delta frame: the bytes in which a page differs from its previous version, as runs of
/// <c>u16 offset, u16 length, bytes</c>. A small change to a big page (one document into a leaf, one entry
/// into an index leaf) then logs a few hundred bytes instead of the whole page, which is what a single
/// durable commit pays for in its fsync.
/// <para>
/// Replaying the deltas of a page in order onto any earlier version of it, or onto a page torn between two
/// such versions, gives the newest version: a byte that some delta covers ends with the last delta's value,
/// and a byte no delta covers is the same in every version. Recovery and checkpoints rely on this.
/// </para>
/// </summary>
internal static class WalDelta
{
    private const int RunHeaderSize = 4;

    // Equal bytes shorter than this between two changed regions are carried inside one run: a second run
    // would cost its 4-byte header, and fewer runs apply faster.
    private const int MinimumGap = 8;

    /// <summary>
    /// Writes the delta from <paramref name="previous"/> to <paramref name="page"/> into
    /// <paramref name="output"/>; returns its length, or -1 when it does not fit (the caller logs the whole
    /// page instead).
    /// </summary>
    public static int Encode(ReadOnlySpan<byte> previous, ReadOnlySpan<byte> page, Span<byte> output)
    {
        var length = 0;
        var position = 0;
        var end = page.Length;
        while (true)
        {
            position += page[position..].CommonPrefixLength(previous[position..]);
            if (position == end)
            {
                return length;
            }

            var start = position;
            var stop = RunEnd(previous, page, start);
            var run = stop - start;
            if (length + RunHeaderSize + run > output.Length)
            {
                return -1;
            }

            BinaryPrimitives.WriteUInt16LittleEndian(output[length..], (ushort)start);
            BinaryPrimitives.WriteUInt16LittleEndian(output[(length + 2)..], (ushort)run);
            page[start..stop].CopyTo(output[(length + RunHeaderSize)..]);
            length += RunHeaderSize + run;
            position = stop;
        }
    }

    /// <summary>
    /// Where the changed region that starts at <paramref name="start"/> ends: after its last differing byte
    /// before the first <see cref="MinimumGap"/> equal bytes in a row, or at the page's end. Compares eight
    /// bytes at a time: a region spans a shifted slot array or a new cell, hundreds of bytes in which equal
    /// bytes come singly, and a byte loop would stop at each of them. A gap of eight equal bytes that
    /// straddles two words may end up inside the run; the delta stays exact, only a few bytes longer.
    /// </summary>
    private static int RunEnd(ReadOnlySpan<byte> previous, ReadOnlySpan<byte> page, int start)
    {
        var end = page.Length;
        var lastDifferent = start;
        var position = start + 1;
        for (; position + sizeof(ulong) <= end; position += sizeof(ulong))
        {
            var difference = BinaryPrimitives.ReadUInt64LittleEndian(page[position..]) ^ BinaryPrimitives.ReadUInt64LittleEndian(previous[position..]);
            if (difference == 0)
            {
                // Eight equal bytes after the last difference: the gap is long enough.
                return lastDifferent + 1;
            }

            // The highest differing byte of the word (little-endian: the leading zero bytes lie above it).
            lastDifferent = position + sizeof(ulong) - 1 - (System.Numerics.BitOperations.LeadingZeroCount(difference) / 8);
        }

        for (; position < end; position++)
        {
            if (page[position] != previous[position])
            {
                lastDifferent = position;
            }
            else if (position - lastDifferent >= MinimumGap)
            {
                break;
            }
        }

        return lastDifferent + 1;
    }

    /// <summary>Applies <paramref name="delta"/> to <paramref name="page"/>; false when a run does not fit the page (a damaged payload).</summary>
    public static bool TryApply(Span<byte> page, ReadOnlySpan<byte> delta)
    {
        while (!delta.IsEmpty)
        {
            if (delta.Length < RunHeaderSize)
            {
                return false;
            }

            int start = BinaryPrimitives.ReadUInt16LittleEndian(delta);
            int run = BinaryPrimitives.ReadUInt16LittleEndian(delta[2..]);
            if (run > delta.Length - RunHeaderSize || start + run > page.Length)
            {
                return false;
            }

            delta.Slice(RunHeaderSize, run).CopyTo(page[start..]);
            delta = delta[(RunHeaderSize + run)..];
        }

        return true;
    }
}
