namespace DocStore.Bson.Model;

/// <summary>
/// BSON binary data (0x05): a subtype and bytes. The bytes are copied in and never exposed for writing,
/// so the value is immutable. For subtype 2 (old binary) the bytes are the payload without the inner length.
/// </summary>
public sealed class BsonBinaryData : BsonValue
{
    private readonly byte[] _bytes;

    /// <summary>Creates binary data from a copy of <paramref name="bytes"/>.</summary>
    /// <param name="bytes">The data.</param>
    /// <param name="subtype">The subtype.</param>
    public BsonBinaryData(ReadOnlySpan<byte> bytes, BsonBinarySubtype subtype = BsonBinarySubtype.Generic)
        : this(bytes.ToArray(), subtype, owned: true)
    {
    }

    /// <summary>Takes ownership of <paramref name="bytes"/>, which the caller must not change afterwards.</summary>
    internal BsonBinaryData(byte[] bytes, BsonBinarySubtype subtype, bool owned)
    {
        _ = owned;
        _bytes = bytes;
        Subtype = subtype;
    }

    /// <summary>The subtype.</summary>
    public BsonBinarySubtype Subtype { get; }

    /// <summary>The data.</summary>
    public ReadOnlyMemory<byte> Data => _bytes;

    /// <summary>The data as a span.</summary>
    public ReadOnlySpan<byte> Span => _bytes;

    /// <inheritdoc/>
    public override BsonType BsonType => BsonType.Binary;

    /// <summary>Creates subtype 4 data holding the Guid in RFC 4122 (big-endian) byte order.</summary>
    /// <param name="value">The Guid.</param>
    public static BsonBinaryData FromGuid(Guid value)
    {
        var bytes = new byte[16];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        return new BsonBinaryData(bytes, BsonBinarySubtype.Uuid, owned: true);
    }

    /// <summary>Reads the data as a Guid in RFC 4122 byte order.</summary>
    /// <exception cref="InvalidOperationException">The subtype is not 4 or the data is not 16 bytes.</exception>
    public Guid ToGuid()
    {
        if (Subtype != BsonBinarySubtype.Uuid || _bytes.Length != 16)
        {
            throw new InvalidOperationException($"Only 16-byte binary data of subtype 4 is a UUID; this is subtype {(byte)Subtype} with {_bytes.Length} bytes.");
        }

        return new Guid(_bytes, bigEndian: true);
    }

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        var hash = new HashCode();
        hash.Add(Subtype);
        hash.AddBytes(_bytes);
        return hash.ToHashCode();
    }

    /// <inheritdoc/>
    private protected override bool EqualsCore(BsonValue other, int depth) =>
        other is BsonBinaryData b && b.Subtype == Subtype && b._bytes.AsSpan().SequenceEqual(_bytes);
}
