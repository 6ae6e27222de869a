using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.Collections.Typing;

/// <summary>
/// Whether stored values fit the member types the catalog records, meaning exactly what a generated typed
/// reader accepts (StoredValue): stricter than <see cref="TypedWrites"/>, which converts on the way in (a
/// string is no DateTime once stored, although an ISO 8601 string converts to one on write).
/// </summary>
internal static class TypeFit
{
    /// <summary>Every declared field of <paramref name="document"/> whose value a typed reader would refuse.</summary>
    /// <param name="document">The stored document, decoded.</param>
    /// <param name="types">The declared types by stored path.</param>
    /// <returns>The misfits: the path as stored (<c>Lines[1].Qty</c>), the declared type and the value.</returns>
    public static IEnumerable<(string Path, FieldType Type, BsonValue Value)> Misfits(BsonDocument document, IReadOnlyDictionary<string, FieldType> types)
    {
        var found = new List<(string, FieldType, BsonValue)>();
        Members(document, string.Empty, string.Empty, types, found);
        return found;
    }

    // prefix is the declared path prefix (Lines[].), shown the path as the document has it (Lines[1].).
    private static void Members(BsonDocument document, string prefix, string shown, IReadOnlyDictionary<string, FieldType> types, List<(string, FieldType, BsonValue)> found)
    {
        foreach (var element in document)
        {
            if (types.TryGetValue(prefix + element.Name, out var type))
            {
                Value(element.Value, type, prefix + element.Name, shown + element.Name, types, found);
            }
        }
    }

    private static void Value(BsonValue value, FieldType type, string path, string shown, IReadOnlyDictionary<string, FieldType> types, List<(string, FieldType, BsonValue)> found)
    {
        if (type.Kind == FieldTypeKind.Unknown)
        {
            return;
        }

        if (value is BsonNull)
        {
            if (!type.Nullable)
            {
                found.Add((shown, type, value));
            }

            return;
        }

        switch (type.Kind)
        {
            case FieldTypeKind.Document when value is BsonDocument nested:
                Members(nested, path + ".", shown + ".", types, found);
                return;
            case FieldTypeKind.Array when value is BsonArray array:
                for (var i = 0; i < array.Count; i++)
                {
                    if (type.Element!.Kind == FieldTypeKind.Document && array[i] is BsonDocument element)
                    {
                        Members(element, path + "[].", $"{shown}[{i}].", types, found);
                    }
                    else
                    {
                        Value(array[i], type.Element, path, $"{shown}[{i}]", types, found);
                    }
                }

                return;
            case FieldTypeKind.Map when value is BsonDocument map:
                foreach (var entry in map)
                {
                    // A map's document values have no declared paths below them: only their kind is checked.
                    Value(entry.Value, type.Element!, path + ".*", $"{shown}.{entry.Name}", types, found);
                }

                return;
            case FieldTypeKind.Document or FieldTypeKind.Array or FieldTypeKind.Map:
                found.Add((shown, type, value));
                return;
            default:
                if (!Scalar(value, type.Kind))
                {
                    found.Add((shown, type, value));
                }

                return;
        }
    }

    /// <summary>Whether a typed reader of <paramref name="kind"/> accepts the non-null <paramref name="value"/>.</summary>
    public static bool Scalar(BsonValue value, FieldTypeKind kind) => kind switch
    {
        FieldTypeKind.Bool => value is BsonBoolean,
        FieldTypeKind.Byte => Integer(value, byte.MinValue, byte.MaxValue),
        FieldTypeKind.SByte => Integer(value, sbyte.MinValue, sbyte.MaxValue),
        FieldTypeKind.Int16 => Integer(value, short.MinValue, short.MaxValue),
        FieldTypeKind.UInt16 => Integer(value, ushort.MinValue, ushort.MaxValue),
        FieldTypeKind.Char => Integer(value, char.MinValue, char.MaxValue),
        FieldTypeKind.Int32 => Integer(value, int.MinValue, int.MaxValue),
        FieldTypeKind.UInt32 => Integer(value, uint.MinValue, uint.MaxValue),
        FieldTypeKind.Int64 => Integer(value, long.MinValue, long.MaxValue),
        FieldTypeKind.UInt64 => Integer(value, ulong.MinValue, ulong.MaxValue),

        // The reader of float and double takes doubles and integers, not decimal128.
        FieldTypeKind.Single or FieldTypeKind.Double => value is BsonDouble or BsonInt32 or BsonInt64,
        FieldTypeKind.Decimal => value switch
        {
            BsonDecimal128 d => d.Value.TryToDecimal(out _),
            BsonInt32 or BsonInt64 => true,
            BsonDouble d => double.IsFinite(d.Value) && Math.Abs(d.Value) < 7.9e28,
            _ => false,
        },
        FieldTypeKind.String => value is BsonString or BsonSymbol,
        FieldTypeKind.Guid => value is BsonBinaryData { Subtype: BsonBinarySubtype.Uuid or BsonBinarySubtype.UuidLegacy } g && g.Span.Length == 16,
        FieldTypeKind.ObjectId => value is BsonObjectId,
        FieldTypeKind.DateTime => value switch
        {
            BsonDateTime d => d.MillisecondsSinceEpoch is >= -62_135_596_800_000L and <= 253_402_300_799_999L,
            _ => Extension(value, BsonBinarySubtype.DateTime) is { } b && CBsonExtensionTypes.TryReadDateTime(b.Span, out _),
        },
        FieldTypeKind.DateTimeOffset => Extension(value, BsonBinarySubtype.DateTimeOffset) is { } b && CBsonExtensionTypes.TryReadDateTimeOffset(b.Span, out _),
        FieldTypeKind.TimeSpan => Extension(value, BsonBinarySubtype.TimeSpan) is { } b && CBsonExtensionTypes.TryReadTimeSpan(b.Span, out _),
        FieldTypeKind.DateOnly => Extension(value, BsonBinarySubtype.DateOnly) is { } b && CBsonExtensionTypes.TryReadDateOnly(b.Span, out _),
        FieldTypeKind.TimeOnly => Extension(value, BsonBinarySubtype.TimeOnly) is { } b && CBsonExtensionTypes.TryReadTimeOnly(b.Span, out _),
        FieldTypeKind.Binary => value is BsonBinaryData,
        _ => true,
    };

    private static BsonBinaryData? Extension(BsonValue value, BsonBinarySubtype subtype) =>
        value is BsonBinaryData b && b.Subtype == subtype ? b : null;

    /// <summary>What the integer readers take: int32, int64, or an integral double or decimal128, in range.</summary>
    private static bool Integer(BsonValue value, decimal min, decimal max)
    {
        decimal? number = value switch
        {
            BsonInt32 i => i.Value,
            BsonInt64 l => l.Value,
            BsonDouble d when double.IsFinite(d.Value) && Math.Abs(d.Value) < 7.9e28 => (decimal)d.Value,
            BsonDecimal128 m when m.Value.TryToDecimal(out var exact) => exact,
            _ => null,
        };
        return number is { } n && n == decimal.Truncate(n) && n >= min && n <= max;
    }
}
