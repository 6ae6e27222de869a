using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text.Unicode;

namespace DocStore.Bson;

/// <summary>
/// The value layouts shared by C-BSON and BSON (they differ only in element names): how long each value
/// is, with every length checked against the bytes its container has left. Used by the reader, the
/// validator and the BSON converter, so all three agree on what is malformed. Offsets in errors are
/// absolute offsets in <c>buffer</c>.
/// </summary>
internal static class CBsonLayout
{
    /// <summary>The smallest container: int32 length and the trailing 0x00.</summary>
    public const int MinContainerSize = 5;

    /// <summary>Marks a known type in <see cref="ValueSizes"/> whose size must be read from the value (or, for booleans, whose byte must be checked).</summary>
    public const byte VariableSize = 0xFE;

    /// <summary>Marks a type code in <see cref="ValueSizes"/> that this format does not define.</summary>
    public const byte UnknownType = 0xFF;

    /// <summary>
    /// For each type code: the value size of types whose values have a fixed size and need no checks
    /// beyond fitting; <see cref="VariableSize"/> for the other known types (including booleans, whose
    /// byte must be checked); <see cref="UnknownType"/> for undefined codes (0x00 included). Lets the
    /// reader classify an element and skip the common fixed-size values with one lookup.
    /// </summary>
    public static ReadOnlySpan<byte> ValueSizes =>
    [
        0xFF, 0x08, 0xFE, 0xFE, 0xFE, 0xFE, 0x00, 0x0C, 0xFE, 0x08, 0x00, 0xFE, 0xFE, 0xFE, 0xFE, 0xFE,
        0x04, 0x08, 0x08, 0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00,
    ];

    /// <summary>
    /// <see cref="GetValueLength"/> with the fixed-size types (the common numbers) answered inline from
    /// <see cref="ValueSizes"/>; they only need to fit in what the container has left.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ValueLength(ReadOnlySpan<byte> buffer, BsonType type, int offset, int end)
    {
        int size = ValueSizes[(byte)type];
        if (size >= VariableSize)
        {
            return GetValueLength(buffer, type, offset, end);
        }

        if (size > end - offset)
        {
            CBsonThrow.Truncated(type.ToString(), offset, size, end - offset);
        }

        return size;
    }

    /// <summary>
    /// Returns the length of the value of type <paramref name="type"/> at <paramref name="offset"/>,
    /// checking that it ends at or before <paramref name="end"/> (the offset of the container's trailing
    /// 0x00) and that its framing is sound: string NUL terminators, container terminators, boolean bytes,
    /// old-binary inner length, code-with-scope inner lengths. Content (UTF-8, nested elements) is not
    /// checked here.
    /// </summary>
    public static int GetValueLength(ReadOnlySpan<byte> buffer, BsonType type, int offset, int end)
    {
        var available = end - offset;
        switch (type)
        {
            case BsonType.Double:
            case BsonType.DateTime:
            case BsonType.Int64:
            case BsonType.Timestamp:
                return Fixed(8, available, type, offset);
            case BsonType.Int32:
                return Fixed(4, available, type, offset);
            case BsonType.Decimal128:
                return Fixed(16, available, type, offset);
            case BsonType.ObjectId:
                return Fixed(12, available, type, offset);
            case BsonType.Null:
            case BsonType.Undefined:
            case BsonType.MinKey:
            case BsonType.MaxKey:
                return 0;
            case BsonType.Boolean:
                Fixed(1, available, type, offset);
                if (buffer[offset] > 1)
                {
                    CBsonThrow.Format($"Boolean byte is 0x{buffer[offset]:X2}; only 0x00 and 0x01 are valid", offset);
                }

                return 1;
            case BsonType.String:
            case BsonType.JavaScript:
            case BsonType.Symbol:
                return StringLength(buffer, offset, end);
            case BsonType.Document:
            case BsonType.Array:
                return ContainerLength(buffer, offset, end);
            case BsonType.Binary:
                return BinaryLength(buffer, offset, end);
            case BsonType.RegularExpression:
                var pattern = CStringLength(buffer, offset, end, "regular expression pattern");
                return pattern + CStringLength(buffer, offset + pattern, end, "regular expression options");
            case BsonType.DBPointer:
                var ns = StringLength(buffer, offset, end);
                Fixed(12, end - offset - ns, type, offset + ns);
                return ns + 12;
            case BsonType.JavaScriptWithScope:
                return CodeWithScopeLength(buffer, offset, end);
            default:
                // Callers check the type code first (ReadElementHeader, IsKnownType); this guards the switch.
                CBsonThrow.UnknownType((byte)type, offset);
                return 0;
        }
    }

    /// <summary>
    /// Reads the header of the C-BSON element at <paramref name="position"/> (which is before
    /// <paramref name="end"/>): the type byte, then the field id unless the container is an array. Rejects
    /// an early end-of-document marker, unknown types and the reserved field ids 0 and 65535.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ReadElementHeader(ReadOnlySpan<byte> buffer, int position, int end, bool isArray, out BsonType type, out ushort fieldId)
    {
        type = (BsonType)buffer[position];
        if (!IsKnownType(type))
        {
            BadType(type, position, end);
        }

        if (isArray)
        {
            fieldId = 0;
            return position + 1;
        }

        if (end - position < 3)
        {
            CBsonThrow.Truncated("element header", position, 3, end - position);
        }

        fieldId = BinaryPrimitives.ReadUInt16LittleEndian(buffer.Slice(position + 1, 2));
        if (!CBsonLimits.IsValidFieldId(fieldId))
        {
            CBsonThrow.Format($"Field id {fieldId} is reserved and never assigned", position + 1);
        }

        return position + 3;
    }

    /// <summary>
    /// Reads the header of the standard BSON element at <paramref name="position"/>: the type byte, then the
    /// name as a C string (not checked for UTF-8 here). Returns the value's offset.
    /// </summary>
    public static int ReadBsonElementHeader(ReadOnlySpan<byte> buffer, int position, int end, out BsonType type, out int nameLength)
    {
        type = (BsonType)buffer[position];
        if (!IsKnownType(type))
        {
            BadType(type, position, end);
        }

        nameLength = buffer[(position + 1)..end].IndexOf((byte)0);
        if (nameLength < 0)
        {
            CBsonThrow.Format("The element name has no NUL terminator before the end of its container", position + 1);
        }

        return position + 1 + nameLength + 1;
    }

    private static void BadType(BsonType type, int position, int end)
    {
        if (type == BsonType.EndOfDocument)
        {
            CBsonThrow.Format($"End-of-document marker found {end - position} bytes before the end its container's length declares", position);
        }

        CBsonThrow.UnknownType((byte)type, position);
    }

    /// <summary>Checks the frame of a whole top-level document: size bounds, declared length equal to the input length, final 0x00.</summary>
    public static void CheckTopLevelFrame(ReadOnlySpan<byte> container)
    {
        if (container.Length < CBsonLayout.MinContainerSize)
        {
            CBsonThrow.Format($"A document is at least {CBsonLayout.MinContainerSize} bytes; the input has {container.Length}", 0);
        }

        if (container.Length > CBsonLimits.MaxDocumentSize)
        {
            CBsonThrow.Format($"The input of {container.Length} bytes exceeds the maximum document size of {CBsonLimits.MaxDocumentSize} bytes", 0);
        }

        var declared = BinaryPrimitives.ReadInt32LittleEndian(container);
        if (declared != container.Length)
        {
            CBsonThrow.Format($"Document length {declared} does not match the {container.Length} bytes given", 0);
        }

        if (container[^1] != 0)
        {
            CBsonThrow.Format("Document does not end with 0x00", container.Length - 1);
        }
    }

    /// <summary>Whether <paramref name="type"/> is a type code this format defines.</summary>
    public static bool IsKnownType(BsonType type) =>
        type is >= BsonType.Double and <= BsonType.Decimal128 or BsonType.MinKey or BsonType.MaxKey;

    /// <summary>
    /// Checks the content of a value whose framing <see cref="GetValueLength"/> already accepted: UTF-8
    /// of strings, code, symbols, regular expressions and DBPointer namespaces. Containers are checked by
    /// walking them, not here.
    /// </summary>
    public static void ValidateContent(ReadOnlySpan<byte> buffer, BsonType type, int offset, int length)
    {
        switch (type)
        {
            case BsonType.String:
            case BsonType.JavaScript:
            case BsonType.Symbol:
            case BsonType.DBPointer:
            case BsonType.JavaScriptWithScope:
                var stringOffset = type == BsonType.JavaScriptWithScope ? offset + 4 : offset;
                var stringLength = BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(stringOffset, 4));
                CheckUtf8(buffer.Slice(stringOffset + 4, stringLength - 1), "string", stringOffset);
                break;
            case BsonType.RegularExpression:
                var value = buffer.Slice(offset, length);
                var nul = value.IndexOf((byte)0);
                CheckUtf8(value[..nul], "regular expression pattern", offset);
                CheckUtf8(value[(nul + 1)..^1], "regular expression options", offset + nul + 1);
                break;
        }
    }

    /// <summary>Throws unless <paramref name="utf8"/> is well-formed UTF-8.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CheckUtf8(ReadOnlySpan<byte> utf8, string what, int offset)
    {
        if (!Utf8.IsValid(utf8))
        {
            CBsonThrow.Format($"The {what} is not valid UTF-8", offset);
        }
    }

    /// <summary>Reads a container's int32 length and checks it against the bytes left and its 0x00 terminator.</summary>
    public static int ContainerLength(ReadOnlySpan<byte> buffer, int offset, int end)
    {
        var available = end - offset;
        if (available < 4)
        {
            CBsonThrow.Truncated("document length", offset, 4, available);
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(offset, 4));
        if (length < MinContainerSize)
        {
            CBsonThrow.Format($"Document length {length} is below the minimum of {MinContainerSize}", offset);
        }

        if (length > available)
        {
            CBsonThrow.Format($"Document length {length} exceeds the {available} bytes left in its container", offset);
        }

        if (buffer[offset + length - 1] != 0)
        {
            CBsonThrow.Format($"Document of length {length} does not end with 0x00", offset + length - 1);
        }

        return length;
    }

    /// <summary>Reads a string's int32 length and checks it against the bytes left and its NUL terminator; returns the value's size.</summary>
    public static int StringLength(ReadOnlySpan<byte> buffer, int offset, int end)
    {
        var available = end - offset;
        if (available < 4)
        {
            CBsonThrow.Truncated("string length", offset, 4, available);
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(offset, 4));
        if (length < 1)
        {
            CBsonThrow.Format($"String length {length} is invalid: it counts the terminating NUL, so it is at least 1", offset);
        }

        if (length > available - 4)
        {
            CBsonThrow.Format($"String length {length} exceeds the {available - 4} bytes left in its container", offset);
        }

        if (buffer[offset + 4 + length - 1] != 0)
        {
            CBsonThrow.Format($"String of length {length} is not NUL-terminated", offset + 4 + length - 1);
        }

        return 4 + length;
    }

    private static int CStringLength(ReadOnlySpan<byte> buffer, int offset, int end, string what)
    {
        var nul = buffer[offset..end].IndexOf((byte)0);
        if (nul < 0)
        {
            CBsonThrow.Format($"The {what} has no NUL terminator before the end of its container", offset);
        }

        return nul + 1;
    }

    private static int BinaryLength(ReadOnlySpan<byte> buffer, int offset, int end)
    {
        var available = end - offset;
        if (available < 5)
        {
            CBsonThrow.Truncated("binary header", offset, 5, available);
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(offset, 4));
        if (length < 0)
        {
            CBsonThrow.Format($"Binary length {length} is negative", offset);
        }

        if (length > available - 5)
        {
            CBsonThrow.Format($"Binary length {length} exceeds the {available - 5} bytes left in its container", offset);
        }

        if (buffer[offset + 4] == (byte)BsonBinarySubtype.OldBinary)
        {
            // The deprecated subtype 2 repeats the length inside the payload; a mismatch means corruption.
            // Shorter than 4 bytes there is no inner length at all (and -1 must not pass for length - 4 at length 3).
            var inner = length >= 4 ? BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(offset + 5, 4)) : -1;
            if (length < 4 || inner != length - 4)
            {
                CBsonThrow.Format($"Old binary (subtype 2) of length {length} has inner length {inner}; expected {length - 4}", offset);
            }
        }

        return 5 + length;
    }

    private static int CodeWithScopeLength(ReadOnlySpan<byte> buffer, int offset, int end)
    {
        var available = end - offset;
        if (available < 4)
        {
            CBsonThrow.Truncated("code-with-scope length", offset, 4, available);
        }

        var total = BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(offset, 4));
        const int minimum = 4 + 5 + MinContainerSize;
        if (total < minimum)
        {
            CBsonThrow.Format($"Code-with-scope length {total} is below the minimum of {minimum}", offset);
        }

        if (total > available)
        {
            CBsonThrow.Format($"Code-with-scope length {total} exceeds the {available} bytes left in its container", offset);
        }

        // The code string and the scope document must exactly fill the declared total.
        var valueEnd = offset + total;
        var code = StringLength(buffer, offset + 4, valueEnd - MinContainerSize);
        var scope = ContainerLength(buffer, offset + 4 + code, valueEnd);
        if (4 + code + scope != total)
        {
            CBsonThrow.Format($"Code-with-scope length {total} disagrees with its parts ({4 + code + scope} bytes)", offset);
        }

        return total;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Fixed(int size, int available, BsonType type, int offset)
    {
        if (size > available)
        {
            CBsonThrow.Truncated(type.ToString(), offset, size, available);
        }

        return size;
    }
}
