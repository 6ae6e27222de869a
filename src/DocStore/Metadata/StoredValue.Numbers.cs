using System.Globalization;
using DocStore.Bson;

namespace DocStore.Metadata;

public static partial class StoredValue
{
    /// <summary>Reads a byte.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static byte ReadByte(ref CBsonReader reader, string field) => (byte)ReadInteger(ref reader, field, byte.MinValue, byte.MaxValue, "byte");

    /// <summary>Reads an sbyte.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static sbyte ReadSByte(ref CBsonReader reader, string field) => (sbyte)ReadInteger(ref reader, field, sbyte.MinValue, sbyte.MaxValue, "sbyte");

    /// <summary>Reads a short.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static short ReadInt16(ref CBsonReader reader, string field) => (short)ReadInteger(ref reader, field, short.MinValue, short.MaxValue, "short");

    /// <summary>Reads a ushort.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ushort ReadUInt16(ref CBsonReader reader, string field) => (ushort)ReadInteger(ref reader, field, ushort.MinValue, ushort.MaxValue, "ushort");

    /// <summary>Reads a char (stored as its UTF-16 code unit).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static char ReadChar(ref CBsonReader reader, string field) => (char)ReadInteger(ref reader, field, char.MinValue, char.MaxValue, "char");

    /// <summary>Reads an int.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static int ReadInt32(ref CBsonReader reader, string field) =>
        reader.Type == BsonType.Int32 ? reader.GetInt32() : (int)ReadInteger(ref reader, field, int.MinValue, int.MaxValue, "int");

    /// <summary>Reads a uint.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static uint ReadUInt32(ref CBsonReader reader, string field) => (uint)ReadInteger(ref reader, field, uint.MinValue, uint.MaxValue, "uint");

    /// <summary>Reads a long.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static long ReadInt64(ref CBsonReader reader, string field) => ReadInteger(ref reader, field, long.MinValue, long.MaxValue, "long");

    /// <summary>Reads an nint (stored as int64).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static nint ReadIntPtr(ref CBsonReader reader, string field) => (nint)ReadInteger(ref reader, field, nint.MinValue, nint.MaxValue, "nint");

    /// <summary>Reads a ulong (stored as decimal128; also a non-negative int32/int64).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ulong ReadUInt64(ref CBsonReader reader, string field)
    {
        decimal value = reader.Type switch
        {
            BsonType.Int32 => reader.GetInt32(),
            BsonType.Int64 => reader.GetInt64(),
            BsonType.Decimal128 => ToDecimal(ref reader, field),
            BsonType.Double when double.IsFinite(reader.GetDouble()) && Math.Abs(reader.GetDouble()) < 1e29 => (decimal)reader.GetDouble(),
            _ => throw Mismatch(reader.Type, field, "an integer"),
        };
        if (value != decimal.Truncate(value) || value < ulong.MinValue || value > ulong.MaxValue)
        {
            throw OutOfRange(field, value.ToString(CultureInfo.InvariantCulture), "ulong");
        }

        return (ulong)value;
    }

    /// <summary>Reads an nuint (stored like ulong).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static nuint ReadUIntPtr(ref CBsonReader reader, string field)
    {
        ulong value = ReadUInt64(ref reader, field);
        return value <= nuint.MaxValue ? (nuint)value : throw OutOfRange(field, value.ToString(CultureInfo.InvariantCulture), "nuint");
    }

    /// <summary>Reads a double (also an int32 or int64).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static double ReadDouble(ref CBsonReader reader, string field) => reader.Type switch
    {
        BsonType.Double => reader.GetDouble(),
        BsonType.Int32 => reader.GetInt32(),
        BsonType.Int64 => reader.GetInt64(),
        _ => throw Mismatch(reader.Type, field, "a number"),
    };

    /// <summary>Reads a float (a stored double narrowed; also an int32 or int64).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static float ReadSingle(ref CBsonReader reader, string field) => (float)ReadDouble(ref reader, field);

    /// <summary>Reads a decimal (decimal128 exactly; also an int32, int64 or double).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static decimal ReadDecimal(ref CBsonReader reader, string field)
    {
        switch (reader.Type)
        {
            case BsonType.Decimal128:
                return ToDecimal(ref reader, field);
            case BsonType.Int32:
                return reader.GetInt32();
            case BsonType.Int64:
                return reader.GetInt64();
            case BsonType.Double:
                double d = reader.GetDouble();
                return double.IsFinite(d) && Math.Abs(d) < 7.9e28
                    ? (decimal)d
                    : throw OutOfRange(field, d.ToString("R", CultureInfo.InvariantCulture), "decimal");
            default:
                throw Mismatch(reader.Type, field, "a number");
        }
    }

    private static decimal ToDecimal(ref CBsonReader reader, string field)
    {
        Decimal128 value = reader.GetDecimal128();
        return value.TryToDecimal(out decimal result)
            ? result
            : throw OutOfRange(field, "a decimal128 value", "decimal");
    }

    private static long ReadInteger(ref CBsonReader reader, string field, long min, long max, string type)
    {
        long value;
        switch (reader.Type)
        {
            case BsonType.Int32:
                value = reader.GetInt32();
                break;
            case BsonType.Int64:
                value = reader.GetInt64();
                break;
            case BsonType.Double:
                double d = reader.GetDouble();
                if (d != Math.Floor(d) || d < min || d > max)
                {
                    throw OutOfRange(field, d.ToString("R", CultureInfo.InvariantCulture), type);
                }

                value = (long)d;
                break;
            case BsonType.Decimal128:
                decimal m = ToDecimal(ref reader, field);
                if (m != decimal.Truncate(m) || m < min || m > max)
                {
                    throw OutOfRange(field, m.ToString(CultureInfo.InvariantCulture), type);
                }

                value = (long)m;
                break;
            default:
                throw Mismatch(reader.Type, field, "an integer");
        }

        return value >= min && value <= max ? value : throw OutOfRange(field, value.ToString(CultureInfo.InvariantCulture), type);
    }
}
