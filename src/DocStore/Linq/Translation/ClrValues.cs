using DocStore.Bson.Model;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>
/// Converts a CLR value from a query into the value the generated serializer stores for a member of its
/// type: an enum as its underlying number, a DateTime with its kind, a DateTimeOffset as its instant and
/// offset, a Guid or ObjectId as its bytes, the small integers as 32-bit numbers.
/// </summary>
internal static class ClrValues
{
    /// <summary>True when values of <paramref name="type"/> (or its nullable) convert.</summary>
    public static bool Supports(Type type)
    {
        var t = Nullable.GetUnderlyingType(type) ?? type;
        return t.IsEnum || t == typeof(string) || t == typeof(bool) || t == typeof(int) || t == typeof(long) || t == typeof(short) || t == typeof(byte)
            || t == typeof(sbyte) || t == typeof(ushort) || t == typeof(uint) || t == typeof(ulong) || t == typeof(double) || t == typeof(float)
            || t == typeof(decimal) || t == typeof(char) || t == typeof(Guid) || t == typeof(ObjectId) || t == typeof(DateTime) || t == typeof(DateTimeOffset)
            || t == typeof(DateOnly) || t == typeof(TimeOnly) || t == typeof(TimeSpan) || t == typeof(byte[]) || t == typeof(object);
    }

    public static SqlValue ToSql(object? value) => value switch
    {
        null => SqlValue.Null,
        string s => SqlValue.FromString(s),
        bool b => SqlValue.FromBoolean(b),
        int i => SqlValue.FromInt32(i),
        long l => SqlValue.FromInt64(l),
        short s => SqlValue.FromInt32(s),
        byte b => SqlValue.FromInt32(b),
        sbyte b => SqlValue.FromInt32(b),
        ushort s => SqlValue.FromInt32(s),
        uint u => SqlValue.FromInt64(u),
        ulong u => u <= long.MaxValue ? SqlValue.FromInt64((long)u) : SqlValue.FromDecimal(u),
        double d => SqlValue.FromDouble(d),
        float f => SqlValue.FromDouble(f),
        decimal m => SqlValue.FromDecimal(m),
        char c => SqlValue.FromString(c.ToString()),
        Enum e => SqlValue.FromInt64(Convert.ToInt64(e, System.Globalization.CultureInfo.InvariantCulture)),
        Guid g => BsonValues.FromBson(g),
        ObjectId o => BsonValues.FromBson(o),
        DateTime t => SqlValue.FromDateTime(t),
        DateTimeOffset t => SqlValue.FromDateTimeOffset(t),
        DateOnly d => SqlValue.FromDateOnly(d),
        TimeOnly t => SqlValue.FromTimeOnly(t),
        TimeSpan t => SqlValue.FromTimeSpan(t),
        byte[] bytes => BsonValues.FromBson(bytes),
        _ => throw new InvalidOperationException($"A value of type {value.GetType().Name} cannot be used in a query."),
    };

    /// <summary>The value as EXPLAIN shows it.</summary>
    public static string Show(object? value) => value switch
    {
        null => "NULL",
        string s => $"'{s.Replace("'", "''", StringComparison.Ordinal)}'",
        bool b => b ? "TRUE" : "FALSE",
        IFormattable f => f.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };
}
