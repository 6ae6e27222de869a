using System.Globalization;
using System.Text.Json;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>Writes model values as Extended JSON v2; recursion is bounded by <see cref="BsonValue.MaxDepth"/>.</summary>
internal static class ExtendedJsonWriter
{
    /// <summary>Writes <paramref name="value"/>; <paramref name="depth"/> is the level it has if it is a container.</summary>
    public static void WriteValue(Utf8JsonWriter writer, BsonValue value, bool relaxed, int depth)
    {
        switch (value)
        {
            case BsonDocument document:
                WriteDocument(writer, document, relaxed, depth);
                break;
            case BsonArray array:
                CheckDepth(depth);
                writer.WriteStartArray();
                foreach (var item in array)
                {
                    WriteValue(writer, item, relaxed, depth + 1);
                }

                writer.WriteEndArray();
                break;
            case BsonString s:
                writer.WriteStringValue(s.Value);
                break;
            case BsonInt32 i when relaxed:
                writer.WriteNumberValue(i.Value);
                break;
            case BsonInt32 i:
                WrapString(writer, "$numberInt", i.Value.ToString(CultureInfo.InvariantCulture));
                break;
            case BsonInt64 l when relaxed:
                writer.WriteNumberValue(l.Value);
                break;
            case BsonInt64 l:
                WrapString(writer, "$numberLong", l.Value.ToString(CultureInfo.InvariantCulture));
                break;
            case BsonDouble d when relaxed && double.IsFinite(d.Value):
                // Written raw so that integral values keep their ".0" and parse back as doubles.
                writer.WriteRawValue(ExtendedJsonNumbers.FormatDouble(d.Value), skipInputValidation: true);
                break;
            case BsonDouble d:
                WrapString(writer, "$numberDouble", ExtendedJsonNumbers.FormatDouble(d.Value));
                break;
            case BsonDecimal128 m:
                WrapString(writer, "$numberDecimal", m.Value.ToString());
                break;
            case BsonBoolean b:
                writer.WriteBooleanValue(b.Value);
                break;
            case BsonNull:
                writer.WriteNullValue();
                break;
            case BsonObjectId id:
                WrapString(writer, "$oid", id.Value.ToString());
                break;
            case BsonDateTime date:
                WriteDate(writer, date.MillisecondsSinceEpoch, relaxed);
                break;
            case BsonBinaryData binary:
                writer.WriteStartObject();
                writer.WriteStartObject("$binary");
                writer.WriteBase64String("base64", binary.Span);
                writer.WriteString("subType", ((byte)binary.Subtype).ToString("x2", CultureInfo.InvariantCulture));
                writer.WriteEndObject();
                writer.WriteEndObject();
                break;
            case BsonRegularExpression regex:
                writer.WriteStartObject();
                writer.WriteStartObject("$regularExpression");
                writer.WriteString("pattern", regex.Pattern);
                writer.WriteString("options", regex.Options);
                writer.WriteEndObject();
                writer.WriteEndObject();
                break;
            case BsonTimestamp timestamp:
                writer.WriteStartObject();
                writer.WriteStartObject("$timestamp");
                writer.WriteNumber("t", timestamp.Seconds);
                writer.WriteNumber("i", timestamp.Increment);
                writer.WriteEndObject();
                writer.WriteEndObject();
                break;
            case BsonJavaScript code:
                WrapString(writer, "$code", code.Code);
                break;
            case BsonJavaScriptWithScope codeWithScope:
                writer.WriteStartObject();
                writer.WriteString("$code", codeWithScope.Code);
                writer.WritePropertyName("$scope");
                WriteDocument(writer, codeWithScope.Scope, relaxed, depth);
                writer.WriteEndObject();
                break;
            case BsonSymbol symbol:
                WrapString(writer, "$symbol", symbol.Name);
                break;
            case BsonDBPointer pointer:
                writer.WriteStartObject();
                writer.WriteStartObject("$dbPointer");
                writer.WriteString("$ref", pointer.Namespace);
                writer.WritePropertyName("$id");
                WrapString(writer, "$oid", pointer.Id.ToString());
                writer.WriteEndObject();
                writer.WriteEndObject();
                break;
            case BsonUndefined:
                writer.WriteStartObject();
                writer.WriteBoolean("$undefined", true);
                writer.WriteEndObject();
                break;
            case BsonMinKey:
                writer.WriteStartObject();
                writer.WriteNumber("$minKey", 1);
                writer.WriteEndObject();
                break;
            case BsonMaxKey:
                writer.WriteStartObject();
                writer.WriteNumber("$maxKey", 1);
                writer.WriteEndObject();
                break;
            default:
                throw new InvalidOperationException($"Unhandled BSON value type {value.GetType().Name}.");
        }
    }

    private static void WriteDocument(Utf8JsonWriter writer, BsonDocument document, bool relaxed, int depth)
    {
        CheckDepth(depth);
        writer.WriteStartObject();
        foreach (var element in document)
        {
            writer.WritePropertyName(element.Name);
            WriteValue(writer, element.Value, relaxed, depth + 1);
        }

        writer.WriteEndObject();
    }

    private static void WriteDate(Utf8JsonWriter writer, long milliseconds, bool relaxed)
    {
        writer.WriteStartObject();
        if (relaxed && milliseconds is >= 0 and <= Iso8601.MaxRelaxedMilliseconds)
        {
            writer.WriteString("$date", Iso8601.Format(milliseconds));
        }
        else
        {
            writer.WritePropertyName("$date");
            WrapString(writer, "$numberLong", milliseconds.ToString(CultureInfo.InvariantCulture));
        }

        writer.WriteEndObject();
    }

    private static void WrapString(Utf8JsonWriter writer, string key, string value)
    {
        writer.WriteStartObject();
        writer.WriteString(key, value);
        writer.WriteEndObject();
    }

    private static void CheckDepth(int depth)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw new ArgumentException($"The value nests documents and arrays deeper than {BsonValue.MaxDepth} levels (or contains itself).");
        }
    }
}
