using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace DocStore.Bson;

/// <summary>
/// Checks a whole C-BSON document: everything <see cref="CBsonReader"/> checks as it moves, plus the
/// contents it checks only when asked (UTF-8 of every string, code, symbol, regular expression and
/// DBPointer namespace), in every nested document, array and code-with-scope scope. The walk is iterative
/// with an inline stack bounded by <see cref="CBsonLimits.MaxDepth"/>, so no input can overflow the
/// call stack. Binary payloads, including the extension subtypes 0x80..0x84, are not interpreted: any
/// binary is valid BSON, and an extension payload is checked when it is read as its .NET type.
/// </summary>
public static class CBsonValidator
{
    /// <summary>Validates one top-level C-BSON document.</summary>
    /// <param name="document">Exactly one document.</param>
    /// <exception cref="BsonFormatException">The first fault found, with its offset.</exception>
    public static void Validate(ReadOnlySpan<byte> document)
    {
        CBsonLayout.CheckTopLevelFrame(document);
        Walk(document, isBson: false);
    }

    /// <summary>Whether <paramref name="document"/> is one valid C-BSON document.</summary>
    /// <param name="document">The bytes to check.</param>
    /// <returns>False where <see cref="Validate"/> would throw.</returns>
    public static bool IsValid(ReadOnlySpan<byte> document)
    {
        try
        {
            Validate(document);
            return true;
        }
        catch (BsonFormatException)
        {
            return false;
        }
    }

    /// <summary>
    /// Walks every element of the already framed document in <paramref name="buffer"/>, in C-BSON or in
    /// standard BSON (named elements), checking framing and content.
    /// </summary>
    internal static void Walk(ReadOnlySpan<byte> buffer, bool isBson)
    {
        var stack = default(WalkStack);
        var depth = 1;
        stack[0] = new WalkFrame(4, buffer.Length - 1, isArray: false);
        while (depth > 0)
        {
            ref var frame = ref stack[depth - 1];
            if (frame.Next >= frame.End)
            {
                depth--;
                continue;
            }

            BsonType type;
            int valueOffset;
            if (isBson)
            {
                valueOffset = CBsonLayout.ReadBsonElementHeader(buffer, frame.Next, frame.End, out type, out var nameLength);
                CBsonLayout.CheckUtf8(buffer.Slice(frame.Next + 1, nameLength), "element name", frame.Next + 1);
            }
            else
            {
                valueOffset = CBsonLayout.ReadElementHeader(buffer, frame.Next, frame.End, frame.IsArray, out type, out _);
            }

            var length = CBsonLayout.ValueLength(buffer, type, valueOffset, frame.End);
            frame.Next = valueOffset + length;
            CBsonLayout.ValidateContent(buffer, type, valueOffset, length);

            int childStart;
            switch (type)
            {
                case BsonType.Document:
                case BsonType.Array:
                    childStart = valueOffset;
                    break;
                case BsonType.JavaScriptWithScope:
                    childStart = valueOffset + 8 + BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(valueOffset + 4, 4));
                    break;
                default:
                    continue;
            }

            if (depth >= CBsonLimits.MaxDepth)
            {
                CBsonThrow.TooDeep(childStart);
            }

            // Framing of the child was checked by GetValueLength; its elements end before its 0x00.
            var childEnd = childStart + BinaryPrimitives.ReadInt32LittleEndian(buffer.Slice(childStart, 4)) - 1;
            stack[depth++] = new WalkFrame(childStart + 4, childEnd, type == BsonType.Array);
        }
    }

    private struct WalkFrame(int next, int end, bool isArray)
    {
        public int Next = next;
        public readonly int End = end;
        public readonly bool IsArray = isArray;
    }

    [InlineArray(CBsonLimits.MaxDepth)]
    private struct WalkStack
    {
        private WalkFrame _element0;
    }
}
