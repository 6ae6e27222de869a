using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace DocStore.Bson;

/// <summary>
/// A forward-only, allocation-free reader over one C-BSON document or array. <see cref="Read"/> moves to
/// the next element; the getters decode the current value. Every length is checked against the bytes its
/// container has left as the reader moves, and anything malformed throws <see cref="BsonFormatException"/>
/// with the absolute offset of the fault; asking for the wrong type throws
/// <see cref="InvalidOperationException"/>. Nested readers share the same bytes and count depth, so no
/// input can nest deeper than <see cref="CBsonLimits.MaxDepth"/>.
/// </summary>
public ref partial struct CBsonReader
{
    private readonly ReadOnlySpan<byte> _buffer;
    private readonly int _start;
    private readonly int _end;
    private readonly int _depth;
    private readonly bool _isArray;
    private int _next;
    private int _valueOffset;
    private int _valueLength;
    private BsonType _type;
    private ushort _fieldId;

    /// <summary>Creates a reader over a whole top-level C-BSON document.</summary>
    /// <param name="document">Exactly one document: its int32 length must equal the span's length.</param>
    /// <exception cref="BsonFormatException">The frame is malformed or larger than <see cref="CBsonLimits.MaxDocumentSize"/>.</exception>
    public CBsonReader(ReadOnlySpan<byte> document)
        : this(document, isArray: false)
    {
    }

    /// <summary>Creates a reader over a whole top-level C-BSON document or array (such as a raw array value).</summary>
    /// <param name="container">Exactly one container: its int32 length must equal the span's length.</param>
    /// <param name="isArray">True when the elements carry no field ids (an array).</param>
    /// <exception cref="BsonFormatException">The frame is malformed or larger than <see cref="CBsonLimits.MaxDocumentSize"/>.</exception>
    public CBsonReader(ReadOnlySpan<byte> container, bool isArray)
    {
        CBsonLayout.CheckTopLevelFrame(container);
        _buffer = container;
        _start = 0;
        _end = container.Length - 1;
        _depth = 1;
        _isArray = isArray;
        _next = 4;
    }

    private CBsonReader(ReadOnlySpan<byte> buffer, int start, int length, int depth, bool isArray)
    {
        _buffer = buffer;
        _start = start;
        _end = start + length - 1;
        _depth = depth;
        _isArray = isArray;
        _next = start + 4;
    }

    /// <summary>The type of the current element, or <see cref="BsonType.EndOfDocument"/> before the first and after the last.</summary>
    public readonly BsonType Type => _type;

    /// <summary>The field id of the current element; 0 inside arrays.</summary>
    public readonly ushort FieldId => _fieldId;

    /// <summary>Whether this reader walks an array (elements have no field ids).</summary>
    public readonly bool IsArray => _isArray;

    /// <summary>The nesting depth of this container: 1 for the top level.</summary>
    public readonly int Depth => _depth;

    /// <summary>The absolute offset of the current value's first byte in the top-level input.</summary>
    public readonly int ValueOffset => _valueOffset;

    /// <summary>
    /// Moves to the next element. Checks its type, field id and the framing of its value (lengths,
    /// terminators, boolean byte) but decodes nothing.
    /// </summary>
    /// <returns>False when the container has no more elements.</returns>
    /// <exception cref="BsonFormatException">The element is malformed.</exception>
    public bool Read()
    {
        var position = _next;
        var end = _end;
        if (position >= end)
        {
            _type = BsonType.EndOfDocument;
            _fieldId = 0;
            _valueLength = 0;
            return false;
        }

        // position < end < _buffer.Length holds for every reader (the frame was checked when it was
        // created), so the header bytes are read without further bounds checks; every other offset is
        // checked against end before use.
        ref var bytes = ref MemoryMarshal.GetReference(_buffer);
        var type = (BsonType)Unsafe.Add(ref bytes, position);
        int size = CBsonLayout.ValueSizes[(byte)type];
        if (size == CBsonLayout.UnknownType)
        {
            BadElementHeader(position);
        }

        int valueOffset;
        ushort fieldId = 0;
        if (_isArray)
        {
            valueOffset = position + 1;
        }
        else
        {
            if (end - position < 3)
            {
                BadElementHeader(position);
            }

            // Stored little-endian: swapped on a big-endian machine (the check is a JIT-time constant).
            fieldId = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref bytes, position + 1));
            if (!BitConverter.IsLittleEndian)
            {
                fieldId = BinaryPrimitives.ReverseEndianness(fieldId);
            }

            if (!CBsonLimits.IsValidFieldId(fieldId))
            {
                BadElementHeader(position);
            }

            valueOffset = position + 3;
        }

        int length;
        if (size < CBsonLayout.VariableSize)
        {
            if (size > end - valueOffset)
            {
                BadValueLength(type, valueOffset);
            }

            length = size;
        }
        else if (type == BsonType.String)
        {
            // The most common variable-size value: a length that fits and a NUL where it ends is all
            // there is to check; anything else takes the general path, which names the fault.
            var available = end - valueOffset;
            int declared = available >= 4 ? BinaryPrimitives.ReadInt32LittleEndian(_buffer.Slice(valueOffset, 4)) : 0;
            if (declared >= 1 && declared <= available - 4 && Unsafe.Add(ref bytes, valueOffset + 3 + declared) == 0)
            {
                length = 4 + declared;
            }
            else
            {
                length = CBsonLayout.StringLength(_buffer, valueOffset, end);
            }
        }
        else
        {
            length = CBsonLayout.GetValueLength(_buffer, type, valueOffset, end);
        }

        _type = type;
        _fieldId = fieldId;
        _valueOffset = valueOffset;
        _valueLength = length;
        _next = valueOffset + length;
        return true;
    }

    /// <summary>
    /// Throws for the malformed element header at <paramref name="position"/>, through the shared layout
    /// checks so the message matches the validator's. Kept out of <see cref="Read"/> so that the message
    /// formatting does not weigh on its hot path.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void BadElementHeader(int position) =>
        CBsonLayout.ReadElementHeader(_buffer, position, _end, _isArray, out _, out _);

    /// <summary>Throws for the value at <paramref name="offset"/> that does not fit its container.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void BadValueLength(BsonType type, int offset) =>
        CBsonLayout.GetValueLength(_buffer, type, offset, _end);

    /// <summary>Moves back to before the first element.</summary>
    public void Reset()
    {
        _next = _start + 4;
        _type = BsonType.EndOfDocument;
        _fieldId = 0;
        _valueLength = 0;
    }

    /// <summary>
    /// Moves to the first element with field id <paramref name="fieldId"/>, searching from the start of the
    /// document and skipping other values by their lengths without decoding them. After a successful
    /// call, <see cref="Read"/> continues with the element after the one found.
    /// </summary>
    /// <param name="fieldId">The id to look for.</param>
    /// <returns>Whether the document has the field; when false the reader is at the end.</returns>
    /// <exception cref="InvalidOperationException">This reader walks an array, whose elements have no ids.</exception>
    /// <exception cref="BsonFormatException">An element before the one found is malformed.</exception>
    public bool TryFindField(ushort fieldId)
    {
        if (_isArray)
        {
            CBsonThrow.InvalidOperation("Array elements have no field ids; TryFindField works on documents only.");
        }

        Reset();
        while (Read())
        {
            if (_fieldId == fieldId)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The bytes of the current value exactly as stored (for documents and arrays: the whole frame).</summary>
    /// <exception cref="InvalidOperationException">The reader is not on an element.</exception>
    public readonly ReadOnlySpan<byte> GetRawValue()
    {
        EnsureElement();
        return _buffer.Slice(_valueOffset, _valueLength);
    }

    /// <summary>A reader over the current embedded document, one level deeper.</summary>
    /// <exception cref="InvalidOperationException">The current element is not a document.</exception>
    /// <exception cref="BsonFormatException">The document would be nested deeper than <see cref="CBsonLimits.MaxDepth"/>.</exception>
    public readonly CBsonReader GetDocumentReader()
    {
        EnsureType(BsonType.Document);
        return Child(_valueOffset, _valueLength, isArray: false);
    }

    /// <summary>A reader over the current array, one level deeper; its elements have <see cref="FieldId"/> 0.</summary>
    /// <exception cref="InvalidOperationException">The current element is not an array.</exception>
    /// <exception cref="BsonFormatException">The array would be nested deeper than <see cref="CBsonLimits.MaxDepth"/>.</exception>
    public readonly CBsonReader GetArrayReader()
    {
        EnsureType(BsonType.Array);
        return Child(_valueOffset, _valueLength, isArray: true);
    }

    private readonly CBsonReader Child(int offset, int length, bool isArray)
    {
        if (_depth >= CBsonLimits.MaxDepth)
        {
            CBsonThrow.TooDeep(offset);
        }

        return new CBsonReader(_buffer, offset, length, _depth + 1, isArray);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void EnsureElement()
    {
        if (_type == BsonType.EndOfDocument)
        {
            CBsonThrow.InvalidOperation("The reader is not on an element: call Read() first and check that it returned true.");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void EnsureType(BsonType expected)
    {
        if (_type != expected)
        {
            WrongType(expected);
        }
    }

    private readonly void WrongType(BsonType expected)
    {
        EnsureElement();
        var where = _isArray ? "array element" : $"field {_fieldId}";
        CBsonThrow.InvalidOperation($"The {where} is {_type}, not {expected}.");
    }
}
