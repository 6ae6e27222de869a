using System.Buffers.Binary;
using System.Text;

namespace DocStore.Bson;

// The value getters. Each checks the current type (InvalidOperationException on a mismatch) and decodes
// the value whose framing Read() already checked; content faults (bad UTF-8, bad extension payloads)
// throw BsonFormatException with the value's offset.
public ref partial struct CBsonReader
{
    private const long MinUnixMilliseconds = -62_135_596_800_000L;
    private const long MaxUnixMilliseconds = 253_402_300_799_999L;

    /// <summary>UTF-8 that throws on invalid bytes instead of substituting U+FFFD.</summary>
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>The current <see cref="BsonType.Double"/>.</summary>
    public readonly double GetDouble()
    {
        EnsureType(BsonType.Double);
        return BinaryPrimitives.ReadDoubleLittleEndian(Value(8));
    }

    /// <summary>The current <see cref="BsonType.Int32"/>.</summary>
    public readonly int GetInt32()
    {
        EnsureType(BsonType.Int32);
        return BinaryPrimitives.ReadInt32LittleEndian(Value(4));
    }

    /// <summary>The current <see cref="BsonType.Int64"/>.</summary>
    public readonly long GetInt64()
    {
        EnsureType(BsonType.Int64);
        return BinaryPrimitives.ReadInt64LittleEndian(Value(8));
    }

    /// <summary>The current <see cref="BsonType.Boolean"/>.</summary>
    public readonly bool GetBoolean()
    {
        EnsureType(BsonType.Boolean);
        return _buffer[_valueOffset] != 0;
    }

    /// <summary>The current <see cref="BsonType.ObjectId"/>.</summary>
    public readonly ObjectId GetObjectId()
    {
        EnsureType(BsonType.ObjectId);
        return new ObjectId(Value(ObjectId.Size));
    }

    /// <summary>The current <see cref="BsonType.Decimal128"/>, bit for bit.</summary>
    public readonly Decimal128 GetDecimal128()
    {
        EnsureType(BsonType.Decimal128);
        return Decimal128.ReadFrom(Value(Decimal128.Size));
    }

    /// <summary>The current <see cref="BsonType.Decimal128"/> as a <see cref="decimal"/>, exactly.</summary>
    /// <exception cref="OverflowException">The value is infinite, NaN or cannot be held by <see cref="decimal"/> without rounding.</exception>
    public readonly decimal GetDecimal() => GetDecimal128().ToDecimal();

    /// <summary>The current <see cref="BsonType.String"/>, decoded to a new string.</summary>
    /// <exception cref="BsonFormatException">The bytes are not valid UTF-8.</exception>
    public readonly string GetString()
    {
        EnsureType(BsonType.String);
        return DecodeString(_valueOffset);
    }

    /// <summary>The UTF-8 bytes of the current <see cref="BsonType.String"/>, without the NUL terminator; not validated.</summary>
    public readonly ReadOnlySpan<byte> GetStringUtf8()
    {
        EnsureType(BsonType.String);
        return StringBytes(_valueOffset);
    }

    /// <summary>The current <see cref="BsonType.JavaScript"/> code.</summary>
    /// <exception cref="BsonFormatException">The bytes are not valid UTF-8.</exception>
    public readonly string GetJavaScript()
    {
        EnsureType(BsonType.JavaScript);
        return DecodeString(_valueOffset);
    }

    /// <summary>The current deprecated <see cref="BsonType.Symbol"/>.</summary>
    /// <exception cref="BsonFormatException">The bytes are not valid UTF-8.</exception>
    public readonly string GetSymbol()
    {
        EnsureType(BsonType.Symbol);
        return DecodeString(_valueOffset);
    }

    /// <summary>The current <see cref="BsonType.Binary"/> payload (for subtype 2, including its inner length).</summary>
    /// <param name="subtype">The binary subtype.</param>
    public readonly ReadOnlySpan<byte> GetBinary(out BsonBinarySubtype subtype)
    {
        EnsureType(BsonType.Binary);
        subtype = (BsonBinarySubtype)_buffer[_valueOffset + 4];
        return _buffer.Slice(_valueOffset + 5, _valueLength - 5);
    }

    /// <summary>The current binary of subtype 4 (16 bytes, RFC 4122 big-endian order) as a <see cref="Guid"/>.</summary>
    /// <exception cref="InvalidOperationException">The value is not binary of subtype 4.</exception>
    /// <exception cref="BsonFormatException">The payload is not 16 bytes.</exception>
    public readonly Guid GetGuid()
    {
        var payload = Extension(BsonBinarySubtype.Uuid, "Guid");
        if (payload.Length != 16)
        {
            CBsonThrow.Format($"A UUID (binary subtype 4) is 16 bytes; this one has {payload.Length}", _valueOffset);
        }

        return new Guid(payload, bigEndian: true);
    }

    /// <summary>The current <see cref="BsonType.DateTime"/> as milliseconds since the Unix epoch.</summary>
    public readonly long GetUtcDateTime()
    {
        EnsureType(BsonType.DateTime);
        return BinaryPrimitives.ReadInt64LittleEndian(Value(8));
    }

    /// <summary>
    /// The current value as a <see cref="DateTime"/>: the extension binary 0x80 (ticks and kind, exact),
    /// or a BSON UTC datetime 0x09 (milliseconds, Kind=Utc).
    /// </summary>
    /// <exception cref="InvalidOperationException">The value is neither.</exception>
    /// <exception cref="BsonFormatException">The 0x80 payload has the wrong length or is out of range.</exception>
    /// <exception cref="OverflowException">A BSON UTC datetime is outside the range of <see cref="DateTime"/>.</exception>
    public readonly DateTime GetDateTime()
    {
        // What DocStore writes: the 0x80 extension, well-formed. Decoded here in one step; every other
        // shape (a UTC datetime, a wrong length, out-of-range bytes, another subtype) takes the checked path.
        if (_type == BsonType.Binary && _valueLength == 5 + CBsonExtensionTypes.DateTimeSize)
        {
            var stored = _buffer.Slice(_valueOffset, 5 + CBsonExtensionTypes.DateTimeSize);
            var ticks = BinaryPrimitives.ReadInt64LittleEndian(stored[5..]);
            var kind = stored[13];
            if (stored[4] == (byte)BsonBinarySubtype.DateTime && (ulong)ticks <= (ulong)DateTime.MaxValue.Ticks && kind <= (byte)DateTimeKind.Local)
            {
                return new DateTime(ticks, (DateTimeKind)kind);
            }
        }

        if (_type == BsonType.DateTime)
        {
            var milliseconds = BinaryPrimitives.ReadInt64LittleEndian(Value(8));
            if (milliseconds is < MinUnixMilliseconds or > MaxUnixMilliseconds)
            {
                throw new OverflowException($"The BSON datetime {milliseconds} ms since the Unix epoch is outside the range of System.DateTime.");
            }

            return DateTime.UnixEpoch.AddTicks(milliseconds * TimeSpan.TicksPerMillisecond);
        }

        if (!CBsonExtensionTypes.TryReadDateTime(Extension(BsonBinarySubtype.DateTime, "DateTime"), out var value))
        {
            BadExtension("DateTime", CBsonExtensionTypes.DateTimeSize);
        }

        return value;
    }

    /// <summary>The current extension binary 0x81 as a <see cref="DateTimeOffset"/>.</summary>
    /// <exception cref="BsonFormatException">The payload has the wrong length or is out of range.</exception>
    public readonly DateTimeOffset GetDateTimeOffset()
    {
        if (!CBsonExtensionTypes.TryReadDateTimeOffset(Extension(BsonBinarySubtype.DateTimeOffset, "DateTimeOffset"), out var value))
        {
            BadExtension("DateTimeOffset", CBsonExtensionTypes.DateTimeOffsetSize);
        }

        return value;
    }

    /// <summary>The current extension binary 0x82 as a <see cref="TimeSpan"/>.</summary>
    /// <exception cref="BsonFormatException">The payload has the wrong length.</exception>
    public readonly TimeSpan GetTimeSpan()
    {
        if (!CBsonExtensionTypes.TryReadTimeSpan(Extension(BsonBinarySubtype.TimeSpan, "TimeSpan"), out var value))
        {
            BadExtension("TimeSpan", CBsonExtensionTypes.TimeSpanSize);
        }

        return value;
    }

    /// <summary>The current extension binary 0x83 as a <see cref="DateOnly"/>.</summary>
    /// <exception cref="BsonFormatException">The payload has the wrong length or is out of range.</exception>
    public readonly DateOnly GetDateOnly()
    {
        if (!CBsonExtensionTypes.TryReadDateOnly(Extension(BsonBinarySubtype.DateOnly, "DateOnly"), out var value))
        {
            BadExtension("DateOnly", CBsonExtensionTypes.DateOnlySize);
        }

        return value;
    }

    /// <summary>The current extension binary 0x84 as a <see cref="TimeOnly"/>.</summary>
    /// <exception cref="BsonFormatException">The payload has the wrong length or is out of range.</exception>
    public readonly TimeOnly GetTimeOnly()
    {
        if (!CBsonExtensionTypes.TryReadTimeOnly(Extension(BsonBinarySubtype.TimeOnly, "TimeOnly"), out var value))
        {
            BadExtension("TimeOnly", CBsonExtensionTypes.TimeOnlySize);
        }

        return value;
    }

    /// <summary>The current <see cref="BsonType.Timestamp"/>.</summary>
    /// <param name="seconds">The seconds (the high, second-stored uint32).</param>
    /// <param name="increment">The increment (the low, first-stored uint32).</param>
    public readonly void GetTimestamp(out uint seconds, out uint increment)
    {
        EnsureType(BsonType.Timestamp);
        var value = Value(8);
        increment = BinaryPrimitives.ReadUInt32LittleEndian(value);
        seconds = BinaryPrimitives.ReadUInt32LittleEndian(value[4..]);
    }

    /// <summary>The current <see cref="BsonType.RegularExpression"/>, decoded.</summary>
    /// <param name="pattern">The pattern.</param>
    /// <param name="options">The option letters.</param>
    /// <exception cref="BsonFormatException">A part is not valid UTF-8.</exception>
    public readonly void GetRegularExpression(out string pattern, out string options)
    {
        GetRegularExpressionUtf8(out var patternUtf8, out var optionsUtf8);
        CBsonLayout.CheckUtf8(patternUtf8, "regular expression pattern", _valueOffset);
        CBsonLayout.CheckUtf8(optionsUtf8, "regular expression options", _valueOffset + patternUtf8.Length + 1);
        pattern = Encoding.UTF8.GetString(patternUtf8);
        options = Encoding.UTF8.GetString(optionsUtf8);
    }

    /// <summary>The UTF-8 bytes of the current <see cref="BsonType.RegularExpression"/>, without terminators; not validated.</summary>
    /// <param name="pattern">The pattern bytes.</param>
    /// <param name="options">The option bytes.</param>
    public readonly void GetRegularExpressionUtf8(out ReadOnlySpan<byte> pattern, out ReadOnlySpan<byte> options)
    {
        EnsureType(BsonType.RegularExpression);
        var value = _buffer.Slice(_valueOffset, _valueLength);
        var nul = value.IndexOf((byte)0);
        pattern = value[..nul];
        options = value[(nul + 1)..^1];
    }

    /// <summary>The current deprecated <see cref="BsonType.DBPointer"/>.</summary>
    /// <param name="collection">The namespace string.</param>
    /// <param name="id">The ObjectId.</param>
    /// <exception cref="BsonFormatException">The namespace is not valid UTF-8.</exception>
    public readonly void GetDBPointer(out string collection, out ObjectId id)
    {
        EnsureType(BsonType.DBPointer);
        collection = DecodeString(_valueOffset);
        id = new ObjectId(_buffer.Slice(_valueOffset + _valueLength - ObjectId.Size, ObjectId.Size));
    }

    /// <summary>The current deprecated <see cref="BsonType.JavaScriptWithScope"/>.</summary>
    /// <param name="scope">A reader over the scope document, one level deeper.</param>
    /// <returns>The code.</returns>
    /// <exception cref="BsonFormatException">The code is not valid UTF-8, or the scope would be nested too deep.</exception>
    public readonly string GetJavaScriptWithScope(out CBsonReader scope)
    {
        EnsureType(BsonType.JavaScriptWithScope);
        var codeOffset = _valueOffset + 4;
        var code = DecodeString(codeOffset);
        var scopeOffset = codeOffset + 4 + BinaryPrimitives.ReadInt32LittleEndian(_buffer.Slice(codeOffset, 4));
        scope = Child(scopeOffset, _valueOffset + _valueLength - scopeOffset, isArray: false);
        return code;
    }

    private readonly ReadOnlySpan<byte> Value(int size) => _buffer.Slice(_valueOffset, size);

    private readonly ReadOnlySpan<byte> StringBytes(int offset)
    {
        var length = BinaryPrimitives.ReadInt32LittleEndian(_buffer.Slice(offset, 4));
        return _buffer.Slice(offset + 4, length - 1);
    }

    private readonly string DecodeString(int offset)
    {
        var bytes = StringBytes(offset);
        if (AsciiWidening.TryDecode(bytes) is { } ascii)
        {
            // Most stored text is ASCII: widened straight into the new string, no counting pass.
            return ascii;
        }

        try
        {
            // One pass: the strict encoding validates while it transcodes (both vectorized).
            return StrictUtf8.GetString(bytes);
        }
        catch (DecoderFallbackException)
        {
            return CBsonThrow.Format<string>("The string is not valid UTF-8", offset);
        }
    }

    private readonly ReadOnlySpan<byte> Extension(BsonBinarySubtype subtype, string typeName)
    {
        if (_type != BsonType.Binary || _buffer[_valueOffset + 4] != (byte)subtype)
        {
            EnsureElement();
            var actual = _type == BsonType.Binary ? $"binary of subtype 0x{_buffer[_valueOffset + 4]:X2}" : _type.ToString();
            CBsonThrow.InvalidOperation($"The {(_isArray ? "array element" : $"field {_fieldId}")} is {actual}, not a {typeName} (binary subtype 0x{(byte)subtype:X2}).");
        }

        return _buffer.Slice(_valueOffset + 5, _valueLength - 5);
    }

    private readonly void BadExtension(string typeName, int size) =>
        CBsonThrow.Format($"The {typeName} payload (binary subtype) must be {size} bytes with an in-range value; this one is {_valueLength - 5} bytes or out of range", _valueOffset);
}
