using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace DocStore.BTree;

/// <summary>
/// Asks the processor to start loading a value's cache lines before its reader gets to them. A document
/// is read front to back, but its frame is checked first at both ends and nested containers at theirs,
/// so without this each of its lines would be a separate wait on memory; issued together, the loads
/// overlap. A prefetch is only a hint: it never faults and never changes what is read.
/// </summary>
internal static class ValuePrefetch
{
    private const int LineSize = 64;

    /// <summary>The most of a value fetched ahead: beyond this the reader's own sequential loads keep up.</summary>
    private const int MaxBytes = 1024;

    /// <summary>Prefetches up to <see cref="MaxBytes"/> of <paramref name="array"/> from <paramref name="offset"/> (a no-op where the processor offers no prefetch).</summary>
    public static unsafe void Lines(byte[] array, int offset, int length)
    {
        if (!Sse.IsSupported || length <= 0)
        {
            return;
        }

        // The array is not pinned: should the collector move it in between, a hint lands elsewhere, harmlessly.
        ref var start = ref array[offset];
        var end = Math.Min(length, array.Length - offset);
        var bytes = Math.Min(end, MaxBytes);
        for (var i = 0; i < bytes; i += LineSize)
        {
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref start, i)));
        }

        // The last line, which the frame check reads first, when the loop stepped over it or stopped short of it.
        Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref start, end - 1)));
    }
}
