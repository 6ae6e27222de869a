using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace DocStore.Bson;

/// <summary>
/// One contiguous output region that writers fill and back-patch: either a caller's fixed span, or a
/// span from an <see cref="IBufferWriter{T}"/> that grows by asking for a larger span and copying what
/// was written. Nothing is committed to the buffer writer until <see cref="Commit"/>, so a failed write
/// leaves it untouched. Growth relies on the buffer writer keeping memory from an earlier
/// <see cref="IBufferWriter{T}.GetSpan"/> readable until the copy (true of ArrayBufferWriter and of
/// writers that allocate or rent fresh memory).
/// </summary>
internal ref struct GrowableOutput
{
    private const int InitialSize = 256;

    private readonly IBufferWriter<byte>? _writer;
    private readonly int _maxSize;
    private Span<byte> _span;
    private int _capacity;

    /// <summary>Writes into a fixed span.</summary>
    public GrowableOutput(Span<byte> destination, int maxSize)
    {
        _writer = null;
        _maxSize = maxSize;
        _span = destination;
        _capacity = Math.Min(destination.Length, maxSize);
        Position = 0;
    }

    /// <summary>Writes into spans from a buffer writer, growing as needed up to <paramref name="maxSize"/>.</summary>
    public GrowableOutput(IBufferWriter<byte> writer, int maxSize)
    {
        ArgumentNullException.ThrowIfNull(writer);
        _writer = writer;
        _maxSize = maxSize;
        _span = writer.GetSpan(InitialSize);
        _capacity = Math.Min(_span.Length, maxSize);
        Position = 0;
    }

    /// <summary>Bytes written so far.</summary>
    public int Position { get; set; }

    /// <summary>The bytes written so far.</summary>
    public readonly Span<byte> Written => _span[..Position];

    /// <summary>Reserves <paramref name="count"/> bytes at the current position, moves past them and returns them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<byte> Take(int count)
    {
        if (count > _capacity - Position)
        {
            Grow(count);
        }

        var reserved = _span.Slice(Position, count);
        Position += count;
        return reserved;
    }

    /// <summary>Makes at least <paramref name="count"/> bytes free and returns all free bytes, without moving.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<byte> Free(int count)
    {
        if (count > _capacity - Position)
        {
            Grow(count);
        }

        return _span[Position.._capacity];
    }

    /// <summary>The free bytes available without growing, as a span (nothing is reserved).</summary>
    public readonly Span<byte> FreeSpace => _span[Position.._capacity];

    /// <summary>The free bytes available without growing.</summary>
    public readonly int FreeCapacity => _capacity - Position;

    /// <summary>Overwrites an int32 written earlier (a length placeholder).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void PatchInt32(int offset, int value) => BinaryPrimitives.WriteInt32LittleEndian(_span[offset..], value);

    /// <summary>Advances the buffer writer past everything written; a no-op for fixed spans.</summary>
    public readonly void Commit() => _writer?.Advance(Position);

    private void Grow(int count)
    {
        if (_maxSize == 0)
        {
            CBsonThrow.InvalidOperation("The writer has no destination: create it with a span or a buffer writer, not with default.");
        }

        var needed = (long)Position + count;
        if (needed > _maxSize)
        {
            CBsonThrow.Limit(CBsonLimit.DocumentSize, $"The document would reach {needed} bytes, beyond the maximum document size of {_maxSize} bytes.");
        }

        if (_writer is null)
        {
            CBsonThrow.Limit(CBsonLimit.Destination, $"The destination span of {_span.Length} bytes is full: the document needs at least {needed} bytes.");
        }

        var size = (int)Math.Min(Math.Max(needed, 2L * _span.Length), _maxSize);
        var next = _writer.GetSpan(size);
        _span[..Position].CopyTo(next);
        _span = next;
        _capacity = Math.Min(next.Length, _maxSize);
    }
}
