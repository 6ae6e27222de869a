using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace DocStore.Bson;

/// <summary>
/// Writes one C-BSON document into a span or an <see cref="IBufferWriter{T}"/> without allocating.
/// Open the top-level document with <see cref="WriteStartDocument()"/>; inside a document name each value
/// with <see cref="WriteFieldId"/> (or use the overloads that take the field id first); inside an array
/// write values without ids. Lengths are back-patched when a container ends. With a buffer writer the
/// whole document is committed with one <see cref="IBufferWriter{T}.Advance"/> when the top-level
/// document ends, so a failed write commits nothing.
/// </summary>
/// <remarks>
/// Limits (<see cref="CBsonLimits.MaxDocumentSize"/>, <see cref="CBsonLimits.MaxDepth"/>, a full fixed
/// span) throw <see cref="CBsonLimitException"/>; after that the writer must be discarded. Misuse (a
/// value without a field id in a document, an id in an array, ending the wrong container) throws
/// <see cref="InvalidOperationException"/>; invalid text throws <see cref="ArgumentException"/> and
/// leaves the writer as it was before the call.
/// </remarks>
public ref partial struct CBsonWriter
{
    private GrowableOutput _output;
    private CBsonWriterFrames _frames;
    private int _depth;
    private bool _inArray;
    private bool _complete;
    private ushort _pendingFieldId;

    /// <summary>Creates a writer over a fixed destination; a document that does not fit throws <see cref="CBsonLimitException"/>.</summary>
    /// <param name="destination">Where the document is written, from offset 0.</param>
    public CBsonWriter(Span<byte> destination)
    {
        _output = new GrowableOutput(destination, CBsonLimits.MaxDocumentSize);
    }

    /// <summary>Creates a writer that appends one document to <paramref name="output"/>.</summary>
    /// <param name="output">
    /// The buffer writer; it is advanced once, by the document's size, when the top-level document ends.
    /// It must keep memory returned by earlier <see cref="IBufferWriter{T}.GetSpan"/> calls readable until
    /// then (as <see cref="ArrayBufferWriter{T}"/> does).
    /// </param>
    public CBsonWriter(IBufferWriter<byte> output)
    {
        _output = new GrowableOutput(output, CBsonLimits.MaxDocumentSize);
    }

    /// <summary>Bytes written so far; the document's size once <see cref="IsComplete"/>.</summary>
    public readonly int BytesWritten => _output.Position;

    /// <summary>Whether the top-level document has ended (and, for a buffer writer, been committed).</summary>
    public readonly bool IsComplete => _complete;

    /// <summary>The number of open documents and arrays.</summary>
    public readonly int Depth => _depth;

    /// <summary>
    /// Names the next value in the current document. Ids come from the collection's field dictionary.
    /// </summary>
    /// <param name="fieldId">An id from 1 to 65534.</param>
    /// <exception cref="ArgumentOutOfRangeException">The id is reserved (0 or 65535).</exception>
    /// <exception cref="InvalidOperationException">No document is open, the current container is an array, or the previous id has no value yet.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFieldId(ushort fieldId)
    {
        // One combined test on the hot path; the slow path works out which rule was broken.
        if ((_depth == 0) | _inArray | (_pendingFieldId != 0) | !CBsonLimits.IsValidFieldId(fieldId))
        {
            BadFieldId(fieldId);
        }

        _pendingFieldId = fieldId;
    }

    /// <summary>Starts the top-level document, or an embedded document as the next value.</summary>
    /// <exception cref="CBsonLimitException">The document would be nested deeper than <see cref="CBsonLimits.MaxDepth"/>.</exception>
    /// <exception cref="InvalidOperationException">The top-level document is already complete, or a field id is missing.</exception>
    public void WriteStartDocument()
    {
        if (_depth == 0)
        {
            if (_complete)
            {
                CBsonThrow.InvalidOperation("The top-level document is complete; a writer writes exactly one document.");
            }

            var start = _output.Position;
            _output.Take(4);
            Push(start, -1, isArray: false);
            return;
        }

        CheckDepth();
        BeginValue(BsonType.Document, 0);
        Push(_output.Position, -1, isArray: false);
        _output.Take(4);
    }

    /// <summary>Ends the current document, back-patching its length; ending the top-level document commits it.</summary>
    /// <exception cref="InvalidOperationException">No document is open, the current container is an array, or a field id has no value.</exception>
    public void WriteEndDocument()
    {
        if (_depth == 0 || _inArray)
        {
            CBsonThrow.InvalidOperation(_depth == 0 ? "No document is open." : "The current container is an array: call WriteEndArray().");
        }

        if (_pendingFieldId != 0)
        {
            CBsonThrow.InvalidOperation($"Field id {_pendingFieldId} was written but given no value before the document ended.");
        }

        var frame = EndContainer();
        if (frame.CodeWithScopeStart >= 0)
        {
            _output.PatchInt32(frame.CodeWithScopeStart, _output.Position - frame.CodeWithScopeStart);
        }

        if (_depth == 0)
        {
            _complete = true;
            _output.Commit();
        }
    }

    /// <summary>Starts an array as the next value; its elements are written without field ids.</summary>
    /// <exception cref="CBsonLimitException">The array would be nested deeper than <see cref="CBsonLimits.MaxDepth"/>.</exception>
    /// <exception cref="InvalidOperationException">No document is open (a top-level value is always a document), or a field id is missing.</exception>
    public void WriteStartArray()
    {
        CheckDepth();
        BeginValue(BsonType.Array, 0);
        Push(_output.Position, -1, isArray: true);
        _output.Take(4);
    }

    /// <summary>Ends the current array, back-patching its length.</summary>
    /// <exception cref="InvalidOperationException">The current container is not an array.</exception>
    public void WriteEndArray()
    {
        if (!_inArray)
        {
            CBsonThrow.InvalidOperation(_depth == 0 ? "No array is open." : "The current container is a document: call WriteEndDocument().");
        }

        EndContainer();
    }

    /// <summary>
    /// Starts a deprecated code-with-scope value: writes the code, then opens its scope document, which is
    /// filled like any document and closed with <see cref="WriteEndDocument"/> (that also patches the total length).
    /// </summary>
    /// <param name="code">The JavaScript code.</param>
    /// <exception cref="ArgumentException">The code has an unpaired surrogate.</exception>
    public void WriteStartJavaScriptWithScope(ReadOnlySpan<char> code)
    {
        CheckDepth();
        var mark = Mark();
        BeginValue(BsonType.JavaScriptWithScope, 0);
        var totalStart = _output.Position;
        _output.Take(4);
        WriteLengthPrefixedUtf16(code, mark, nameof(code));
        Push(_output.Position, totalStart, isArray: false);
        _output.Take(4);
    }

    /// <summary>
    /// Copies a value verbatim (for example from <see cref="CBsonReader.GetRawValue"/>). The value's framing
    /// is checked; the contents of an embedded document are not, and its depth is the caller's responsibility.
    /// </summary>
    /// <param name="type">The value's type.</param>
    /// <param name="value">The value bytes in C-BSON layout.</param>
    /// <exception cref="ArgumentException">The type is unknown or the bytes are not exactly one value of that type.</exception>
    public void WriteRawValue(BsonType type, ReadOnlySpan<byte> value)
    {
        CheckRawValue(type, value);
        value.CopyTo(BeginValue(type, value.Length));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> BeginValue(BsonType type, int valueSize)
    {
        if (_inArray)
        {
            var element = _output.Take(1 + valueSize);
            element[0] = (byte)type;
            return element[1..];
        }

        if (_pendingFieldId == 0)
        {
            MissingFieldId(type);
        }

        var named = _output.Take(3 + valueSize);
        named[0] = (byte)type;
        BinaryPrimitives.WriteUInt16LittleEndian(named[1..], _pendingFieldId);
        _pendingFieldId = 0;
        return named[3..];
    }

    private readonly void BadFieldId(ushort fieldId)
    {
        if (_depth == 0)
        {
            CBsonThrow.InvalidOperation("No document is open: call WriteStartDocument() first.");
        }

        if (_inArray)
        {
            CBsonThrow.InvalidOperation($"Array elements have no field ids, but field id {fieldId} was written inside an array.");
        }

        if (_pendingFieldId != 0)
        {
            CBsonThrow.InvalidOperation($"Field id {_pendingFieldId} was written but given no value before field id {fieldId}.");
        }

        throw new ArgumentOutOfRangeException(nameof(fieldId), fieldId, "Field ids 0 and 65535 are reserved; valid ids are 1..65534.");
    }

    private readonly void MissingFieldId(BsonType type)
    {
        if (_depth == 0)
        {
            CBsonThrow.InvalidOperation(_complete
                ? "The top-level document is complete; a writer writes exactly one document."
                : $"No document is open: a {type} value needs a document (call WriteStartDocument() first).");
        }

        CBsonThrow.InvalidOperation($"A {type} value inside a document needs a field id: call WriteFieldId first or use the overload that takes one.");
    }

    private readonly void CheckDepth()
    {
        if (_depth >= CBsonLimits.MaxDepth)
        {
            CBsonThrow.Limit(CBsonLimit.Depth, $"Nesting would reach depth {_depth + 1}, beyond the maximum depth of {CBsonLimits.MaxDepth} documents/arrays.");
        }
    }

    private void Push(int start, int codeWithScopeStart, bool isArray)
    {
        ref var frame = ref _frames[_depth];
        frame.Start = start;
        frame.CodeWithScopeStart = codeWithScopeStart;
        frame.IsArray = isArray;
        _depth++;
        _inArray = isArray;
    }

    private CBsonWriterFrame EndContainer()
    {
        _output.Take(1)[0] = 0;
        var frame = _frames[--_depth];
        _output.PatchInt32(frame.Start, _output.Position - frame.Start);
        _inArray = _depth > 0 && _frames[_depth - 1].IsArray;
        return frame;
    }

    private static void CheckRawValue(BsonType type, ReadOnlySpan<byte> value)
    {
        if (!CBsonLayout.IsKnownType(type))
        {
            throw new ArgumentException($"0x{(byte)type:X2} is not a value type.", nameof(type));
        }

        int length;
        try
        {
            length = CBsonLayout.GetValueLength(value, type, 0, value.Length);
        }
        catch (BsonFormatException e)
        {
            throw new ArgumentException($"The bytes are not a well-framed {type} value: {e.Message}", nameof(value), e);
        }

        if (length != value.Length)
        {
            throw new ArgumentException($"The {type} value is {length} bytes but {value.Length} were given.", nameof(value));
        }
    }
}
