using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace DocStore.BTree;

/// <summary>
/// The byte order of keys (unsigned lexicographic, a shorter key before its extensions), compared eight
/// bytes at a time. A tree search makes a dozen or more comparisons of short keys per lookup; inlined word
/// compares cost less there than a call into the general vectorised <c>SequenceCompareTo</c>, whose set-up
/// pays off only on keys far longer than a typical index key.
/// </summary>
internal static class KeyOrder
{
    /// <summary>Negative when <paramref name="left"/> sorts first, zero when equal, positive when it sorts last.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        var common = Math.Min(left.Length, right.Length);
        ref var l = ref MemoryMarshal.GetReference(left);
        ref var r = ref MemoryMarshal.GetReference(right);
        var i = 0;
        for (; i + sizeof(ulong) <= common; i += sizeof(ulong))
        {
            var a = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref l, i));
            var b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref r, i));
            if (a != b)
            {
                return Order(a, b);
            }
        }

        return CompareTail(ref l, ref r, i, common, left.Length - right.Length);
    }

    /// <summary>The order of the first differing words, read big-endian so that the first differing byte decides.</summary>
    private static int Order(ulong left, ulong right)
    {
        if (BitConverter.IsLittleEndian)
        {
            left = BinaryPrimitives.ReverseEndianness(left);
            right = BinaryPrimitives.ReverseEndianness(right);
        }

        return left < right ? -1 : 1;
    }

    /// <summary>The bytes after the last whole common word, then the lengths.</summary>
    private static int CompareTail(ref byte left, ref byte right, int from, int common, int lengthDifference)
    {
        for (var i = from; i < common; i++)
        {
            var a = Unsafe.Add(ref left, i);
            var b = Unsafe.Add(ref right, i);
            if (a != b)
            {
                return a - b;
            }
        }

        return lengthDifference;
    }
}
