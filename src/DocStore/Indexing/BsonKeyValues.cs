using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.Indexing;

/// <summary>
/// Index and primary key components from document-model values, encoded exactly as the generated code
/// encodes the .NET value the typed model reads from the same stored field: integers as integers (int32
/// and int64 alike), doubles as doubles, decimal128 as decimal, binary subtype 4 as a Guid, the C-BSON
/// temporal extensions (0x80-0x84) as their .NET types, other binary as bytes, missing and null as null.
/// </summary>
internal static class BsonKeyValues
{
    /// <summary>Appends <paramref name="value"/> as one key component; false (nothing appended) for a type keys cannot hold.</summary>
    public static bool TryAppend(IndexKeyBuilder builder, BsonValue? value)
    {
        switch (value)
        {
            case null or BsonNull or BsonUndefined:
                builder.AppendNull();
                return true;
            case BsonBoolean b:
                builder.Append(b.Value);
                return true;
            case BsonInt32 i:
                builder.Append((long)i.Value);
                return true;
            case BsonInt64 l:
                builder.Append(l.Value);
                return true;
            case BsonDouble d:
                builder.Append(d.Value);
                return true;
            case BsonDecimal128 m when m.Value.TryToDecimal(out var number):
                builder.Append(number);
                return true;
            case BsonString s:
                builder.Append(s.Value);
                return true;
            case BsonObjectId o:
                builder.Append(o.Value);
                return true;
            case BsonDateTime t when InDateTimeRange(t):
                builder.Append(t.ToDateTime());
                return true;
            case BsonBinaryData binary:
                return TryAppendBinary(builder, binary);
            default:
                return false;
        }
    }

    /// <summary>A short description of a value's type for error messages (and of a date that keys cannot hold, its value).</summary>
    public static string Describe(BsonValue? value) => value switch
    {
        null => "missing",
        BsonDateTime t when !InDateTimeRange(t) => $"DateTime ({t.MillisecondsSinceEpoch} ms from the Unix epoch, outside the years 1 to 9999 that keys hold)",
        _ => value.BsonType.ToString(),
    };

    // Keys hold dates as DateTime ticks, as typed models read them; a BSON date is any int64 of milliseconds.
    private static bool InDateTimeRange(BsonDateTime value) =>
        value.MillisecondsSinceEpoch is >= MinDateTimeMilliseconds and <= MaxDateTimeMilliseconds;

    private const long MinDateTimeMilliseconds = -62135596800000L; // 0001-01-01T00:00:00Z
    private const long MaxDateTimeMilliseconds = 253402300799999L; // 9999-12-31T23:59:59.999Z

    private static bool TryAppendBinary(IndexKeyBuilder builder, BsonBinaryData binary)
    {
        var payload = binary.Span;
        switch (binary.Subtype)
        {
            case BsonBinarySubtype.Uuid when payload.Length == 16:
                builder.Append(binary.ToGuid());
                return true;
            case BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(payload, out var dateTime):
                builder.Append(dateTime);
                return true;
            case BsonBinarySubtype.DateTimeOffset when CBsonExtensionTypes.TryReadDateTimeOffset(payload, out var offset):
                builder.Append(offset);
                return true;
            case BsonBinarySubtype.TimeSpan when CBsonExtensionTypes.TryReadTimeSpan(payload, out var span):
                builder.Append(span);
                return true;
            case BsonBinarySubtype.DateOnly when CBsonExtensionTypes.TryReadDateOnly(payload, out var date):
                builder.Append(date);
                return true;
            case BsonBinarySubtype.TimeOnly when CBsonExtensionTypes.TryReadTimeOnly(payload, out var time):
                builder.Append(time);
                return true;
            default:
                builder.Append(payload.ToArray());
                return true;
        }
    }
}
