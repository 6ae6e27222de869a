using System.Buffers;

namespace DocStore.Bson.Keys;

/// <summary>
/// Writes an index key, one component after another, into a <see cref="Span{T}"/> or an
/// <see cref="IBufferWriter{T}"/>; allocates nothing. Each Write method appends one component: a tag,
/// then the value's order-preserving bytes. With <c>descending: true</c> every byte of that component is
/// inverted, so the same byte comparison orders it from high to low. See <c>docs/format.md (section "Index keys")</c>.
/// </summary>
/// <remarks>
/// Over a span, a component that does not fit throws <see cref="ArgumentException"/> and leaves the
/// bytes written so far intact; size the span with <see cref="KeyEncoding"/>. Over a buffer writer,
/// each component is committed with <see cref="IBufferWriter{T}.Advance"/> as soon as it is written.
/// </remarks>
public ref partial struct KeyWriter
{
    private readonly Span<byte> _destination;
    private readonly IBufferWriter<byte>? _output;
    private int _bytesWritten;
    private bool _endedWithPrefix;

    /// <summary>Creates a writer that fills <paramref name="destination"/> from its start.</summary>
    /// <param name="destination">Where the key goes.</param>
    public KeyWriter(Span<byte> destination)
    {
        _destination = destination;
    }

    /// <summary>Creates a writer that appends to <paramref name="output"/>.</summary>
    /// <param name="output">Where the key goes.</param>
    /// <exception cref="ArgumentNullException"><paramref name="output"/> is null.</exception>
    public KeyWriter(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
    }

    /// <summary>The number of bytes written so far.</summary>
    public readonly int BytesWritten => _bytesWritten;

    /// <summary>The key written so far, when writing into a span.</summary>
    /// <exception cref="InvalidOperationException">The writer writes to an <see cref="IBufferWriter{T}"/>, which owns the bytes.</exception>
    public readonly ReadOnlySpan<byte> WrittenSpan => _output is null
        ? _destination[.._bytesWritten]
        : throw new InvalidOperationException("A KeyWriter over an IBufferWriter<byte> leaves the written bytes in that writer.");

    /// <summary>Returns room for a component of <paramref name="size"/> bytes whose tag is already written.</summary>
    private readonly Span<byte> Begin(KeyType type, int size)
    {
        if (_endedWithPrefix)
        {
            throw new InvalidOperationException("A string or binary prefix must be the last component of a key: it has no terminator, so nothing can follow it.");
        }

        Span<byte> room;
        if (_output is not null)
        {
            room = _output.GetSpan(size);
        }
        else
        {
            room = _destination[_bytesWritten..];
            if (room.Length < size)
            {
                throw new ArgumentException($"The key does not fit in the destination span: the next {type} component needs {size} bytes, {room.Length} of {_destination.Length} are left.");
            }
        }

        room[0] = (byte)type;
        return room;
    }

    /// <summary>Commits the first <paramref name="size"/> bytes of <paramref name="room"/> as the next component.</summary>
    private void Commit(Span<byte> room, int size, bool descending)
    {
        if (descending)
        {
            KeyBytes.Invert(room[..size]);
        }

        _output?.Advance(size);
        _bytesWritten += size;
    }
}
