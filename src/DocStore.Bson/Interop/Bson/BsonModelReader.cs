using System.Buffers.Binary;
using System.Text;
using System.Text.Unicode;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// Decodes standard BSON into the model. Every read is checked against the end of the enclosing
/// document (its terminator), so a length that lies can never reach past its parent; recursion is bounded
/// by <see cref="BsonValue.MaxDepth"/>.
/// </summary>
internal readonly ref struct BsonModelReader
{
    private const int MinDocumentLength = 5;

    // int32 total + (int32 length + NUL of an empty string) + an empty document.
    private const int MinCodeWithScopeLength = 4 + 5 + MinDocumentLength;

    private readonly ReadOnlySpan<byte> _data;

    private BsonModelReader(ReadOnlySpan<byte> data) => _data = data;

    public static BsonDocument ReadTopLevel(ReadOnlySpan<byte> data)
    {
        if (data.Length < MinDocumentLength)
        {
            throw new BsonFormatException($"A BSON document is at least {MinDocumentLength} bytes; the input has {data.Length}.", 0);
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(data);
        if (length != data.Length)
        {
            throw new BsonFormatException($"The document states a length of {length} bytes but the input has {data.Length}.", 0);
        }

        return (BsonDocument)new BsonModelReader(data).ReadDocument(0, data.Length, 1, isArray: false);
    }

    /// <summary>Reads the document or array occupying exactly [start, end), whose length field is already checked.</summary>
    private BsonValue ReadDocument(int start, int end, int depth, bool isArray)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw new BsonFormatException($"Documents and arrays nest deeper than {BsonValue.MaxDepth} levels.", start);
        }

        var terminator = end - 1;
        if (_data[terminator] != 0)
        {
            throw new BsonFormatException($"The {(isArray ? "array" : "document")} starting at offset {start} does not end with a 0x00 byte.", terminator);
        }

        var document = isArray ? null : new BsonDocument();
        var array = isArray ? new BsonArray() : null;
        var pos = start + 4;
        while (pos < terminator)
        {
            var typeOffset = pos;
            var type = (BsonType)_data[pos++];
            if (type == BsonType.EndOfDocument)
            {
                throw new BsonFormatException($"A 0x00 terminator appears before the end of the {(isArray ? "array" : "document")} that ends at offset {terminator}.", typeOffset);
            }

            var name = ReadCString(ref pos, terminator, "field name", decode: !isArray);
            var value = ReadValue(type, ref pos, terminator, depth, name ?? "array element", typeOffset);
            if (document is not null)
            {
                document.AddTrusted(name!, value);
            }
            else
            {
                array!.AddTrusted(value);
            }
        }

        return (BsonValue?)document ?? array!;
    }

    private BsonValue ReadValue(BsonType type, ref int pos, int limit, int depth, string name, int typeOffset)
    {
        switch (type)
        {
            case BsonType.Double:
                return new BsonDouble(BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64LittleEndian(Take(ref pos, 8, limit, name))));
            case BsonType.String:
                return new BsonString(ReadString(ref pos, limit, name), trusted: true);
            case BsonType.Document:
            case BsonType.Array:
                return ReadNested(ref pos, limit, depth, name, type == BsonType.Array);
            case BsonType.Binary:
                return ReadBinary(ref pos, limit, name);
            case BsonType.Undefined:
                return BsonUndefined.Value;
            case BsonType.ObjectId:
                return new BsonObjectId(new ObjectId(Take(ref pos, ObjectId.Size, limit, name)));
            case BsonType.Boolean:
                var flag = Take(ref pos, 1, limit, name)[0];
                return flag switch
                {
                    0 => BsonBoolean.False,
                    1 => BsonBoolean.True,
                    _ => throw new BsonFormatException($"Boolean field '{name}' has the byte 0x{flag:X2}; only 0x00 and 0x01 are valid.", pos - 1),
                };
            case BsonType.DateTime:
                return new BsonDateTime(BinaryPrimitives.ReadInt64LittleEndian(Take(ref pos, 8, limit, name)));
            case BsonType.Null:
                return BsonNull.Value;
            case BsonType.RegularExpression:
                var pattern = ReadCString(ref pos, limit, $"regular expression pattern of field '{name}'", decode: true)!;
                var options = ReadCString(ref pos, limit, $"regular expression options of field '{name}'", decode: true)!;
                return new BsonRegularExpression(pattern, options);
            case BsonType.DBPointer:
                var ns = ReadString(ref pos, limit, name);
                return new BsonDBPointer(ns, new ObjectId(Take(ref pos, ObjectId.Size, limit, name)));
            case BsonType.JavaScript:
                return new BsonJavaScript(ReadString(ref pos, limit, name));
            case BsonType.Symbol:
                return new BsonSymbol(ReadString(ref pos, limit, name));
            case BsonType.JavaScriptWithScope:
                return ReadCodeWithScope(ref pos, limit, depth, name);
            case BsonType.Int32:
                return BsonInt32.Create(BinaryPrimitives.ReadInt32LittleEndian(Take(ref pos, 4, limit, name)));
            case BsonType.Timestamp:
                return BsonTimestamp.FromValue(BinaryPrimitives.ReadUInt64LittleEndian(Take(ref pos, 8, limit, name)));
            case BsonType.Int64:
                return new BsonInt64(BinaryPrimitives.ReadInt64LittleEndian(Take(ref pos, 8, limit, name)));
            case BsonType.Decimal128:
                return new BsonDecimal128(Decimal128.ReadFrom(Take(ref pos, Decimal128.Size, limit, name)));
            case BsonType.MinKey:
                return BsonMinKey.Value;
            case BsonType.MaxKey:
                return BsonMaxKey.Value;
            default:
                throw new BsonFormatException($"Field '{name}' has the unknown BSON type 0x{(byte)type:X2}.", typeOffset);
        }
    }

    private BsonValue ReadNested(ref int pos, int limit, int depth, string name, bool isArray)
    {
        var start = pos;
        var length = BinaryPrimitives.ReadInt32LittleEndian(Take(ref pos, 4, limit, name));
        if (length < MinDocumentLength || length > limit - start)
        {
            throw new BsonFormatException($"The {(isArray ? "array" : "document")} in field '{name}' states a length of {length} bytes; {limit - start} bytes remain in its parent.", start);
        }

        pos = start + length;
        return ReadDocument(start, start + length, depth + 1, isArray);
    }

    private BsonBinaryData ReadBinary(ref int pos, int limit, string name)
    {
        var start = pos;
        var length = BinaryPrimitives.ReadInt32LittleEndian(Take(ref pos, 4, limit, name));
        var subtype = (BsonBinarySubtype)Take(ref pos, 1, limit, name)[0];
        if (length < 0 || length > limit - pos)
        {
            throw new BsonFormatException($"Binary field '{name}' states a length of {length} bytes; {limit - pos} bytes remain in its document.", start);
        }

        var payload = Take(ref pos, length, limit, name);
        if (subtype == BsonBinarySubtype.OldBinary)
        {
            // Subtype 2 repeats the payload length inside the data; the two must agree.
            // Shorter than 4 bytes there is no inner length at all (and -1 must not pass for length - 4 at length 3).
            var inner = length >= 4 ? BinaryPrimitives.ReadInt32LittleEndian(payload) : -1;
            if (length < 4 || inner != length - 4)
            {
                throw new BsonFormatException($"Binary subtype 2 field '{name}' has an inner length of {inner}; it must be the outer length {length} minus 4.", start + 5);
            }

            payload = payload[4..];
        }

        return new BsonBinaryData(payload.ToArray(), subtype, owned: true);
    }

    private BsonJavaScriptWithScope ReadCodeWithScope(ref int pos, int limit, int depth, string name)
    {
        var start = pos;
        var total = BinaryPrimitives.ReadInt32LittleEndian(Take(ref pos, 4, limit, name));
        if (total < MinCodeWithScopeLength || total > limit - start)
        {
            throw new BsonFormatException($"Code-with-scope field '{name}' states a length of {total} bytes; it needs at least {MinCodeWithScopeLength} and {limit - start} remain.", start);
        }

        var end = start + total;

        // The code string must leave room for the scope document inside the stated total.
        var code = ReadString(ref pos, end - MinDocumentLength, name);
        var scopeStart = pos;
        var scopeLength = BinaryPrimitives.ReadInt32LittleEndian(_data.Slice(scopeStart, 4));
        if (scopeLength != end - scopeStart)
        {
            throw new BsonFormatException($"The scope of code-with-scope field '{name}' states {scopeLength} bytes, but the code-with-scope length leaves {end - scopeStart}.", scopeStart);
        }

        var scope = (BsonDocument)ReadDocument(scopeStart, end, depth + 1, isArray: false);
        pos = end;
        return new BsonJavaScriptWithScope(code, scope);
    }

    private string ReadString(ref int pos, int limit, string name)
    {
        var start = pos;
        var length = BinaryPrimitives.ReadInt32LittleEndian(Take(ref pos, 4, limit, name));
        if (length < 1 || length > limit - pos)
        {
            throw new BsonFormatException($"The string in field '{name}' states a length of {length} bytes; it must be at least 1 (the NUL) and at most the {limit - pos} bytes that remain.", start);
        }

        var bytes = Take(ref pos, length, limit, name);
        if (bytes[^1] != 0)
        {
            throw new BsonFormatException($"The string in field '{name}' does not end with a NUL byte.", pos - 1);
        }

        return Decode(bytes[..^1], $"the string in field '{name}'", start + 4);
    }

    /// <summary>Reads a NUL-terminated string that must end before <paramref name="limit"/>; returns null when not decoded.</summary>
    private string? ReadCString(ref int pos, int limit, string what, bool decode)
    {
        var length = _data[pos..limit].IndexOf((byte)0);
        if (length < 0)
        {
            throw new BsonFormatException($"The {what} has no NUL terminator before the end of its document.", pos);
        }

        var bytes = _data.Slice(pos, length);
        var start = pos;
        pos += length + 1;
        if (!decode)
        {
            if (!Utf8.IsValid(bytes))
            {
                throw new BsonFormatException($"The {what} is not valid UTF-8.", start);
            }

            return null;
        }

        return Decode(bytes, $"the {what}", start);
    }

    private static string Decode(ReadOnlySpan<byte> bytes, string what, int offset)
    {
        if (!Utf8.IsValid(bytes))
        {
            throw new BsonFormatException($"The bytes of {what} are not valid UTF-8.", offset);
        }

        return Encoding.UTF8.GetString(bytes);
    }

    private ReadOnlySpan<byte> Take(ref int pos, int count, int limit, string name)
    {
        if (count > limit - pos)
        {
            throw new BsonFormatException($"The value of field '{name}' needs {count} bytes but only {limit - pos} remain in its document.", pos);
        }

        var span = _data.Slice(pos, count);
        pos += count;
        return span;
    }
}
