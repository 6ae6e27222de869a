namespace DocStore.Storage.Devices;

/// <summary>
/// Writes zeros over a range of a device (the logs' preallocation, an erased redo record) from one shared
/// buffer that never changes, aligned so that an unbuffered device takes whole aligned blocks of it unbuffered.
/// </summary>
internal static class ZeroFill
{
    private static readonly AlignedBuffer Zeros = Allocate();

    /// <summary>Writes zeros over [<paramref name="from"/>, <paramref name="to"/>).</summary>
    public static void Write(IStorageDevice device, long from, long to)
    {
        for (var at = from; at < to; at += Zeros.Length)
        {
            device.Write(at, Zeros.Span[..(int)Math.Min(Zeros.Length, to - at)]);
        }
    }

    private static AlignedBuffer Allocate()
    {
        var zeros = AlignedBuffer.Allocate(64 * 1024, UnbufferedHandle.Alignment);
        zeros.Span.Clear();
        return zeros;
    }
}
