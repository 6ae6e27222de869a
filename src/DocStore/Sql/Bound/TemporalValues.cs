using System.Globalization;
using DocStore.Bson;
using DocStore.Bson.Model;

namespace DocStore.Sql.Bound;

/// <summary>
/// The C-BSON temporal extension binaries (subtypes 0x80..0x84) as SQL values and back. Reading decodes
/// only the scalar, so a filter over them allocates nothing; writing produces the same payload bytes the
/// value was read from, so a returned or copied value keeps its kind, offset and ticks exactly.
/// </summary>
internal static class TemporalValues
{
    /// <summary>The value of an extension payload; false when the subtype is not temporal or the payload is malformed.</summary>
    public static bool TryRead(BsonBinarySubtype subtype, ReadOnlySpan<byte> payload, out SqlValue value)
    {
        switch (subtype)
        {
            case BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(payload, out var dateTime):
                value = SqlValue.FromDateTime(dateTime);
                return true;
            case BsonBinarySubtype.DateTimeOffset when CBsonExtensionTypes.TryReadDateTimeOffset(payload, out var offset):
                value = SqlValue.FromDateTimeOffset(offset);
                return true;
            case BsonBinarySubtype.DateOnly when CBsonExtensionTypes.TryReadDateOnly(payload, out var date):
                value = SqlValue.FromDateOnly(date);
                return true;
            case BsonBinarySubtype.TimeOnly when CBsonExtensionTypes.TryReadTimeOnly(payload, out var time):
                value = SqlValue.FromTimeOnly(time);
                return true;
            case BsonBinarySubtype.TimeSpan when CBsonExtensionTypes.TryReadTimeSpan(payload, out var span):
                value = SqlValue.FromTimeSpan(span);
                return true;
            default:
                value = default;
                return false;
        }
    }

    /// <summary>The stored form of a temporal value: a BSON date for a DateTime read from one, else its extension binary.</summary>
    public static BsonValue ToBson(in SqlValue value)
    {
        switch (value.Kind)
        {
            case SqlKind.DateTime when value.Subtype == 0:
                return new BsonDateTime((value.Integer - DateTime.UnixEpoch.Ticks) / TimeSpan.TicksPerMillisecond);
            case SqlKind.DateTime:
                return Extension(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize, value, static (span, v) =>
                    CBsonExtensionTypes.WriteDateTime(span, v.AsDateTime()));
            case SqlKind.DateTimeOffset:
                return Extension(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize, value, static (span, v) =>
                    CBsonExtensionTypes.WriteDateTimeOffset(span, v.AsDateTimeOffset()));
            case SqlKind.DateOnly:
                return Extension(BsonBinarySubtype.DateOnly, CBsonExtensionTypes.DateOnlySize, value, static (span, v) =>
                    CBsonExtensionTypes.WriteDateOnly(span, DateOnly.FromDayNumber((int)v.Integer)));
            case SqlKind.TimeOnly:
                return Extension(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize, value, static (span, v) =>
                    CBsonExtensionTypes.WriteTimeOnly(span, new TimeOnly(v.Integer)));
            default:
                return Extension(BsonBinarySubtype.TimeSpan, CBsonExtensionTypes.TimeSpanSize, value, static (span, v) =>
                    CBsonExtensionTypes.WriteTimeSpan(span, new TimeSpan(v.Integer)));
        }
    }

    /// <summary>ISO 8601 text for <c>||</c>, LIKE and LENGTH: the round-trip forms of each .NET type.</summary>
    public static string ToText(in SqlValue value) => value.Kind switch
    {
        SqlKind.DateTime => value.AsDateTime().ToString("O", CultureInfo.InvariantCulture),
        SqlKind.DateTimeOffset => value.AsDateTimeOffset().ToString("O", CultureInfo.InvariantCulture),
        SqlKind.DateOnly => DateOnly.FromDayNumber((int)value.Integer).ToString("O", CultureInfo.InvariantCulture),
        SqlKind.TimeOnly => new TimeOnly(value.Integer).ToString("O", CultureInfo.InvariantCulture),
        _ => new TimeSpan(value.Integer).ToString("c", CultureInfo.InvariantCulture),
    };

    private static BsonBinaryData Extension(BsonBinarySubtype subtype, int size, in SqlValue value, SpanWriter write)
    {
        var payload = new byte[size];
        write(payload, value);
        return new BsonBinaryData(payload, subtype);
    }

    private delegate void SpanWriter(Span<byte> destination, SqlValue value);
}
