namespace DocStore.Modeling;

/// <summary>Orders encoded keys by unsigned lexicographic byte order, the order of the key encoding.</summary>
internal sealed class ByteArrayComparer : IComparer<byte[]>
{
    public static ByteArrayComparer Instance { get; } = new();

    public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
}
