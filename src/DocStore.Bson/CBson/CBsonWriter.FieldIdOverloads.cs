namespace DocStore.Bson;

// Every value method again with the field id first: WriteFieldId(fieldId) followed by the value.
public ref partial struct CBsonWriter
{
    /// <summary>Starts an embedded document named <paramref name="fieldId"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteStartDocument(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteStartDocument();
    }

    /// <summary>Starts an array named <paramref name="fieldId"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteStartArray(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteStartArray();
    }

    /// <summary>Starts a code-with-scope value named <paramref name="fieldId"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="code">See <see cref="WriteStartJavaScriptWithScope(ReadOnlySpan{char})"/>.</param>
    public void WriteStartJavaScriptWithScope(ushort fieldId, ReadOnlySpan<char> code)
    {
        WriteFieldId(fieldId);
        WriteStartJavaScriptWithScope(code);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDouble(double)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDouble(double)"/>.</param>
    public void WriteDouble(ushort fieldId, double value)
    {
        WriteFieldId(fieldId);
        WriteDouble(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteInt32(int)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteInt32(int)"/>.</param>
    public void WriteInt32(ushort fieldId, int value)
    {
        WriteFieldId(fieldId);
        WriteInt32(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteInt64(long)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteInt64(long)"/>.</param>
    public void WriteInt64(ushort fieldId, long value)
    {
        WriteFieldId(fieldId);
        WriteInt64(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteBoolean(bool)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteBoolean(bool)"/>.</param>
    public void WriteBoolean(ushort fieldId, bool value)
    {
        WriteFieldId(fieldId);
        WriteBoolean(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteNull()"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteNull(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteNull();
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteUndefined()"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteUndefined(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteUndefined();
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteMinKey()"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteMinKey(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteMinKey();
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteMaxKey()"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    public void WriteMaxKey(ushort fieldId)
    {
        WriteFieldId(fieldId);
        WriteMaxKey();
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteObjectId(ObjectId)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteObjectId(ObjectId)"/>.</param>
    public void WriteObjectId(ushort fieldId, ObjectId value)
    {
        WriteFieldId(fieldId);
        WriteObjectId(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDecimal128(Decimal128)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDecimal128(Decimal128)"/>.</param>
    public void WriteDecimal128(ushort fieldId, Decimal128 value)
    {
        WriteFieldId(fieldId);
        WriteDecimal128(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDecimal(decimal)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDecimal(decimal)"/>.</param>
    public void WriteDecimal(ushort fieldId, decimal value)
    {
        WriteFieldId(fieldId);
        WriteDecimal(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteGuid(Guid)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteGuid(Guid)"/>.</param>
    public void WriteGuid(ushort fieldId, Guid value)
    {
        WriteFieldId(fieldId);
        WriteGuid(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteBinary(ReadOnlySpan{byte}, BsonBinarySubtype)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="payload">See <see cref="WriteBinary(ReadOnlySpan{byte}, BsonBinarySubtype)"/>.</param>
    /// <param name="subtype">See <see cref="WriteBinary(ReadOnlySpan{byte}, BsonBinarySubtype)"/>.</param>
    public void WriteBinary(ushort fieldId, ReadOnlySpan<byte> payload, BsonBinarySubtype subtype)
    {
        WriteFieldId(fieldId);
        WriteBinary(payload, subtype);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteUtcDateTime(long)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="millisecondsSinceEpoch">See <see cref="WriteUtcDateTime(long)"/>.</param>
    public void WriteUtcDateTime(ushort fieldId, long millisecondsSinceEpoch)
    {
        WriteFieldId(fieldId);
        WriteUtcDateTime(millisecondsSinceEpoch);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDateTime(DateTime)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDateTime(DateTime)"/>.</param>
    public void WriteDateTime(ushort fieldId, DateTime value)
    {
        WriteFieldId(fieldId);
        WriteDateTime(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDateTimeOffset(DateTimeOffset)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDateTimeOffset(DateTimeOffset)"/>.</param>
    public void WriteDateTimeOffset(ushort fieldId, DateTimeOffset value)
    {
        WriteFieldId(fieldId);
        WriteDateTimeOffset(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteTimeSpan(TimeSpan)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteTimeSpan(TimeSpan)"/>.</param>
    public void WriteTimeSpan(ushort fieldId, TimeSpan value)
    {
        WriteFieldId(fieldId);
        WriteTimeSpan(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDateOnly(DateOnly)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteDateOnly(DateOnly)"/>.</param>
    public void WriteDateOnly(ushort fieldId, DateOnly value)
    {
        WriteFieldId(fieldId);
        WriteDateOnly(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteTimeOnly(TimeOnly)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteTimeOnly(TimeOnly)"/>.</param>
    public void WriteTimeOnly(ushort fieldId, TimeOnly value)
    {
        WriteFieldId(fieldId);
        WriteTimeOnly(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteTimestamp(uint, uint)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="seconds">See <see cref="WriteTimestamp(uint, uint)"/>.</param>
    /// <param name="increment">See <see cref="WriteTimestamp(uint, uint)"/>.</param>
    public void WriteTimestamp(ushort fieldId, uint seconds, uint increment)
    {
        WriteFieldId(fieldId);
        WriteTimestamp(seconds, increment);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteString(ReadOnlySpan{char})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="value">See <see cref="WriteString(ReadOnlySpan{char})"/>.</param>
    public void WriteString(ushort fieldId, ReadOnlySpan<char> value)
    {
        WriteFieldId(fieldId);
        WriteString(value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteStringUtf8(ReadOnlySpan{byte})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="utf8Value">See <see cref="WriteStringUtf8(ReadOnlySpan{byte})"/>.</param>
    public void WriteStringUtf8(ushort fieldId, ReadOnlySpan<byte> utf8Value)
    {
        WriteFieldId(fieldId);
        WriteStringUtf8(utf8Value);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteJavaScript(ReadOnlySpan{char})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="code">See <see cref="WriteJavaScript(ReadOnlySpan{char})"/>.</param>
    public void WriteJavaScript(ushort fieldId, ReadOnlySpan<char> code)
    {
        WriteFieldId(fieldId);
        WriteJavaScript(code);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteSymbol(ReadOnlySpan{char})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="symbol">See <see cref="WriteSymbol(ReadOnlySpan{char})"/>.</param>
    public void WriteSymbol(ushort fieldId, ReadOnlySpan<char> symbol)
    {
        WriteFieldId(fieldId);
        WriteSymbol(symbol);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteRegularExpression(ReadOnlySpan{char}, ReadOnlySpan{char})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="pattern">See <see cref="WriteRegularExpression(ReadOnlySpan{char}, ReadOnlySpan{char})"/>.</param>
    /// <param name="options">See <see cref="WriteRegularExpression(ReadOnlySpan{char}, ReadOnlySpan{char})"/>.</param>
    public void WriteRegularExpression(ushort fieldId, ReadOnlySpan<char> pattern, ReadOnlySpan<char> options)
    {
        WriteFieldId(fieldId);
        WriteRegularExpression(pattern, options);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteRegularExpressionUtf8(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="utf8Pattern">See <see cref="WriteRegularExpressionUtf8(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>.</param>
    /// <param name="utf8Options">See <see cref="WriteRegularExpressionUtf8(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>.</param>
    public void WriteRegularExpressionUtf8(ushort fieldId, ReadOnlySpan<byte> utf8Pattern, ReadOnlySpan<byte> utf8Options)
    {
        WriteFieldId(fieldId);
        WriteRegularExpressionUtf8(utf8Pattern, utf8Options);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteDBPointer(ReadOnlySpan{char}, ObjectId)"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="collection">See <see cref="WriteDBPointer(ReadOnlySpan{char}, ObjectId)"/>.</param>
    /// <param name="id">See <see cref="WriteDBPointer(ReadOnlySpan{char}, ObjectId)"/>.</param>
    public void WriteDBPointer(ushort fieldId, ReadOnlySpan<char> collection, ObjectId id)
    {
        WriteFieldId(fieldId);
        WriteDBPointer(collection, id);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteJavaScriptWithScope(ReadOnlySpan{char}, ReadOnlySpan{byte})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="code">See <see cref="WriteJavaScriptWithScope(ReadOnlySpan{char}, ReadOnlySpan{byte})"/>.</param>
    /// <param name="scopeDocument">See <see cref="WriteJavaScriptWithScope(ReadOnlySpan{char}, ReadOnlySpan{byte})"/>.</param>
    public void WriteJavaScriptWithScope(ushort fieldId, ReadOnlySpan<char> code, ReadOnlySpan<byte> scopeDocument)
    {
        WriteFieldId(fieldId);
        WriteJavaScriptWithScope(code, scopeDocument);
    }

    /// <summary>Writes field <paramref name="fieldId"/> with the value; see <see cref="WriteRawValue(BsonType, ReadOnlySpan{byte})"/>.</summary>
    /// <param name="fieldId">The field id (1..65534).</param>
    /// <param name="type">See <see cref="WriteRawValue(BsonType, ReadOnlySpan{byte})"/>.</param>
    /// <param name="value">See <see cref="WriteRawValue(BsonType, ReadOnlySpan{byte})"/>.</param>
    public void WriteRawValue(ushort fieldId, BsonType type, ReadOnlySpan<byte> value)
    {
        WriteFieldId(fieldId);
        WriteRawValue(type, value);
    }
}
