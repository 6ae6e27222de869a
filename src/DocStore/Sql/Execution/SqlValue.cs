using System.Runtime.InteropServices;
using System.Text;

namespace DocStore.Sql.Execution;

/// <summary>
/// The kinds of values, in their cross-kind sort order (docs/sql.md, "Comparison"): NULL, numbers, text,
/// blobs as SQLite orders them, then the kinds SQLite lacks.
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

    /// <summary>An integer's value; a DateTime's ticks; a boolean's 0 or 1.</summary>
    public long Integer { get; }

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
