using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.Collections.Typing;

/// <summary>
/// Converts the values a write stores to the member types the catalog records for the collection
/// (docs/catalog.md, "Member types"): an integer into a <c>double</c> member becomes a double, an ISO 8601
/// string or a BSON datetime into a <c>DateTime</c> member becomes the stored DateTime, and so on. A value
/// that cannot convert, or null into a member that cannot hold it, is refused through the error factory the
/// caller gives (SQL and untyped collections throw different exception types); paths the catalog does not
/// declare keep the value as written. An instance holds no per-call state, so the one a collection's shared
/// state keeps serves every writer and thread.
/// </summary>
internal sealed class TypedWrites(string collection, IReadOnlyDictionary<string, FieldType> types, Func<TypeRefusal, Exception> refuse)
{
    /// <summary>The declared types by stored path.</summary>
    public IReadOnlyDictionary<string, FieldType> Types => types;

    /// <summary>Converts every declared field of a whole new document in place; <paramref name="key"/> (the document's key as text) is only for the error.</summary>
    public void ConvertDocument(BsonDocument document, string? key = null) => ConvertMembers(document, string.Empty, key);

    /// <summary>The value to store at <paramref name="path"/> (stored names) of the document keyed <paramref name="key"/>; a document or array is converted in a copy, since it may be the caller's parameter.</summary>
    public BsonValue Convert(string[] path, BsonValue value, string? key = null)
    {
        var joined = string.Join('.', path);
        return types.TryGetValue(joined, out var type) ? Convert(value is BsonDocument or BsonArray ? value.DeepClone() : value, type, joined, key) : value;
    }

    private void ConvertMembers(BsonDocument document, string prefix, string? key)
    {
        foreach (var element in document.ToList())
        {
            var path = prefix + element.Name;
            if (types.TryGetValue(path, out var type))
            {
                var converted = Convert(element.Value, type, path, key);
                if (!ReferenceEquals(converted, element.Value))
                {
                    document.Set(element.Name, converted);
                }
            }
        }
    }

    private BsonValue Convert(BsonValue value, FieldType type, string path, string? key)
    {
        if (value is BsonNull)
        {
            return type.Nullable || type.Kind == FieldTypeKind.Unknown ? value : throw Refused(value, type, path, key, "the member cannot hold null");
        }

        switch (type.Kind)
        {
            case FieldTypeKind.Unknown:
                return value;
            case FieldTypeKind.Document:
                if (value is not BsonDocument nested)
                {
                    throw Refused(value, type, path, key);
                }

                ConvertMembers(nested, path + ".", key);
                return nested;
            case FieldTypeKind.Array:
                if (value is not BsonArray array)
                {
                    throw Refused(value, type, path, key);
                }

                for (var i = 0; i < array.Count; i++)
                {
                    array[i] = ConvertElement(array[i], type.Element!, path, $"{path}[{i}]", path + "[].", key);
                }

                return array;
            case FieldTypeKind.Map:
                if (value is not BsonDocument map)
                {
                    throw Refused(value, type, path, key);
                }

                foreach (var entry in map.ToList())
                {
                    map.Set(entry.Name, ConvertElement(entry.Value, type.Element!, path, $"{path}.{entry.Name}", null, key));
                }

                return map;
            default:
                return ConvertScalar(value, type) ?? throw Refused(value, type, path, key);
        }
    }

    /// <summary>An array or map element: scalars convert to the element type; element documents by the paths declared below <paramref name="below"/>.</summary>
    private BsonValue ConvertElement(BsonValue value, FieldType type, string path, string shown, string? below, string? key)
    {
        if (type.Kind == FieldTypeKind.Document && below is not null && value is BsonDocument document)
        {
            ConvertMembers(document, below, key);
            return document;
        }

        if (value is BsonNull && !type.Nullable && type.Kind != FieldTypeKind.Unknown)
        {
            throw Refused(value, type, shown, key, "an element cannot be null");
        }

        return value is BsonNull || type.Kind is FieldTypeKind.Unknown ? value : type.Kind switch
        {
            FieldTypeKind.Array or FieldTypeKind.Map or FieldTypeKind.Document => Convert(value, type, path, key),
            _ => ConvertScalar(value, type) ?? throw Refused(value, type, shown, key),
        };
    }

    /// <summary>The stored form of a scalar of <paramref name="type"/>, or null when <paramref name="value"/> does not convert.</summary>
    private static BsonValue? ConvertScalar(BsonValue value, FieldType type) => type.Kind switch
    {
        FieldTypeKind.Bool => value as BsonBoolean,
        FieldTypeKind.Byte => Integer(value, byte.MinValue, byte.MaxValue),
        FieldTypeKind.SByte => Integer(value, sbyte.MinValue, sbyte.MaxValue),
        FieldTypeKind.Int16 => Integer(value, short.MinValue, short.MaxValue),
        FieldTypeKind.UInt16 => Integer(value, ushort.MinValue, ushort.MaxValue),
        FieldTypeKind.Char => Integer(value, char.MinValue, char.MaxValue),
        FieldTypeKind.Int32 => Integer(value, int.MinValue, int.MaxValue),
        FieldTypeKind.UInt32 => Integral(value, uint.MinValue, uint.MaxValue) is { } n ? new BsonInt64((long)n) : null,
        FieldTypeKind.Int64 => Integral(value, long.MinValue, long.MaxValue) is { } l ? new BsonInt64((long)l) : null,
        FieldTypeKind.UInt64 => Integral(value, ulong.MinValue, ulong.MaxValue) is { } u ? (BsonValue)u : null,
        FieldTypeKind.Single or FieldTypeKind.Double => value switch
        {
            BsonDouble => value,
            BsonInt32 i => new BsonDouble(i.Value),
            BsonInt64 l => new BsonDouble(l.Value),
            BsonDecimal128 d when d.Value.TryToDecimal(out var m) => new BsonDouble((double)m),
            _ => null,
        },
        FieldTypeKind.Decimal => Number(value) is { } m ? (BsonValue)m : null,
        FieldTypeKind.String => value as BsonString,
        FieldTypeKind.Guid => value switch
        {
            BsonBinaryData { Subtype: BsonBinarySubtype.Uuid } g when g.Span.Length == 16 => value,
            BsonString s when MemberText.TryGuid(s.Value, out var guid) => BsonBinaryData.FromGuid(guid),
            _ => null,
        },
        FieldTypeKind.ObjectId => value switch
        {
            BsonObjectId => value,
            BsonString s when s.Value.Length == 24 && s.Value.All(char.IsAsciiHexDigit) => new BsonObjectId(ObjectId.Parse(s.Value)),
            _ => null,
        },
        FieldTypeKind.DateTime => value switch
        {
            // A BSON datetime ($date) is a UTC instant: stored as the typed writer stores a UTC DateTime.
            BsonDateTime d when UtcDateTime(d) is { } utc =>
                Temporal(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize, span => CBsonExtensionTypes.WriteDateTime(span, utc)),
            BsonBinaryData b when b.Subtype == BsonBinarySubtype.DateTime => value,
            BsonString s when MemberText.TryDateTime(s.Value, out var t) =>
                Temporal(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize, span => CBsonExtensionTypes.WriteDateTime(span, t)),
            _ => null,
        },
        FieldTypeKind.DateTimeOffset => value switch
        {
            BsonBinaryData b when b.Subtype == BsonBinarySubtype.DateTimeOffset => value,
            BsonDateTime d when UtcDateTime(d) is { } utc =>
                Temporal(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize, span => CBsonExtensionTypes.WriteDateTimeOffset(span, new DateTimeOffset(utc))),
            BsonString s when MemberText.TryDateTimeOffset(s.Value, out var t) =>
                Temporal(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize, span => CBsonExtensionTypes.WriteDateTimeOffset(span, t)),
            _ => null,
        },
        FieldTypeKind.DateOnly => value switch
        {
            BsonBinaryData b when b.Subtype == BsonBinarySubtype.DateOnly => value,
            BsonString s when MemberText.TryDateOnly(s.Value, out var t) =>
                Temporal(BsonBinarySubtype.DateOnly, CBsonExtensionTypes.DateOnlySize, span => CBsonExtensionTypes.WriteDateOnly(span, t)),
            _ => null,
        },
        FieldTypeKind.TimeOnly => value switch
        {
            BsonBinaryData b when b.Subtype == BsonBinarySubtype.TimeOnly => value,
            BsonString s when MemberText.TryTimeOnly(s.Value, out var t) =>
                Temporal(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize, span => CBsonExtensionTypes.WriteTimeOnly(span, t)),
            _ => null,
        },
        FieldTypeKind.TimeSpan => value switch
        {
            BsonBinaryData b when b.Subtype == BsonBinarySubtype.TimeSpan => value,
            BsonString s when MemberText.TryTimeSpan(s.Value, out var t) =>
                Temporal(BsonBinarySubtype.TimeSpan, CBsonExtensionTypes.TimeSpanSize, span => CBsonExtensionTypes.WriteTimeSpan(span, t)),
            _ => null,
        },
        FieldTypeKind.Binary => value is BsonBinaryData { Subtype: BsonBinarySubtype.Generic } ? value : null,
        _ => null,
    };

    /// <summary>An integral number in [<paramref name="min"/>, <paramref name="max"/>] as int32 (what the serializer writes for these kinds), or null.</summary>
    private static BsonInt32? Integer(BsonValue value, int min, int max) =>
        Integral(value, min, max) is { } number ? BsonInt32.Create((int)number) : null;

    /// <summary>The value when it is an integral number in [<paramref name="min"/>, <paramref name="max"/>] (a double such as 3.0 counts), else null.</summary>
    private static decimal? Integral(BsonValue value, decimal min, decimal max) =>
        Number(value) is { } number && number == decimal.Truncate(number) && number >= min && number <= max ? number : null;

    /// <summary>A number value as a decimal (doubles only when finite and within decimal's range), or null.</summary>
    private static decimal? Number(BsonValue value) => value switch
    {
        BsonInt32 i => i.Value,
        BsonInt64 l => l.Value,
        BsonDouble d when double.IsFinite(d.Value) && Math.Abs(d.Value) < 7.9e28 => (decimal)d.Value,
        BsonDecimal128 m when m.Value.TryToDecimal(out var exact) => exact,
        _ => null,
    };

    /// <summary>A BSON datetime as a UTC DateTime, or null beyond the years DateTime holds (1 to 9999).</summary>
    private static DateTime? UtcDateTime(BsonDateTime value) =>
        value.MillisecondsSinceEpoch is >= -62_135_596_800_000L and <= 253_402_300_799_999L
            ? DateTime.UnixEpoch.AddMilliseconds(value.MillisecondsSinceEpoch)
            : null;

    private static BsonBinaryData Temporal(BsonBinarySubtype subtype, int size, SpanAction write)
    {
        var bytes = new byte[size];
        write(bytes);
        return new BsonBinaryData(bytes, subtype);
    }

    private delegate void SpanAction(Span<byte> destination);

    private Exception Refused(BsonValue value, FieldType type, string path, string? key, string? why = null) =>
        refuse(new TypeRefusal(collection, key, path, type, value, why));

    /// <summary>The value's type in words (<c>a string</c>, <c>an int32</c>), for messages.</summary>
    internal static string Describe(BsonValue value) => value switch
    {
        BsonBinaryData b => b.Subtype switch
        {
            BsonBinarySubtype.Uuid => "a guid",
            BsonBinarySubtype.DateTime => "a datetime",
            _ => "a binary",
        },
        BsonArray => "an array",
        BsonInt32 => "an int32",
        BsonInt64 => "an int64",
        BsonObjectId => "an objectid",
        _ => "a " + value.BsonType.ToString().ToLowerInvariant(),
    };

    /// <summary>The value as text, cut at 40 characters, for messages.</summary>
    internal static string Excerpt(BsonValue value)
    {
        var text = value switch
        {
            BsonString s => "'" + s.Value + "'",
            BsonDocument or BsonArray => string.Empty,
            _ => value.ToString() ?? string.Empty,
        };
        return text.Length > 40 ? text[..40] + "..." : text;
    }
}
