using System.Globalization;
using System.Text.Json;
using DocStore.Bson;

namespace DocStore.Metadata;

public static partial class JsonStoredValue
{
    /// <summary>Writes a double: plain when finite (always with a decimal point or exponent), else <c>{"$numberDouble": "NaN"}</c> and the infinities.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteDouble(Utf8JsonWriter writer, double value)
    {
        ArgumentNullException.ThrowIfNull(writer);
        if (double.IsFinite(value))
        {
            Span<byte> text = stackalloc byte[JsonDoubleText.MaxLength];
            writer.WriteRawValue(text[..JsonDoubleText.Format(value, text)], skipInputValidation: true);
            return;
        }

        writer.WriteStartObject();
        writer.WriteString("$numberDouble"u8, double.IsNaN(value) ? "NaN"u8 : value > 0 ? "Infinity"u8 : "-Infinity"u8);
        writer.WriteEndObject();
    }

    /// <summary>Writes a decimal as <c>{"$numberDecimal": "…"}</c>, its scale kept (as the decimal128 C-BSON stores).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteDecimal(Utf8JsonWriter writer, decimal value)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStartObject();
        writer.WriteString("$numberDecimal"u8, Decimal128.FromDecimal(value).ToString());
        writer.WriteEndObject();
    }

    /// <summary>Writes a ulong as C-BSON stores it, a decimal128: <c>{"$numberDecimal": "…"}</c>.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteUInt64(Utf8JsonWriter writer, ulong value) => WriteDecimal(writer, value);

    /// <summary>Writes an ObjectId as <c>{"$oid": "…"}</c>.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteObjectId(Utf8JsonWriter writer, ObjectId value)
    {
        ArgumentNullException.ThrowIfNull(writer);
        Span<char> hex = stackalloc char[ObjectId.Size * 2];
        value.TryFormat(hex, out _, default, null);
        writer.WriteStartObject();
        writer.WriteString("$oid"u8, hex);
        writer.WriteEndObject();
    }

    /// <summary>Writes a Guid as binary subtype 4 (RFC 4122 byte order), as C-BSON stores it.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteGuid(Utf8JsonWriter writer, Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        WriteBinary(writer, bytes, BsonBinarySubtype.Uuid);
    }

    /// <summary>Writes a DateTime as the C-BSON extension subtype 0x80 (ticks and kind).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteDateTime(Utf8JsonWriter writer, DateTime value)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateTimeSize];
        CBsonExtensionTypes.WriteDateTime(payload, value);
        WriteBinary(writer, payload, BsonBinarySubtype.DateTime);
    }

    /// <summary>Writes a DateTimeOffset as the C-BSON extension subtype 0x81 (local ticks and offset minutes).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteDateTimeOffset(Utf8JsonWriter writer, DateTimeOffset value)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateTimeOffsetSize];
        CBsonExtensionTypes.WriteDateTimeOffset(payload, value);
        WriteBinary(writer, payload, BsonBinarySubtype.DateTimeOffset);
    }

    /// <summary>Writes a TimeSpan as the C-BSON extension subtype 0x82 (ticks).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteTimeSpan(Utf8JsonWriter writer, TimeSpan value)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.TimeSpanSize];
        CBsonExtensionTypes.WriteTimeSpan(payload, value);
        WriteBinary(writer, payload, BsonBinarySubtype.TimeSpan);
    }

    /// <summary>Writes a DateOnly as the C-BSON extension subtype 0x83 (day number).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteDateOnly(Utf8JsonWriter writer, DateOnly value)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.DateOnlySize];
        CBsonExtensionTypes.WriteDateOnly(payload, value);
        WriteBinary(writer, payload, BsonBinarySubtype.DateOnly);
    }

    /// <summary>Writes a TimeOnly as the C-BSON extension subtype 0x84 (ticks since midnight).</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The value.</param>
    public static void WriteTimeOnly(Utf8JsonWriter writer, TimeOnly value)
    {
        Span<byte> payload = stackalloc byte[CBsonExtensionTypes.TimeOnlySize];
        CBsonExtensionTypes.WriteTimeOnly(payload, value);
        WriteBinary(writer, payload, BsonBinarySubtype.TimeOnly);
    }

    /// <summary>Writes a byte array as binary subtype 0.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="value">The bytes.</param>
    public static void WriteBytes(Utf8JsonWriter writer, byte[] value)
    {
        ArgumentNullException.ThrowIfNull(value);
        WriteBinary(writer, value, BsonBinarySubtype.Generic);
    }

    private static void WriteBinary(Utf8JsonWriter writer, ReadOnlySpan<byte> payload, BsonBinarySubtype subtype)
    {
        ArgumentNullException.ThrowIfNull(writer);
        Span<char> hex = stackalloc char[2];
        ((byte)subtype).TryFormat(hex, out _, "x2", CultureInfo.InvariantCulture);
        writer.WriteStartObject();
        writer.WriteStartObject("$binary"u8);
        writer.WriteBase64String("base64"u8, payload);
        writer.WriteString("subType"u8, hex);
        writer.WriteEndObject();
        writer.WriteEndObject();
    }
}
