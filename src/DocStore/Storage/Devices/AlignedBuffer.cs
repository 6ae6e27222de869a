namespace DocStore.Storage.Devices;

/// <summary>
/// A window of a pinned array that starts at a multiple of an alignment: a buffer that unbuffered writes
/// accept (<see cref="UnbufferedHandle"/>). The pinned object heap never moves the array, so the start
/// stays aligned for the buffer's life.
/// </summary>
internal sealed class AlignedBuffer
{
    private readonly byte[] _array;
    private readonly int _start;

    private AlignedBuffer(byte[] array, int start, int length)
    {
        _array = array;
        _start = start;
        Length = length;
    }

    /// <summary>Usable bytes.</summary>
    public int Length { get; }

    /// <summary>The usable bytes, starting aligned.</summary>
    public Span<byte> Span => _array.AsSpan(_start, Length);

    /// <summary>A buffer of <paramref name="length"/> uninitialized bytes whose first byte sits on a multiple of <paramref name="alignment"/> (a power of two).</summary>
    public static unsafe AlignedBuffer Allocate(int length, int alignment)
    {
        var array = GC.AllocateUninitializedArray<byte>(length + alignment - 1, pinned: true);
        fixed (byte* first = array)
        {
            var start = (int)((alignment - ((nint)first & (alignment - 1))) & (alignment - 1));
            return new AlignedBuffer(array, start, length);
        }
    }
}
