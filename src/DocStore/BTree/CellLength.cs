using System.Runtime.CompilerServices;

namespace DocStore.BTree;

/// <summary>
/// The lengths in a cell (docs/storage.md, "Leaf and branch pages"): unsigned LEB128, seven bits a byte, low
/// bits first, a set high bit meaning another byte follows. Index entries have keys under 128 bytes and empty
/// values, so their two lengths take a byte each instead of the six a fixed header took.
/// </summary>
internal static class CellLength
{
    /// <summary>The most bytes a length takes: four cover 2^28, above twice the 64 MiB value limit (a value field).</summary>
    public const int MaxSize = 4;

    /// <summary>Bytes <paramref name="value"/> takes.</summary>
    public static int Size(int value) => value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : 4;

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/> and returns the bytes written.</summary>
    public static int Write(Span<byte> destination, int value)
    {
        var written = 0;
        var rest = (uint)value;
        while (rest >= 0x80)
        {
            destination[written++] = (byte)(rest | 0x80);
            rest >>= 7;
        }

        destination[written++] = (byte)rest;
        return written;
    }

    /// <summary>Reads the length at <paramref name="offset"/>; <paramref name="next"/> is the offset after it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ReadOnlySpan<byte> source, int offset, out int next)
    {
        int b = source[offset];
        if (b < 0x80)
        {
            next = offset + 1;
            return b;
        }

        // Two bytes: value fields of documents of 64 bytes to 8 KiB, read on every scan step, so also inline.
        int b1 = source[offset + 1];
        if (b1 < 0x80)
        {
            next = offset + 2;
            return (b & 0x7F) | (b1 << 7);
        }

        return ReadLong(source, offset, out next);
    }

    // Fields of 16K or more (values of 8 KiB or more): kept out of line so the short cases inline.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ReadLong(ReadOnlySpan<byte> source, int offset, out int next)
    {
        var value = 0;
        for (var i = 0; ; i++)
        {
            int b = source[offset + i];
            value |= (b & 0x7F) << (7 * i);
            if (b < 0x80 || i == MaxSize - 1)
            {
                next = offset + i + 1;
                return value;
            }
        }
    }

    /// <summary>
    /// Like <see cref="Read"/> for a page that may be damaged: false when the length runs past
    /// <paramref name="source"/>'s end or does not end within <see cref="MaxSize"/> bytes.
    /// </summary>
    public static bool TryRead(ReadOnlySpan<byte> source, int offset, out int value, out int next)
    {
        value = 0;
        next = offset;
        for (var i = 0; i < MaxSize; i++)
        {
            if (offset + i >= source.Length)
            {
                return false;
            }

            int b = source[offset + i];
            value |= (b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                next = offset + i + 1;
                return true;
            }
        }

        return false;
    }
}
