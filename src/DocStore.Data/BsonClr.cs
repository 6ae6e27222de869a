using System.Collections;
using System.Globalization;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Data;

/// <summary>Converts between CLR values (parameters, typed getters) and <see cref="BsonValue"/>s (docs/ado-net.md, "Type mapping").</summary>
internal static class BsonClr
{
    /// <summary>The CLR value ADO.NET hands out for <paramref name="value"/>: <see cref="DBNull"/> for NULL.</summary>
    public static object ToClr(BsonValue value) => value switch
    {
        BsonNull or BsonUndefined => DBNull.Value,
        BsonInt32 v => (long)v.Value,
        BsonInt64 v => v.Value,
        BsonDouble v => v.Value,
        BsonDecimal128 v => v.Value.TryToDecimal(out var d) ? d : v.Value.ToString(),
        BsonString v => v.Value,
        BsonBoolean v => v.Value,
        BsonDateTime v => v.ToDateTime(),
        BsonObjectId v => v.Value,
        BsonBinaryData v => FromBinary(v),
        _ => value,
    };

    /// <summary>The BSON value of a parameter's CLR value.</summary>
    /// <exception cref="ArgumentException">The type has no BSON form.</exception>
    /// <exception cref="InvalidCastException">A string has an unpaired surrogate, so it has no UTF-8 form.</exception>
    /// <exception cref="CBsonLimitException">Lists or documents nest deeper than <see cref="BsonValue.MaxDepth"/> (or contain themselves).</exception>
    public static BsonValue ToBson(object? value, string name) => ToBson(value, name, 1);

    // Depth counts as the document model does, so a parameter nests no deeper than a stored document may;
    // checking before each level keeps a self-containing or absurdly deep list from exhausting the stack.
    private static BsonValue ToBson(object? value, string name, int depth) => value switch
    {
        null or DBNull => BsonNull.Value,
        BsonValue v => ParameterDepth.Check(v, name, depth),
        string v => Text(v, name),
        int v => v,
        long v => v,
        short v => (int)v,
        byte v => (int)v,
        sbyte v => (int)v,
        ushort v => (int)v,
        uint v => (long)v,
        ulong v => v <= long.MaxValue ? (long)v : (BsonValue)(decimal)v,
        double v => v,
        float v => (double)v,
        decimal v => v,
        bool v => v,
        char v => Text(v.ToString(), name),
        DateTime v => Extension(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize, v, static (s, x) => CBsonExtensionTypes.WriteDateTime(s, x)),
        DateTimeOffset v => Extension(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize, v, static (s, x) => CBsonExtensionTypes.WriteDateTimeOffset(s, x)),
        TimeSpan v => Extension(BsonBinarySubtype.TimeSpan, CBsonExtensionTypes.TimeSpanSize, v, static (s, x) => CBsonExtensionTypes.WriteTimeSpan(s, x)),
        DateOnly v => Extension(BsonBinarySubtype.DateOnly, CBsonExtensionTypes.DateOnlySize, v, static (s, x) => CBsonExtensionTypes.WriteDateOnly(s, x)),
        TimeOnly v => Extension(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize, v, static (s, x) => CBsonExtensionTypes.WriteTimeOnly(s, x)),
        Guid v => v,
        byte[] v => v,
        ObjectId v => v,
        Decimal128 v => v,
        Enum v => EnumValue(v),
        IEnumerable v => ToArray(v, name, depth),
        _ => throw new ArgumentException($"Parameter '{name}' has a value of type {value.GetType().Name}, which has no BSON form; pass a string, number, bool, date, Guid, byte[], ObjectId, BsonValue or a list of these.", name),
    };

    /// <summary>
    /// Extended JSON (relaxed) for documents and arrays, with the .NET values in them as text; the text
    /// <see cref="DotNetValues"/> gives dates, times, Guids and decimals; the invariant text of anything else.
    /// </summary>
    public static string ToText(BsonValue value) => value switch
    {
        BsonDocument or BsonArray => ExtendedJson.ToJson(DotNetValues.ToText(value), ExtendedJsonMode.Relaxed),
        _ when DotNetValues.TryFormat(value, out var text) => text,
        BsonDateTime d when d.MillisecondsSinceEpoch is >= -62135596800000 and <= 253402300799999 => d.ToDateTime().ToString("O", CultureInfo.InvariantCulture),
        _ => ToClr(value) switch
        {
            string s => s,
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            byte[] b => Convert.ToBase64String(b),
            var other => other.ToString() ?? string.Empty,
        },
    };

    private static object FromBinary(BsonBinaryData value)
    {
        var span = value.Span;
        return value.Subtype switch
        {
            BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(span, out var v) => v,
            BsonBinarySubtype.DateTimeOffset when CBsonExtensionTypes.TryReadDateTimeOffset(span, out var v) => v,
            BsonBinarySubtype.TimeSpan when CBsonExtensionTypes.TryReadTimeSpan(span, out var v) => v,
            BsonBinarySubtype.DateOnly when CBsonExtensionTypes.TryReadDateOnly(span, out var v) => v,
            BsonBinarySubtype.TimeOnly when CBsonExtensionTypes.TryReadTimeOnly(span, out var v) => v,
            BsonBinarySubtype.Uuid when span.Length == 16 => value.ToGuid(),
            _ => span.ToArray(),
        };
    }

    private static BsonBinaryData Extension<T>(BsonBinarySubtype subtype, int size, T value, SpanWriter<T> write)
    {
        var payload = new byte[size];
        write(payload, value);
        return new BsonBinaryData(payload, subtype);
    }

    private delegate void SpanWriter<in T>(Span<byte> destination, T value);

    // Enums bind as their underlying number, as typed collections store them; a ulong one binds as a ulong does.
    private static BsonValue EnumValue(Enum value) => Convert.GetTypeCode(value) switch
    {
        TypeCode.UInt64 => ToBson(Convert.ToUInt64(value, CultureInfo.InvariantCulture), string.Empty),
        TypeCode.Int64 or TypeCode.UInt32 => Convert.ToInt64(value, CultureInfo.InvariantCulture),
        _ => Convert.ToInt32(value, CultureInfo.InvariantCulture),
    };

    private static BsonString Text(string value, string name)
    {
        try
        {
            return new BsonString(value);
        }
        catch (ArgumentException e)
        {
            throw new InvalidCastException($"Parameter '{name}' cannot be converted to a BSON string: {e.Message}", e);
        }
    }

    private static BsonArray ToArray(IEnumerable values, string name, int depth)
    {
        ParameterDepth.Check(name, depth);
        var array = new BsonArray();
        foreach (var item in values)
        {
            array.Add(ToBson(item, name, depth + 1));
        }

        return array;
    }
}
