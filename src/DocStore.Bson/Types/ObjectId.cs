using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;

namespace DocStore;

/// <summary>
/// A 12-byte MongoDB ObjectId: 4 bytes of big-endian Unix seconds, 5 random bytes chosen once per
/// process, and a 3-byte big-endian counter. Because the seconds come first and are big-endian, the
/// byte order of ObjectIds is their creation order (to the second, then by counter within a process).
/// </summary>
public readonly struct ObjectId : IEquatable<ObjectId>, IComparable<ObjectId>, ISpanFormattable, ISpanParsable<ObjectId>
{
    /// <summary>The size of an ObjectId in bytes.</summary>
    public const int Size = 12;

    private static readonly long ProcessRandom = CreateProcessRandom();
    private static int s_counter = RandomNumberGenerator.GetInt32(0, 0x1000000);

    // Three big-endian words keep comparison and equality cheap and the struct free of references.
    private readonly uint _a;
    private readonly uint _b;
    private readonly uint _c;

    /// <summary>Creates an ObjectId from its 12 bytes, in MongoDB's layout.</summary>
    /// <param name="bytes">Exactly 12 bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="bytes"/> is not 12 bytes long.</exception>
    public ObjectId(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length != Size)
        {
            throw new ArgumentException($"An ObjectId is {Size} bytes; got {bytes.Length}.", nameof(bytes));
        }

        _a = BinaryPrimitives.ReadUInt32BigEndian(bytes);
        _b = BinaryPrimitives.ReadUInt32BigEndian(bytes[4..]);
        _c = BinaryPrimitives.ReadUInt32BigEndian(bytes[8..]);
    }

    /// <summary>Creates an ObjectId from a timestamp, the 5-byte random value and a 24-bit counter.</summary>
    /// <param name="timestamp">Seconds since the Unix epoch.</param>
    /// <param name="random">The 40-bit random value (upper bits ignored).</param>
    /// <param name="counter">The 24-bit counter (upper bits ignored).</param>
    public ObjectId(uint timestamp, long random, int counter)
    {
        _a = timestamp;
        _b = (uint)((random >> 8) & 0xFFFFFFFF);
        _c = (uint)((random & 0xFF) << 24) | ((uint)counter & 0xFFFFFF);
    }

    /// <summary>The all-zero ObjectId, the default value; never produced by <see cref="NewObjectId"/>.</summary>
    public static ObjectId Empty => default;

    /// <summary>Seconds since the Unix epoch at which this id was created.</summary>
    public uint Timestamp => _a;

    /// <summary>The creation time, to the second, in UTC.</summary>
    public DateTime CreationTime => DateTime.UnixEpoch.AddSeconds(_a);

    /// <summary>Creates a new ObjectId; safe to call from any number of threads at once.</summary>
    /// <returns>An id greater than every id this process created in an earlier second.</returns>
    public static ObjectId NewObjectId()
    {
        var seconds = (uint)DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        var counter = Interlocked.Increment(ref s_counter) & 0xFFFFFF;
        return new ObjectId(seconds, ProcessRandom, counter);
    }

    /// <summary>Writes the 12 bytes of this id into <paramref name="destination"/>.</summary>
    /// <param name="destination">At least 12 bytes.</param>
    public void WriteTo(Span<byte> destination)
    {
        if (destination.Length < Size)
        {
            throw new ArgumentException($"An ObjectId needs {Size} bytes; the destination has {destination.Length}.", nameof(destination));
        }

        BinaryPrimitives.WriteUInt32BigEndian(destination, _a);
        BinaryPrimitives.WriteUInt32BigEndian(destination[4..], _b);
        BinaryPrimitives.WriteUInt32BigEndian(destination[8..], _c);
    }

    /// <summary>Returns the 12 bytes of this id in a new array.</summary>
    public byte[] ToByteArray()
    {
        var bytes = new byte[Size];
        WriteTo(bytes);
        return bytes;
    }

    /// <summary>Parses 24 hexadecimal digits (either case).</summary>
    /// <param name="text">The text to parse.</param>
    /// <exception cref="FormatException">The text is not 24 hex digits.</exception>
    public static ObjectId Parse(string text) => Parse(text.AsSpan(), null);

    /// <inheritdoc cref="Parse(string)"/>
    /// <param name="s">The text to parse.</param>
    /// <param name="provider">Ignored; the format is culture-independent.</param>
    public static ObjectId Parse(ReadOnlySpan<char> s, IFormatProvider? provider)
    {
        if (!TryParse(s, provider, out var id))
        {
            throw new FormatException($"'{s}' is not an ObjectId: expected 24 hexadecimal digits.");
        }

        return id;
    }

    /// <inheritdoc cref="Parse(string)"/>
    /// <param name="s">The text to parse.</param>
    /// <param name="provider">Ignored; the format is culture-independent.</param>
    public static ObjectId Parse(string s, IFormatProvider? provider) => Parse(s.AsSpan(), provider);

    /// <summary>Tries to parse 24 hexadecimal digits (either case).</summary>
    /// <param name="s">The text to parse.</param>
    /// <param name="provider">Ignored; the format is culture-independent.</param>
    /// <param name="result">The id, or <see cref="Empty"/> on failure.</param>
    /// <returns>Whether the text was a valid ObjectId.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider? provider, out ObjectId result)
    {
        result = default;
        if (s.Length != Size * 2)
        {
            return false;
        }

        Span<byte> bytes = stackalloc byte[Size];
        var status = Convert.FromHexString(s, bytes, out _, out var written);
        if (status != System.Buffers.OperationStatus.Done || written != Size)
        {
            return false;
        }

        result = new ObjectId(bytes);
        return true;
    }

    /// <inheritdoc cref="TryParse(ReadOnlySpan{char}, IFormatProvider?, out ObjectId)"/>
    public static bool TryParse([NotNullWhen(true)] string? s, IFormatProvider? provider, out ObjectId result)
    {
        if (s is null)
        {
            result = default;
            return false;
        }

        return TryParse(s.AsSpan(), provider, out result);
    }

    /// <summary>Formats the id as 24 lower-case hexadecimal digits.</summary>
    public override string ToString() => string.Create(Size * 2, this, static (chars, id) => id.TryFormat(chars, out _, default, null));

    /// <inheritdoc/>
    public string ToString(string? format, IFormatProvider? formatProvider) => ToString();

    /// <inheritdoc/>
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        Span<byte> bytes = stackalloc byte[Size];
        WriteTo(bytes);
        return Convert.TryToHexStringLower(bytes, destination, out charsWritten);
    }

    /// <inheritdoc/>
    public bool Equals(ObjectId other) => _a == other._a && _b == other._b && _c == other._c;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is ObjectId other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => HashCode.Combine(_a, _b, _c);

    /// <summary>Compares ids in byte order, which is creation order.</summary>
    /// <param name="other">The id to compare with.</param>
    public int CompareTo(ObjectId other)
    {
        var c = _a.CompareTo(other._a);
        if (c != 0)
        {
            return c;
        }

        c = _b.CompareTo(other._b);
        return c != 0 ? c : _c.CompareTo(other._c);
    }

    /// <summary>Equality.</summary>
    public static bool operator ==(ObjectId left, ObjectId right) => left.Equals(right);

    /// <summary>Inequality.</summary>
    public static bool operator !=(ObjectId left, ObjectId right) => !left.Equals(right);

    /// <summary>Byte order (creation order).</summary>
    public static bool operator <(ObjectId left, ObjectId right) => left.CompareTo(right) < 0;

    /// <summary>Byte order (creation order).</summary>
    public static bool operator >(ObjectId left, ObjectId right) => left.CompareTo(right) > 0;

    /// <summary>Byte order (creation order).</summary>
    public static bool operator <=(ObjectId left, ObjectId right) => left.CompareTo(right) <= 0;

    /// <summary>Byte order (creation order).</summary>
    public static bool operator >=(ObjectId left, ObjectId right) => left.CompareTo(right) >= 0;

    private static long CreateProcessRandom()
    {
        Span<byte> bytes = stackalloc byte[8];
        RandomNumberGenerator.Fill(bytes);
        return BinaryPrimitives.ReadInt64LittleEndian(bytes) & 0xFF_FFFF_FFFF;
    }
}
