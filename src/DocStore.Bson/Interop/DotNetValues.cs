using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// The one place that decides how the .NET values C-BSON stores outside BSON's own types read outside typed
/// code: the extension binaries of <see cref="DateTime"/>, <see cref="DateTimeOffset"/>, <see cref="TimeSpan"/>,
/// <see cref="DateOnly"/> and <see cref="TimeOnly"/> (subtypes 0x80..0x84), <see cref="Guid"/> (UUID, subtype 4)
/// and <see cref="decimal"/> (Decimal128). Tools show them as ISO 8601 or canonical invariant text
/// (<see cref="TryFormat"/>, <see cref="ToText"/>) and export them in forms MongoDB reads
/// (<see cref="ToMongo"/>). A binary whose payload is not a valid value of its subtype is left as binary.
/// </summary>
public static class DotNetValues
{
    /// <summary>
    /// The text of a .NET value: DateTime in round-trip form "o" (a UTC value ends in Z, an unspecified one has
    /// no suffix, a local one its offset), DateTimeOffset "o" with its offset, DateOnly yyyy-MM-dd, TimeOnly
    /// HH:mm:ss with a fraction only when it has one, TimeSpan "c", Guid "D", Decimal128 with its scale (1.50
    /// stays 1.50).
    /// </summary>
    /// <param name="value">Any value.</param>
    /// <param name="text">The text, or null when <paramref name="value"/> is none of these.</param>
    /// <returns>Whether the value is one of these .NET values.</returns>
    public static bool TryFormat(BsonValue value, [NotNullWhen(true)] out string? text)
    {
        ArgumentNullException.ThrowIfNull(value);
        text = value switch
        {
            BsonDecimal128 m => m.Value.ToString(),
            BsonBinaryData b => FormatBinary(b),
            _ => null,
        };
        return text is not null;
    }

    /// <summary>
    /// <paramref name="value"/> with every .NET value in it, at any depth in documents and arrays, replaced by
    /// its text (<see cref="TryFormat"/>); other values are kept. The value itself is not changed.
    /// </summary>
    /// <param name="value">A value, usually a document.</param>
    /// <returns>A copy where anything changed; <paramref name="value"/> itself when nothing did.</returns>
    /// <exception cref="ArgumentException">The value nests deeper than <see cref="BsonValue.MaxDepth"/> levels.</exception>
    public static BsonValue ToText(BsonValue value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return Map(value, static v => TryFormat(v, out var text) ? new BsonString(text) : null, 1);
    }

    /// <summary>
    /// <paramref name="value"/> as MongoDB can read it, at any depth: a DateTime of kind UTC that is a whole
    /// number of milliseconds becomes a BSON date (0x09); any other DateTime, and every DateTimeOffset,
    /// DateOnly, TimeOnly and TimeSpan, becomes its ISO 8601 text (<see cref="TryFormat"/>), which a typed
    /// collection converts back to the member's type. Guids (UUID) and decimals (Decimal128) are BSON's own
    /// types and are kept. The value itself is not changed.
    /// </summary>
    /// <param name="value">A value, usually a document.</param>
    /// <returns>A copy where anything changed; <paramref name="value"/> itself when nothing did.</returns>
    /// <exception cref="ArgumentException">The value nests deeper than <see cref="BsonValue.MaxDepth"/> levels.</exception>
    public static BsonValue ToMongo(BsonValue value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return Map(value, Mongo, 1);
    }

    private static BsonValue? Mongo(BsonValue value)
    {
        if (value is not BsonBinaryData { Subtype: >= BsonBinarySubtype.DateTime and <= BsonBinarySubtype.TimeOnly } binary)
        {
            return null;
        }

        if (binary.Subtype == BsonBinarySubtype.DateTime
            && CBsonExtensionTypes.TryReadDateTime(binary.Span, out var date)
            && date.Kind == DateTimeKind.Utc
            && date.Ticks % TimeSpan.TicksPerMillisecond == 0)
        {
            return new BsonDateTime((date.Ticks - DateTime.UnixEpoch.Ticks) / TimeSpan.TicksPerMillisecond);
        }

        return FormatBinary(binary) is { } text ? new BsonString(text) : null;
    }

    private static string? FormatBinary(BsonBinaryData value)
    {
        var span = value.Span;
        return value.Subtype switch
        {
            BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(span, out var v) => v.ToString("o", CultureInfo.InvariantCulture),
            BsonBinarySubtype.DateTimeOffset when CBsonExtensionTypes.TryReadDateTimeOffset(span, out var v) => v.ToString("o", CultureInfo.InvariantCulture),
            BsonBinarySubtype.TimeSpan when CBsonExtensionTypes.TryReadTimeSpan(span, out var v) => v.ToString("c", CultureInfo.InvariantCulture),
            BsonBinarySubtype.DateOnly when CBsonExtensionTypes.TryReadDateOnly(span, out var v) => v.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            BsonBinarySubtype.TimeOnly when CBsonExtensionTypes.TryReadTimeOnly(span, out var v) => v.ToString("HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture),
            BsonBinarySubtype.Uuid when span.Length == 16 => value.ToGuid().ToString("D"),
            _ => null,
        };
    }

    // Rebuilds only the containers on the way to a replaced value, so a document with none is returned as is.
    private static BsonValue Map(BsonValue value, Func<BsonValue, BsonValue?> replace, int depth)
    {
        switch (value)
        {
            case BsonDocument document:
                CheckDepth(depth);
                BsonDocument? copy = null;
                var index = 0;
                foreach (var element in document)
                {
                    var mapped = Map(element.Value, replace, depth + 1);
                    if (copy is null && !ReferenceEquals(mapped, element.Value))
                    {
                        copy = new BsonDocument();
                        foreach (var earlier in document.Take(index))
                        {
                            copy.Add(earlier.Name, earlier.Value);
                        }
                    }

                    copy?.Add(element.Name, mapped);
                    index++;
                }

                return copy ?? document;
            case BsonArray array:
                CheckDepth(depth);
                BsonArray? items = null;
                for (var i = 0; i < array.Count; i++)
                {
                    var mapped = Map(array[i], replace, depth + 1);
                    if (items is null && !ReferenceEquals(mapped, array[i]))
                    {
                        items = new BsonArray(array.Take(i));
                    }

                    items?.Add(mapped);
                }

                return items ?? array;
            default:
                return replace(value) ?? value;
        }
    }

    private static void CheckDepth(int depth)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw new ArgumentException($"The value nests documents and arrays deeper than {BsonValue.MaxDepth} levels (or contains itself).");
        }
    }
}
