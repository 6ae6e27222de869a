using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text.Json;
using DocStore.Bson;

namespace DocStore.Metadata;

public static partial class JsonStoredValue
{
    // The milliseconds since the Unix epoch that DateTime can hold (0001-01-01 to 9999-12-31T23:59:59.999).
    private const long MinUnixMilliseconds = -62_135_596_800_000L;
    private const long MaxUnixMilliseconds = 253_402_300_799_999L;

    private enum Wrapper
    {
        None,
        Int,
        Long,
        Double,
        Decimal,
        Oid,
        Uuid,
        Date,
        DateMilliseconds,
    }

    /// <summary>Reads a bool.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static bool ReadBoolean(ref Utf8JsonReader reader, string field) => reader.TokenType switch
    {
        JsonTokenType.True => true,
        JsonTokenType.False => false,
        _ => throw Mismatch(ref reader, field, "a boolean"),
    };

    /// <summary>Reads a string.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static string ReadString(ref Utf8JsonReader reader, string field) =>
        reader.TokenType == JsonTokenType.String ? reader.GetString()! : throw Mismatch(ref reader, field, "a string");

    /// <summary>Reads a string, shared through <paramref name="strings"/> with an equal one read before.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <param name="strings">The read's table of shared strings, or null to make every string anew.</param>
    /// <returns>The value.</returns>
    public static string ReadString(ref Utf8JsonReader reader, string field, JsonStringTable? strings)
    {
        if (strings is null || reader.TokenType != JsonTokenType.String || reader.ValueIsEscaped || reader.HasValueSequence)
        {
            return ReadString(ref reader, field);
        }

        return strings.Get(reader.ValueSpan) ?? reader.GetString()!;
    }

    /// <summary>Reads an ObjectId (<c>{"$oid": "…"}</c>).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ObjectId ReadObjectId(ref Utf8JsonReader reader, string field)
    {
        var copy = reader;
        if (ReadWrapper(ref copy, out var text) == Wrapper.Oid && ObjectId.TryParse(text, null, out var value))
        {
            reader = copy;
            return value;
        }

        throw Mismatch(ref reader, field, "an ObjectId");
    }

    /// <summary>Reads a Guid (binary subtype 4, or the legacy subtype 3 in the same byte order; also <c>{"$uuid": "…"}</c>).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static Guid ReadGuid(ref Utf8JsonReader reader, string field)
    {
        Span<byte> bytes = stackalloc byte[16];
        var copy = reader;
        if (ReadBinary(ref copy, bytes, out var subtype) == 16 && subtype is BsonBinarySubtype.Uuid or BsonBinarySubtype.UuidLegacy)
        {
            reader = copy;
            return new Guid(bytes, bigEndian: true);
        }

        copy = reader;
        if (ReadWrapper(ref copy, out var text) == Wrapper.Uuid && Guid.TryParseExact(text, "D", out var parsed))
        {
            reader = copy;
            return parsed;
        }

        throw Mismatch(ref reader, field, "a Guid (binary subtype 4)");
    }

    /// <summary>Reads a byte array (binary of any subtype).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>A new array.</returns>
    public static byte[] ReadBytes(ref Utf8JsonReader reader, string field)
    {
        var copy = reader;
        if (FindBinary(ref copy, out var base64, out _) && base64.TryGetBytesFromBase64(out var bytes))
        {
            reader = copy;
            return bytes;
        }

        throw Mismatch(ref reader, field, "binary data");
    }

    /// <summary>Reads a DateTime (extension subtype 0x80, or a UTC <c>$date</c>).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateTime ReadDateTime(ref Utf8JsonReader reader, string field)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateTimeSize];
        var copy = reader;
        if (ReadBinary(ref copy, payload, out var subtype) == payload.Length && subtype == BsonBinarySubtype.DateTime &&
            CBsonExtensionTypes.TryReadDateTime(payload, out var value))
        {
            reader = copy;
            return value;
        }

        copy = reader;
        switch (ReadWrapper(ref copy, out var text))
        {
            case Wrapper.DateMilliseconds when long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var milliseconds):
                reader = copy;
                return milliseconds is >= MinUnixMilliseconds and <= MaxUnixMilliseconds
                    ? DateTime.UnixEpoch.AddMilliseconds(milliseconds)
                    : throw OutOfRange(field, $"the date {milliseconds} ms since the Unix epoch", "DateTime");
            case Wrapper.Date when DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var date):
                reader = copy;
                return date.UtcDateTime;
            default:
                throw Mismatch(ref reader, field, "a DateTime");
        }
    }

    /// <summary>Reads a DateTimeOffset (extension subtype 0x81).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateTimeOffset ReadDateTimeOffset(ref Utf8JsonReader reader, string field)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateTimeOffsetSize];
        var copy = reader;
        if (ReadBinary(ref copy, payload, out var subtype) == payload.Length && subtype == BsonBinarySubtype.DateTimeOffset &&
            CBsonExtensionTypes.TryReadDateTimeOffset(payload, out var value))
        {
            reader = copy;
            return value;
        }

        throw Mismatch(ref reader, field, "a DateTimeOffset");
    }

    /// <summary>Reads a TimeSpan (extension subtype 0x82).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static TimeSpan ReadTimeSpan(ref Utf8JsonReader reader, string field)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.TimeSpanSize];
        var copy = reader;
        if (ReadBinary(ref copy, payload, out var subtype) == payload.Length && subtype == BsonBinarySubtype.TimeSpan &&
            CBsonExtensionTypes.TryReadTimeSpan(payload, out var value))
        {
            reader = copy;
            return value;
        }

        throw Mismatch(ref reader, field, "a TimeSpan");
    }

    /// <summary>Reads a DateOnly (extension subtype 0x83).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateOnly ReadDateOnly(ref Utf8JsonReader reader, string field)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateOnlySize];
        var copy = reader;
        if (ReadBinary(ref copy, payload, out var subtype) == payload.Length && subtype == BsonBinarySubtype.DateOnly &&
            CBsonExtensionTypes.TryReadDateOnly(payload, out var value))
        {
            reader = copy;
            return value;
        }

        throw Mismatch(ref reader, field, "a DateOnly");
    }

    /// <summary>Reads a TimeOnly (extension subtype 0x84).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static TimeOnly ReadTimeOnly(ref Utf8JsonReader reader, string field)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.TimeOnlySize];
        var copy = reader;
        if (ReadBinary(ref copy, payload, out var subtype) == payload.Length && subtype == BsonBinarySubtype.TimeOnly &&
            CBsonExtensionTypes.TryReadTimeOnly(payload, out var value))
        {
            reader = copy;
            return value;
        }

        throw Mismatch(ref reader, field, "a TimeOnly");
    }

    /// <summary>
    /// Reads <c>{"$key": "text"}</c> (and <c>{"$date": {"$numberLong": "…"}}</c>) from the object the reader is on,
    /// leaving the reader on the object's end; <see cref="Wrapper.None"/> when the value has no such form.
    /// </summary>
    private static Wrapper ReadWrapper(ref Utf8JsonReader reader, out string text)
    {
        text = string.Empty;
        if (reader.TokenType != JsonTokenType.StartObject || !reader.Read() || reader.TokenType != JsonTokenType.PropertyName)
        {
            return Wrapper.None;
        }

        var kind = reader.ValueTextEquals("$numberInt"u8) ? Wrapper.Int
            : reader.ValueTextEquals("$numberLong"u8) ? Wrapper.Long
            : reader.ValueTextEquals("$numberDouble"u8) ? Wrapper.Double
            : reader.ValueTextEquals("$numberDecimal"u8) ? Wrapper.Decimal
            : reader.ValueTextEquals("$oid"u8) ? Wrapper.Oid
            : reader.ValueTextEquals("$uuid"u8) ? Wrapper.Uuid
            : reader.ValueTextEquals("$date"u8) ? Wrapper.Date
            : Wrapper.None;
        if (kind == Wrapper.None || !reader.Read())
        {
            return Wrapper.None;
        }

        if (kind == Wrapper.Date && reader.TokenType == JsonTokenType.StartObject)
        {
            if (ReadWrapper(ref reader, out text) != Wrapper.Long)
            {
                return Wrapper.None;
            }

            kind = Wrapper.DateMilliseconds;
        }
        else if (reader.TokenType == JsonTokenType.String)
        {
            text = reader.GetString()!;
        }
        else
        {
            return Wrapper.None;
        }

        return reader.Read() && reader.TokenType == JsonTokenType.EndObject ? kind : Wrapper.None;
    }

    /// <summary>
    /// Decodes <c>{"$binary": {"base64": …, "subType": …}}</c> (either member order) into <paramref name="destination"/>,
    /// leaving the reader on the object's end; the payload's length, or -1 when the value is not binary or too long.
    /// </summary>
    private static int ReadBinary(ref Utf8JsonReader reader, scoped Span<byte> destination, out BsonBinarySubtype subtype)
    {
        if (!FindBinary(ref reader, out var base64, out subtype))
        {
            return -1;
        }

        if (!base64.ValueIsEscaped && !base64.HasValueSequence)
        {
            return Base64.DecodeFromUtf8(base64.ValueSpan, destination, out _, out var written) == OperationStatus.Done ? written : -1;
        }

        if (!base64.TryGetBytesFromBase64(out var bytes) || bytes.Length > destination.Length)
        {
            return -1;
        }

        bytes.CopyTo(destination);
        return bytes.Length;
    }

    /// <summary>Walks a <c>$binary</c> wrapper: <paramref name="base64"/> is a reader on its base64 string; the reader ends on the wrapper's end.</summary>
    private static bool FindBinary(ref Utf8JsonReader reader, out Utf8JsonReader base64, out BsonBinarySubtype subtype)
    {
        base64 = default;
        subtype = default;
        if (reader.TokenType != JsonTokenType.StartObject || !reader.Read() || reader.TokenType != JsonTokenType.PropertyName ||
            !reader.ValueTextEquals("$binary"u8) || !reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            return false;
        }

        bool hasPayload = false, hasSubtype = false;
        while (NextProperty(ref reader))
        {
            var isPayload = reader.ValueTextEquals("base64"u8);
            if (!isPayload && !reader.ValueTextEquals("subType"u8))
            {
                return false;
            }

            if (!reader.Read() || reader.TokenType != JsonTokenType.String)
            {
                return false;
            }

            if (isPayload)
            {
                base64 = reader;
                hasPayload = true;
            }
            else
            {
                if (reader.ValueSpan.Length is < 1 or > 2 || reader.ValueIsEscaped ||
                    !byte.TryParse(reader.ValueSpan, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var code))
                {
                    return false;
                }

                subtype = (BsonBinarySubtype)code;
                hasSubtype = true;
            }
        }

        return hasPayload && hasSubtype && reader.Read() && reader.TokenType == JsonTokenType.EndObject;
    }
}
