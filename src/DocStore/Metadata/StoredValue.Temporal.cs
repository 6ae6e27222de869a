using DocStore.Bson;

namespace DocStore.Metadata;

public static partial class StoredValue
{
    /// <summary>Reads a DateTime (extension subtype 0x80, or a BSON UTC datetime).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateTime ReadDateTime(ref CBsonReader reader, string field)
    {
        if (reader.Type == BsonType.DateTime)
        {
            // A BSON datetime spans ±292 million years, DateTime years 1 to 9999: beyond them the stored value
            // does not fit the member, like any number out of its member's range.
            var milliseconds = reader.GetUtcDateTime();
            return milliseconds is >= MinUnixMilliseconds and <= MaxUnixMilliseconds
                ? reader.GetDateTime()
                : throw OutOfRange(field, $"the BSON datetime {milliseconds} ms since the Unix epoch", "DateTime");
        }

        return IsBinary(ref reader, BsonBinarySubtype.DateTime)
            ? reader.GetDateTime()
            : throw Mismatch(reader.Type, field, "a DateTime");
    }

    // The milliseconds since the Unix epoch that DateTime can hold (0001-01-01 to 9999-12-31T23:59:59.999).
    private const long MinUnixMilliseconds = -62_135_596_800_000L;
    private const long MaxUnixMilliseconds = 253_402_300_799_999L;

    /// <summary>Reads a DateTimeOffset (extension subtype 0x81).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateTimeOffset ReadDateTimeOffset(ref CBsonReader reader, string field) =>
        IsBinary(ref reader, BsonBinarySubtype.DateTimeOffset)
            ? reader.GetDateTimeOffset()
            : throw Mismatch(reader.Type, field, "a DateTimeOffset");

    /// <summary>Reads a TimeSpan (extension subtype 0x82).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static TimeSpan ReadTimeSpan(ref CBsonReader reader, string field) =>
        IsBinary(ref reader, BsonBinarySubtype.TimeSpan)
            ? reader.GetTimeSpan()
            : throw Mismatch(reader.Type, field, "a TimeSpan");

    /// <summary>Reads a DateOnly (extension subtype 0x83).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static DateOnly ReadDateOnly(ref CBsonReader reader, string field) =>
        IsBinary(ref reader, BsonBinarySubtype.DateOnly)
            ? reader.GetDateOnly()
            : throw Mismatch(reader.Type, field, "a DateOnly");

    /// <summary>Reads a TimeOnly (extension subtype 0x84).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static TimeOnly ReadTimeOnly(ref CBsonReader reader, string field) =>
        IsBinary(ref reader, BsonBinarySubtype.TimeOnly)
            ? reader.GetTimeOnly()
            : throw Mismatch(reader.Type, field, "a TimeOnly");

    private static bool IsBinary(ref CBsonReader reader, BsonBinarySubtype subtype)
    {
        if (reader.Type != BsonType.Binary)
        {
            return false;
        }

        reader.GetBinary(out BsonBinarySubtype actual);
        return actual == subtype;
    }
}
