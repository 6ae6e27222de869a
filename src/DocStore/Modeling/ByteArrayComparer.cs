namespace DocStore.Modeling;

/// <summary>Orders encoded keys by unsigned lexicographic byte order, the order of the key encoding.</summary>
internal sealed class ByteArrayComparer : IComparer<byte[]>
{
    public static ByteArrayComparer Instance { get; } = new();

    public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
}

/// <summary>Equality of encoded keys by content.</summary>
internal sealed class ByteArrayEqualityComparer : IEqualityComparer<byte[]>
{
    public static ByteArrayEqualityComparer Instance { get; } = new();

    public bool Equals(byte[]? x, byte[]? y) => x.AsSpan().SequenceEqual(y);

    public int GetHashCode(byte[] obj)
    {
        var hash = new HashCode();
        hash.AddBytes(obj);
        return hash.ToHashCode();
    }
}
