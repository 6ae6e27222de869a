using System.Runtime.InteropServices;
using System.Text;

namespace DocStore.Sql.Bound;

/// <summary>
/// The kinds of values, in their cross-kind sort order (docs/sql.md, "Comparison"): NULL, numbers, text,
/// blobs as SQLite orders them, then the kinds SQLite lacks. The temporal kinds follow the order of their
/// index key tags, so an index walk and a sort agree.
/// </summary>
internal enum SqlKind : byte
{
    Null,
    Integer,
    Double,
    Decimal,
    Text,
    Binary,
    Guid,
    ObjectId,
    Boolean,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Document,
    Array,
    Other,
}

/// <summary>
/// One value during execution. Text, blobs, documents and arrays point into the stored C-BSON bytes (or
/// a literal's bytes) instead of being copied, so filtering a row allocates nothing; a value becomes a
/// <see cref="Bson.Model.BsonValue"/> only when it is returned.
/// </summary>
[StructLayout(LayoutKind.Auto)]
internal readonly struct SqlValue
{
    private SqlValue(SqlKind kind, long integer, double real, decimal number, ReadOnlyMemory<byte> bytes, object? boxed, byte subtype)
    {
        Kind = kind;
        Integer = integer;
        Real = real;
        Number = number;
        Bytes = bytes;
        Boxed = boxed;
        Subtype = subtype;
    }

    public static SqlValue Null => default;

    public SqlKind Kind { get; }

    /// <summary>
    /// An integer's value; a boolean's 0 or 1; a DateTime's ticks; a DateTimeOffset's UTC ticks; a DateOnly's
    /// day number; a TimeOnly's or TimeSpan's ticks. Temporal values compare by this alone.
    /// </summary>
    public long Integer { get; }

    /// <summary>A double's value; a DateTimeOffset's offset in minutes (kept so the value returns exactly as stored).</summary>
    public double Real { get; }

    public decimal Number { get; }

    /// <summary>Text as UTF-8; a blob's payload; a Guid's or ObjectId's bytes; a document's or array's C-BSON frame.</summary>
    public ReadOnlyMemory<byte> Bytes { get; }

    /// <summary>For a document or array: the field dictionary that names its ids. For an <see cref="SqlKind.Other"/>: the value itself.</summary>
    public object? Boxed { get; }

    /// <summary>A blob's binary subtype; 1 for an integer stored as int32 (it is returned as one).</summary>
    public byte Subtype { get; }

    public bool IsNull => Kind == SqlKind.Null;

    public bool IsNumber => Kind is SqlKind.Integer or SqlKind.Double or SqlKind.Decimal;

    /// <summary>True for the kinds of the .NET date and time types.</summary>
    public bool IsTemporal => Kind is SqlKind.DateTime or SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan;

    /// <summary>A <see cref="SqlKind.DateTime"/> value as .NET's type: a BSON date (tag 0) is UTC, an extension keeps its stored kind.</summary>
    public DateTime AsDateTime() => new(Integer, Subtype == 0 ? DateTimeKind.Utc : (DateTimeKind)(Subtype - 1));

    /// <summary>A <see cref="SqlKind.DateTimeOffset"/> value as .NET's type, with its own offset.</summary>
    public DateTimeOffset AsDateTimeOffset()
    {
        var offset = TimeSpan.FromMinutes(Real);
        return new DateTimeOffset(Integer + offset.Ticks, offset);
    }

    public static SqlValue FromInt64(long value) => new(SqlKind.Integer, value, 0, 0, default, null, 0);

    public static SqlValue FromInt32(int value) => new(SqlKind.Integer, value, 0, 0, default, null, 1);

    public static SqlValue FromDouble(double value) => new(SqlKind.Double, 0, value, 0, default, null, 0);

    public static SqlValue FromDecimal(decimal value) => new(SqlKind.Decimal, 0, 0, value, default, null, 0);

    public static SqlValue FromBoolean(bool value) => new(SqlKind.Boolean, value ? 1 : 0, 0, 0, default, null, 0);

    public static SqlValue FromUtf8(ReadOnlyMemory<byte> utf8) => new(SqlKind.Text, 0, 0, 0, utf8, null, 0);

    public static SqlValue FromString(string text) => new(SqlKind.Text, 0, 0, 0, Encoding.UTF8.GetBytes(text), text, 0);

    public static SqlValue FromBinary(ReadOnlyMemory<byte> payload, byte subtype) => new(SqlKind.Binary, 0, 0, 0, payload, null, subtype);

    public static SqlValue FromGuidBytes(ReadOnlyMemory<byte> bytes) => new(SqlKind.Guid, 0, 0, 0, bytes, null, 4);

    public static SqlValue FromObjectIdBytes(ReadOnlyMemory<byte> bytes) => new(SqlKind.ObjectId, 0, 0, 0, bytes, null, 0);

    /// <summary>A BSON UTC datetime (<paramref name="ticks"/> since 0001) or a C-BSON DateTime extension (<paramref name="kindTag"/> its kind + 1).</summary>
    public static SqlValue FromDateTime(long ticks, byte kindTag) => new(SqlKind.DateTime, ticks, 0, 0, default, null, kindTag);

    /// <summary>A C-BSON DateTime extension: <paramref name="value"/>'s ticks, and its kind kept in the tag (kind + 1).</summary>
    public static SqlValue FromDateTime(DateTime value) => FromDateTime(value.Ticks, (byte)(1 + (int)value.Kind));

    /// <summary>A DateTimeOffset: compared by its UTC instant, returned with its own offset.</summary>
    public static SqlValue FromDateTimeOffset(DateTimeOffset value) =>
        new(SqlKind.DateTimeOffset, value.UtcTicks, value.TotalOffsetMinutes, 0, default, null, 0);

    public static SqlValue FromDateOnly(DateOnly value) => new(SqlKind.DateOnly, value.DayNumber, 0, 0, default, null, 0);

    public static SqlValue FromTimeOnly(TimeOnly value) => new(SqlKind.TimeOnly, value.Ticks, 0, 0, default, null, 0);

    public static SqlValue FromTimeSpan(TimeSpan value) => new(SqlKind.TimeSpan, value.Ticks, 0, 0, default, null, 0);

    public static SqlValue FromDocument(ReadOnlyMemory<byte> frame, object fields) => new(SqlKind.Document, 0, 0, 0, frame, fields, 0);

    public static SqlValue FromArray(ReadOnlyMemory<byte> frame, object fields) => new(SqlKind.Array, 0, 0, 0, frame, fields, 0);

    public static SqlValue FromOther(Bson.Model.BsonValue value) => new(SqlKind.Other, 0, 0, 0, default, value, 0);

    /// <summary>The text of a <see cref="SqlKind.Text"/> value (allocates unless it came from a string).</summary>
    public string AsString() => Boxed as string ?? Encoding.UTF8.GetString(Bytes.Span);

    /// <summary>The value as a double (numbers and booleans).</summary>
    public double AsDouble() => Kind switch
    {
        SqlKind.Integer or SqlKind.Boolean => Integer,
        SqlKind.Double => Real,
        SqlKind.Decimal => (double)Number,
        _ => 0,
    };

    public override string ToString() => Kind switch
    {
        SqlKind.Null => "NULL",
        SqlKind.Integer => Integer.ToString(System.Globalization.CultureInfo.InvariantCulture),
        SqlKind.Double => Real.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
        SqlKind.Decimal => Number.ToString(System.Globalization.CultureInfo.InvariantCulture),
        SqlKind.Text => AsString(),
        _ => Kind.ToString(),
    };
}
