using System.Buffers.Binary;

namespace DocStore.Bson;

// Value methods without a field id: inside a document call WriteFieldId first; inside an array call
// them directly. CBsonWriter.FieldIdOverloads.cs has the forms that take the field id.
public ref partial struct CBsonWriter
{
    /// <summary>Writes a <see cref="BsonType.Double"/>.</summary>
    /// <param name="value">The value.</param>
    public void WriteDouble(double value) => BinaryPrimitives.WriteDoubleLittleEndian(BeginValue(BsonType.Double, 8), value);

    /// <summary>Writes a <see cref="BsonType.Int32"/>.</summary>
    /// <param name="value">The value.</param>
    public void WriteInt32(int value) => BinaryPrimitives.WriteInt32LittleEndian(BeginValue(BsonType.Int32, 4), value);

    /// <summary>Writes a <see cref="BsonType.Int64"/>.</summary>
    /// <param name="value">The value.</param>
    public void WriteInt64(long value) => BinaryPrimitives.WriteInt64LittleEndian(BeginValue(BsonType.Int64, 8), value);

    /// <summary>Writes a <see cref="BsonType.Boolean"/> (0x00 or 0x01).</summary>
    /// <param name="value">The value.</param>
    public void WriteBoolean(bool value) => BeginValue(BsonType.Boolean, 1)[0] = value ? (byte)1 : (byte)0;

    /// <summary>Writes a <see cref="BsonType.Null"/>.</summary>
    public void WriteNull() => BeginValue(BsonType.Null, 0);

    /// <summary>Writes the deprecated <see cref="BsonType.Undefined"/>.</summary>
    public void WriteUndefined() => BeginValue(BsonType.Undefined, 0);

    /// <summary>Writes a <see cref="BsonType.MinKey"/>.</summary>
    public void WriteMinKey() => BeginValue(BsonType.MinKey, 0);

    /// <summary>Writes a <see cref="BsonType.MaxKey"/>.</summary>
    public void WriteMaxKey() => BeginValue(BsonType.MaxKey, 0);

    /// <summary>Writes an <see cref="BsonType.ObjectId"/>.</summary>
    /// <param name="value">The value.</param>
    public void WriteObjectId(ObjectId value) => value.WriteTo(BeginValue(BsonType.ObjectId, ObjectId.Size));

    /// <summary>Writes a <see cref="BsonType.Decimal128"/>, bit for bit.</summary>
    /// <param name="value">The value.</param>
    public void WriteDecimal128(Decimal128 value) => value.WriteTo(BeginValue(BsonType.Decimal128, Decimal128.Size));

    /// <summary>Writes a <see cref="decimal"/> as an exact <see cref="BsonType.Decimal128"/> (scale kept).</summary>
    /// <param name="value">The value.</param>
    public void WriteDecimal(decimal value) => WriteDecimal128(Decimal128.FromDecimal(value));

    /// <summary>Writes a <see cref="Guid"/> as binary subtype 4, 16 bytes in RFC 4122 (big-endian) order.</summary>
    /// <param name="value">The value.</param>
    public void WriteGuid(Guid value) => value.TryWriteBytes(BeginBinary(BsonBinarySubtype.Uuid, 16), bigEndian: true, out _);

    /// <summary>Writes a <see cref="BsonType.Binary"/> value.</summary>
    /// <param name="payload">The bytes (for subtype 2 they must start with their own int32 length).</param>
    /// <param name="subtype">The subtype.</param>
    /// <exception cref="ArgumentException">Subtype 2 without a matching inner length.</exception>
    public void WriteBinary(ReadOnlySpan<byte> payload, BsonBinarySubtype subtype)
    {
        if (subtype == BsonBinarySubtype.OldBinary && (payload.Length < 4 || BinaryPrimitives.ReadInt32LittleEndian(payload) != payload.Length - 4))
        {
            throw new ArgumentException("Old binary (subtype 2) must start with an int32 equal to the payload length minus 4.", nameof(payload));
        }

        payload.CopyTo(BeginBinary(subtype, payload.Length));
    }

    /// <summary>Writes a BSON <see cref="BsonType.DateTime"/>: milliseconds since the Unix epoch, UTC.</summary>
    /// <param name="millisecondsSinceEpoch">The milliseconds.</param>
    public void WriteUtcDateTime(long millisecondsSinceEpoch) =>
        BinaryPrimitives.WriteInt64LittleEndian(BeginValue(BsonType.DateTime, 8), millisecondsSinceEpoch);

    /// <summary>Writes a <see cref="DateTime"/> exactly (ticks and kind) as extension binary subtype 0x80.</summary>
    /// <param name="value">The value.</param>
    public void WriteDateTime(DateTime value) =>
        CBsonExtensionTypes.WriteDateTime(BeginBinary(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize), value);

    /// <summary>Writes a <see cref="DateTimeOffset"/> exactly (local ticks and offset) as extension binary subtype 0x81.</summary>
    /// <param name="value">The value.</param>
    public void WriteDateTimeOffset(DateTimeOffset value) =>
        CBsonExtensionTypes.WriteDateTimeOffset(BeginBinary(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize), value);

    /// <summary>Writes a <see cref="TimeSpan"/> (ticks) as extension binary subtype 0x82.</summary>
    /// <param name="value">The value.</param>
    public void WriteTimeSpan(TimeSpan value) =>
        CBsonExtensionTypes.WriteTimeSpan(BeginBinary(BsonBinarySubtype.TimeSpan, CBsonExtensionTypes.TimeSpanSize), value);

    /// <summary>Writes a <see cref="DateOnly"/> (day number) as extension binary subtype 0x83.</summary>
    /// <param name="value">The value.</param>
    public void WriteDateOnly(DateOnly value) =>
        CBsonExtensionTypes.WriteDateOnly(BeginBinary(BsonBinarySubtype.DateOnly, CBsonExtensionTypes.DateOnlySize), value);

    /// <summary>Writes a <see cref="TimeOnly"/> (ticks) as extension binary subtype 0x84.</summary>
    /// <param name="value">The value.</param>
    public void WriteTimeOnly(TimeOnly value) =>
        CBsonExtensionTypes.WriteTimeOnly(BeginBinary(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize), value);

    /// <summary>Writes a <see cref="BsonType.Timestamp"/>: the increment then the seconds, each uint32.</summary>
    /// <param name="seconds">Seconds since the Unix epoch.</param>
    /// <param name="increment">The ordinal within the second.</param>
    public void WriteTimestamp(uint seconds, uint increment)
    {
        var target = BeginValue(BsonType.Timestamp, 8);
        BinaryPrimitives.WriteUInt32LittleEndian(target, increment);
        BinaryPrimitives.WriteUInt32LittleEndian(target[4..], seconds);
    }

    /// <summary>Writes a <see cref="BsonType.String"/>. NUL characters are allowed (the value is length-prefixed).</summary>
    /// <param name="value">The text.</param>
    /// <exception cref="ArgumentException">The text has an unpaired surrogate.</exception>
    public void WriteString(ReadOnlySpan<char> value)
    {
        if (!TryWriteAsciiString(BsonType.String, value))
        {
            WriteStringLike(BsonType.String, value, nameof(value));
        }
    }

    /// <summary>Writes a <see cref="BsonType.String"/> from UTF-8 bytes (without terminator).</summary>
    /// <param name="utf8Value">The UTF-8 text.</param>
    /// <exception cref="ArgumentException">The bytes are not valid UTF-8.</exception>
    public void WriteStringUtf8(ReadOnlySpan<byte> utf8Value)
    {
        CheckUtf8(utf8Value, forbidNul: false, nameof(utf8Value));
        BeginValue(BsonType.String, 0);
        WriteLengthPrefixedUtf8(utf8Value);
    }

    /// <summary>Writes <see cref="BsonType.JavaScript"/> code.</summary>
    /// <param name="code">The code.</param>
    /// <exception cref="ArgumentException">The code has an unpaired surrogate.</exception>
    public void WriteJavaScript(ReadOnlySpan<char> code) => WriteStringLike(BsonType.JavaScript, code, nameof(code));

    /// <summary>Writes a deprecated <see cref="BsonType.Symbol"/>.</summary>
    /// <param name="symbol">The symbol text.</param>
    /// <exception cref="ArgumentException">The text has an unpaired surrogate.</exception>
    public void WriteSymbol(ReadOnlySpan<char> symbol) => WriteStringLike(BsonType.Symbol, symbol, nameof(symbol));

    /// <summary>Writes a <see cref="BsonType.RegularExpression"/> (two C strings).</summary>
    /// <param name="pattern">The pattern; must not contain NUL.</param>
    /// <param name="options">The option letters; must not contain NUL.</param>
    /// <exception cref="ArgumentException">A part contains NUL or an unpaired surrogate.</exception>
    public void WriteRegularExpression(ReadOnlySpan<char> pattern, ReadOnlySpan<char> options)
    {
        var mark = Mark();
        BeginValue(BsonType.RegularExpression, 0);
        WriteCString(pattern, mark, nameof(pattern));
        WriteCString(options, mark, nameof(options));
    }

    /// <summary>Writes a <see cref="BsonType.RegularExpression"/> from UTF-8 parts (without terminators).</summary>
    /// <param name="utf8Pattern">The pattern; must not contain NUL.</param>
    /// <param name="utf8Options">The option letters; must not contain NUL.</param>
    /// <exception cref="ArgumentException">A part contains NUL or is not valid UTF-8.</exception>
    public void WriteRegularExpressionUtf8(ReadOnlySpan<byte> utf8Pattern, ReadOnlySpan<byte> utf8Options)
    {
        CheckUtf8(utf8Pattern, forbidNul: true, nameof(utf8Pattern));
        CheckUtf8(utf8Options, forbidNul: true, nameof(utf8Options));
        var target = BeginValue(BsonType.RegularExpression, utf8Pattern.Length + utf8Options.Length + 2);
        utf8Pattern.CopyTo(target);
        target[utf8Pattern.Length] = 0;
        utf8Options.CopyTo(target[(utf8Pattern.Length + 1)..]);
        target[^1] = 0;
    }

    /// <summary>Writes a deprecated <see cref="BsonType.DBPointer"/>: a namespace string and an ObjectId.</summary>
    /// <param name="collection">The namespace.</param>
    /// <param name="id">The ObjectId.</param>
    /// <exception cref="ArgumentException">The namespace has an unpaired surrogate.</exception>
    public void WriteDBPointer(ReadOnlySpan<char> collection, ObjectId id)
    {
        var mark = Mark();
        BeginValue(BsonType.DBPointer, 0);
        WriteLengthPrefixedUtf16(collection, mark, nameof(collection));
        id.WriteTo(_output.Take(ObjectId.Size));
    }

    /// <summary>Writes a deprecated code-with-scope value whose scope is an existing C-BSON document.</summary>
    /// <param name="code">The JavaScript code.</param>
    /// <param name="scopeDocument">The scope as one C-BSON document (framing checked, contents copied verbatim).</param>
    /// <exception cref="ArgumentException">The code has an unpaired surrogate or the scope is not one well-framed document.</exception>
    public void WriteJavaScriptWithScope(ReadOnlySpan<char> code, ReadOnlySpan<byte> scopeDocument)
    {
        CheckRawValue(BsonType.Document, scopeDocument);
        var mark = Mark();
        BeginValue(BsonType.JavaScriptWithScope, 0);
        var totalStart = _output.Position;
        _output.Take(4);
        WriteLengthPrefixedUtf16(code, mark, nameof(code));
        scopeDocument.CopyTo(_output.Take(scopeDocument.Length));
        _output.PatchInt32(totalStart, _output.Position - totalStart);
    }

    private void WriteStringLike(BsonType type, ReadOnlySpan<char> value, string paramName)
    {
        var mark = Mark();
        BeginValue(type, 0);
        WriteLengthPrefixedUtf16(value, mark, paramName);
    }

    private Span<byte> BeginBinary(BsonBinarySubtype subtype, int length)
    {
        var target = BeginValue(BsonType.Binary, 5 + length);
        BinaryPrimitives.WriteInt32LittleEndian(target, length);
        target[4] = (byte)subtype;
        return target[5..];
    }
}
