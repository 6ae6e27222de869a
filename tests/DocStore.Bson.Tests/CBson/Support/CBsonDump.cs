using System.Globalization;
using System.Text;

namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>
/// Reads every element of a C-BSON document through the public reader, decoding each value with the
/// getter for its type, and renders them as text. Used to compare documents by content and, in the fuzz
/// tests, to drive every getter over malformed input.
/// </summary>
internal static class CBsonDump
{
    public static string Describe(ReadOnlySpan<byte> document)
    {
        var text = new StringBuilder();
        var reader = new CBsonReader(document);
        Describe(ref reader, text);
        return text.ToString();
    }

    public static void Describe(ref CBsonReader reader, StringBuilder text)
    {
        text.Append(reader.IsArray ? '[' : '{');
        while (reader.Read())
        {
            if (!reader.IsArray)
            {
                text.Append(reader.FieldId).Append(':');
            }

            DescribeValue(ref reader, text);
            text.Append(',');
        }

        text.Append(reader.IsArray ? ']' : '}');
    }

    private static void DescribeValue(ref CBsonReader reader, StringBuilder text)
    {
        var inv = CultureInfo.InvariantCulture;
        switch (reader.Type)
        {
            case BsonType.Double: text.Append(reader.GetDouble().ToString("R", inv)); break;
            case BsonType.String: text.Append('"').Append(reader.GetString()).Append('"'); break;
            case BsonType.Document:
                var document = reader.GetDocumentReader();
                Describe(ref document, text);
                break;
            case BsonType.Array:
                var array = reader.GetArrayReader();
                Describe(ref array, text);
                break;
            case BsonType.Binary:
                var payload = reader.GetBinary(out var subtype);
                text.Append("bin").Append((byte)subtype).Append('(').Append(Convert.ToHexString(payload)).Append(')');
                text.Append(DescribeExtension(ref reader, subtype));
                break;
            case BsonType.ObjectId: text.Append(reader.GetObjectId()); break;
            case BsonType.Boolean: text.Append(reader.GetBoolean()); break;
            case BsonType.DateTime: text.Append("ms").Append(reader.GetUtcDateTime()); break;
            case BsonType.RegularExpression:
                reader.GetRegularExpression(out var pattern, out var options);
                text.Append('/').Append(pattern).Append('/').Append(options);
                break;
            case BsonType.DBPointer:
                reader.GetDBPointer(out var collection, out var id);
                text.Append("ptr(").Append(collection).Append(',').Append(id).Append(')');
                break;
            case BsonType.JavaScript: text.Append("js(").Append(reader.GetJavaScript()).Append(')'); break;
            case BsonType.Symbol: text.Append("sym(").Append(reader.GetSymbol()).Append(')'); break;
            case BsonType.JavaScriptWithScope:
                text.Append("jsws(").Append(reader.GetJavaScriptWithScope(out var scope)).Append(',');
                Describe(ref scope, text);
                text.Append(')');
                break;
            case BsonType.Int32: text.Append(reader.GetInt32()); break;
            case BsonType.Timestamp:
                reader.GetTimestamp(out var seconds, out var increment);
                text.Append("ts(").Append(seconds).Append(',').Append(increment).Append(')');
                break;
            case BsonType.Int64: text.Append(reader.GetInt64()).Append('L'); break;
            case BsonType.Decimal128:
                var d = reader.GetDecimal128();
                text.Append("d128(").Append(d.HighBits).Append(',').Append(d.LowBits).Append(')');
                break;
            default: text.Append(reader.Type); break;
        }

        text.Append('@').Append(Convert.ToHexString(reader.GetRawValue()));
    }

    // Extension payloads are interpreted only when they are well-formed for their type: any binary is valid.
    private static string DescribeExtension(ref CBsonReader reader, BsonBinarySubtype subtype)
    {
        var payload = reader.GetBinary(out _);
        var inv = CultureInfo.InvariantCulture;
        return subtype switch
        {
            BsonBinarySubtype.Uuid when payload.Length == 16 => "=" + reader.GetGuid(),
            BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(payload, out _) => "=" + reader.GetDateTime().Ticks.ToString(inv) + reader.GetDateTime().Kind,
            BsonBinarySubtype.DateTimeOffset when CBsonExtensionTypes.TryReadDateTimeOffset(payload, out _) => "=" + reader.GetDateTimeOffset().ToString("O", inv),
            BsonBinarySubtype.TimeSpan when payload.Length == 8 => "=" + reader.GetTimeSpan().Ticks.ToString(inv),
            BsonBinarySubtype.DateOnly when CBsonExtensionTypes.TryReadDateOnly(payload, out _) => "=" + reader.GetDateOnly().DayNumber.ToString(inv),
            BsonBinarySubtype.TimeOnly when CBsonExtensionTypes.TryReadTimeOnly(payload, out _) => "=" + reader.GetTimeOnly().Ticks.ToString(inv),
            _ => string.Empty,
        };
    }
}
