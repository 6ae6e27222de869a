using System.Buffers.Binary;

namespace DocStore.Integrity;

/// <summary>
/// What a multiset of key/value entries adds up to, whatever their order: how many there are and the sum of
/// a 64-bit hash of each. Two sides that agree are taken to hold the same entries (a random difference goes
/// unnoticed with odds of about 2^-64); when they disagree, the caller compares entry by entry. It takes the
/// same few bytes for any number of entries, where a set of them took gigabytes for large collections.
/// </summary>
internal struct EntryDigest : IEquatable<EntryDigest>
{
    private const ulong ValueSeed = 0x9E3779B97F4A7C15UL;
    private const ulong LengthPrime = 0xC2B2AE3D27D4EB4FUL;

    private long _count;
    private ulong _sum;

    /// <summary>Adds one entry.</summary>
    public void Add(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        _count++;
        _sum += Hash(key, Hash(value, ValueSeed));
    }

    /// <inheritdoc/>
    public readonly bool Equals(EntryDigest other) => _count == other._count && _sum == other._sum;

    /// <inheritdoc/>
    public override readonly bool Equals(object? obj) => obj is EntryDigest other && Equals(other);

    /// <inheritdoc/>
    public override readonly int GetHashCode() => HashCode.Combine(_count, _sum);

    // Eight bytes at a time through SplitMix64's finalizer (a bijection that spreads every input bit), the
    // length first so that entries differing only in trailing zeros differ.
    private static ulong Hash(ReadOnlySpan<byte> data, ulong seed)
    {
        var h = Mix(seed ^ ((ulong)data.Length * LengthPrime));
        while (data.Length >= 8)
        {
            h = Mix(h ^ BinaryPrimitives.ReadUInt64LittleEndian(data));
            data = data[8..];
        }

        ulong tail = 0;
        for (var i = 0; i < data.Length; i++)
        {
            tail |= (ulong)data[i] << (8 * i);
        }

        return Mix(h ^ tail ^ LengthPrime);
    }

    private static ulong Mix(ulong x)
    {
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9UL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBUL;
        return x ^ (x >> 31);
    }
}
