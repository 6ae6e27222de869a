namespace DocStore.Collections;

/// <summary>Equality of byte arrays by content, for sets of encoded keys.</summary>
internal sealed class ByteArrayEquality : IEqualityComparer<byte[]>
{
    public static ByteArrayEquality Instance { get; } = new();

    public bool Equals(byte[]? x, byte[]? y) => x.AsSpan().SequenceEqual(y);

    public int GetHashCode(byte[] obj)
    {
        var hash = new HashCode();
        hash.AddBytes(obj);
        return hash.ToHashCode();
    }
}
