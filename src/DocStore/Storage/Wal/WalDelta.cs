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
            var stop = position + 1;
            while (stop < end)
            {
                if (page[stop] != previous[stop])
                {
                    stop++;
                    continue;
                }

                var same = page[stop..].CommonPrefixLength(previous[stop..]);
                if (same >= MinimumGap || stop + same == end)
                {
                    break;
                }

                stop += same;
            }

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
