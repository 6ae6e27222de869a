using System.Buffers;
using System.Buffers.Binary;
using System.Buffers.Text;
using System.Text;

namespace DocStore.Bson;

// The two walks. They share the value layouts (identical in both formats) and differ in element headers:
// C-BSON has a type byte and a uint16 id (none in arrays), BSON a type byte and a C-string name.
public static partial class CBsonBsonConverter
{
    private static int WriteBson(ReadOnlySpan<byte> input, IFieldDictionary names, IBufferWriter<byte> writer)
    {
        CBsonLayout.CheckTopLevelFrame(input);
        var output = new GrowableOutput(writer, Array.MaxLength);
        var stack = default(FrameStack);
        var depth = 0;
        Open(ref stack, ref depth, ref output, 0, input.Length, isArray: false, codeWithScopeStart: -1);
        while (depth > 0)
        {
            ref var frame = ref stack[depth - 1];
            if (frame.Next >= frame.End)
            {
                Close(ref stack, ref depth, ref output);
                continue;
            }

            var header = frame.Next;
            var valueOffset = CBsonLayout.ReadElementHeader(input, header, frame.End, frame.IsArray, out var type, out var fieldId);
            var length = CBsonLayout.ValueLength(input, type, valueOffset, frame.End);
            CBsonLayout.ValidateContent(input, type, valueOffset, length);
            frame.Next = valueOffset + length;

            output.Take(1)[0] = (byte)type;
            if (frame.IsArray)
            {
                var key = output.Free(11);
                Utf8Formatter.TryFormat(frame.Index++, key, out var digits);
                key[digits] = 0;
                output.Position += digits + 1;
            }
            else
            {
                if (!names.TryGetNameUtf8(fieldId, out var name))
                {
                    CBsonThrow.Format($"Field id {fieldId} is not in the field dictionary", header + 1);
                }

                var target = output.Take(name.Length + 1);
                name.CopyTo(target);
                target[^1] = 0;
            }

            CopyValue(input, type, valueOffset, length, ref stack, ref depth, ref output);
        }

        output.Commit();
        return output.Position;
    }

    private static int WriteCBson(ReadOnlySpan<byte> input, IFieldDictionary names, IBufferWriter<byte> writer)
    {
        CBsonLayout.CheckTopLevelFrame(input);
        var output = new GrowableOutput(writer, CBsonLimits.MaxDocumentSize);
        var stack = default(FrameStack);
        var depth = 0;
        Open(ref stack, ref depth, ref output, 0, input.Length, isArray: false, codeWithScopeStart: -1);
        while (depth > 0)
        {
            ref var frame = ref stack[depth - 1];
            if (frame.Next >= frame.End)
            {
                Close(ref stack, ref depth, ref output);
                continue;
            }

            var header = frame.Next;
            var valueOffset = CBsonLayout.ReadBsonElementHeader(input, header, frame.End, out var type, out var nameLength);
            var length = CBsonLayout.ValueLength(input, type, valueOffset, frame.End);
            CBsonLayout.ValidateContent(input, type, valueOffset, length);
            frame.Next = valueOffset + length;

            if (frame.IsArray)
            {
                output.Take(1)[0] = (byte)type;
            }
            else
            {
                var id = GetId(input.Slice(header + 1, nameLength), names, header + 1);
                var target = output.Take(3);
                target[0] = (byte)type;
                BinaryPrimitives.WriteUInt16LittleEndian(target[1..], id);
            }

            CopyValue(input, type, valueOffset, length, ref stack, ref depth, ref output);
        }

        output.Commit();
        return output.Position;
    }

    private static ushort GetId(ReadOnlySpan<byte> name, IFieldDictionary names, int offset)
    {
        if (!names.TryGetId(name, out var id))
        {
            if (name.IsEmpty)
            {
                CBsonThrow.Format("A field has the empty name \"\", which a C-BSON field dictionary cannot hold", offset);
            }

            CBsonLayout.CheckUtf8(name, "field name", offset);
            id = names.GetOrAdd(Encoding.UTF8.GetString(name));
        }

        // A dictionary handing out a reserved id would make every document written with it unreadable.
        if (!CBsonLimits.IsValidFieldId(id))
        {
            CBsonThrow.InvalidOperation($"The field dictionary returned the reserved id {id} for a field name.");
        }

        return id;
    }

    /// <summary>Copies a value after its (converted) header; containers are opened for walking instead.</summary>
    private static void CopyValue(ReadOnlySpan<byte> input, BsonType type, int offset, int length, ref FrameStack stack, ref int depth, ref GrowableOutput output)
    {
        switch (type)
        {
            case BsonType.Document:
            case BsonType.Array:
                Open(ref stack, ref depth, ref output, offset, length, type == BsonType.Array, codeWithScopeStart: -1);
                break;
            case BsonType.JavaScriptWithScope:
                // The scope's names change size, so the total length is patched when the scope closes.
                var totalStart = output.Position;
                output.Take(4);
                var code = 4 + BinaryPrimitives.ReadInt32LittleEndian(input.Slice(offset + 4, 4));
                input.Slice(offset + 4, code).CopyTo(output.Take(code));
                var scope = offset + 4 + code;
                Open(ref stack, ref depth, ref output, scope, offset + length - scope, isArray: false, totalStart);
                break;
            default:
                input.Slice(offset, length).CopyTo(output.Take(length));
                break;
        }
    }

    private static void Open(ref FrameStack stack, ref int depth, ref GrowableOutput output, int start, int length, bool isArray, int codeWithScopeStart)
    {
        if (depth >= CBsonLimits.MaxDepth)
        {
            CBsonThrow.TooDeep(start);
        }

        stack[depth++] = new Frame(start + 4, start + length - 1, isArray, output.Position, codeWithScopeStart);
        output.Take(4);
    }

    private static void Close(ref FrameStack stack, ref int depth, ref GrowableOutput output)
    {
        var frame = stack[--depth];
        output.Take(1)[0] = 0;
        output.PatchInt32(frame.OutputStart, output.Position - frame.OutputStart);
        if (frame.CodeWithScopeStart >= 0)
        {
            output.PatchInt32(frame.CodeWithScopeStart, output.Position - frame.CodeWithScopeStart);
        }
    }
}
