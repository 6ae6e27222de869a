using System.Globalization;
using DocStore.Bson;
using DocStore.Bson.Keys;

namespace DocStore.Indexing;

/// <summary>Renders an encoded key as readable values for error messages and integrity reports.</summary>
internal static class KeyText
{
    public static string Describe(ReadOnlySpan<byte> key)
    {
        try
        {
            var reader = new KeyReader(key);
            var parts = new List<string>();
            while (!reader.IsEnd)
            {
                parts.Add(Component(ref reader));
            }

            return parts.Count == 1 ? parts[0] : "(" + string.Join(", ", parts) + ")";
        }
        catch (BsonFormatException)
        {
            return "0x" + Convert.ToHexString(key);
        }
        catch (OverflowException)
        {
            return "0x" + Convert.ToHexString(key);
        }
    }

    private static string Component(ref KeyReader reader)
    {
        var descending = reader.PeekIsDescending();
        var culture = CultureInfo.InvariantCulture;
        switch (reader.PeekType())
        {
            case KeyType.Null:
                reader.ReadNull(descending);
                return "null";
            case KeyType.String:
                return "\"" + reader.ReadString(descending) + "\"";
            case KeyType.Integer:
                var copy = reader;
                try
                {
                    return reader.ReadInt64(descending).ToString(culture);
                }
                catch (OverflowException)
                {
                    reader = copy;
                    return reader.ReadUInt64(descending).ToString(culture);
                }

            case KeyType.Double:
                return reader.ReadDouble(descending).ToString("R", culture);
            case KeyType.Decimal:
                return reader.ReadDecimal(descending).ToString(culture);
            case KeyType.Boolean:
                return reader.ReadBoolean(descending) ? "true" : "false";
            case KeyType.Guid:
                return reader.ReadGuid(descending).ToString();
            case KeyType.ObjectId:
                return reader.ReadObjectId(descending).ToString();
            case KeyType.DateTime:
                return reader.ReadDateTime(descending).ToString("O", culture);
            case KeyType.DateTimeOffset:
                return reader.ReadDateTimeOffset(descending).ToString("O", culture);
            case KeyType.DateOnly:
                return reader.ReadDateOnly(descending).ToString("O", culture);
            case KeyType.TimeOnly:
                return reader.ReadTimeOnly(descending).ToString("O", culture);
            case KeyType.TimeSpan:
                return reader.ReadTimeSpan(descending).ToString("c", culture);
            default:
                return reader.Skip().ToString();
        }
    }
}
