using System.Globalization;
using System.Text;
using System.Text.Json;
using DocStore.Bson;

namespace DocStore.Metadata;

public static partial class JsonStoredValue
{
    /// <summary>Reads a byte.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static byte ReadByte(ref Utf8JsonReader reader, string field) => (byte)ReadInteger(ref reader, field, byte.MinValue, byte.MaxValue, "byte");

    /// <summary>Reads an sbyte.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static sbyte ReadSByte(ref Utf8JsonReader reader, string field) => (sbyte)ReadInteger(ref reader, field, sbyte.MinValue, sbyte.MaxValue, "sbyte");

    /// <summary>Reads a short.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static short ReadInt16(ref Utf8JsonReader reader, string field) => (short)ReadInteger(ref reader, field, short.MinValue, short.MaxValue, "short");

    /// <summary>Reads a ushort.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ushort ReadUInt16(ref Utf8JsonReader reader, string field) => (ushort)ReadInteger(ref reader, field, ushort.MinValue, ushort.MaxValue, "ushort");

    /// <summary>Reads a char (stored as its code).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static char ReadChar(ref Utf8JsonReader reader, string field) => (char)ReadInteger(ref reader, field, char.MinValue, char.MaxValue, "char");

    /// <summary>Reads an int (also an integral number written with a fraction or exponent, or a number wrapper, within range).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static int ReadInt32(ref Utf8JsonReader reader, string field) =>
        reader.TokenType == JsonTokenType.Number && reader.TryGetInt32(out var value)
            ? value
            : (int)ReadInteger(ref reader, field, int.MinValue, int.MaxValue, "int");

    /// <summary>Reads a uint.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static uint ReadUInt32(ref Utf8JsonReader reader, string field) => (uint)ReadInteger(ref reader, field, uint.MinValue, uint.MaxValue, "uint");

    /// <summary>Reads a long.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static long ReadInt64(ref Utf8JsonReader reader, string field) => ReadInteger(ref reader, field, long.MinValue, long.MaxValue, "long");

    /// <summary>Reads an nint.</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static nint ReadIntPtr(ref Utf8JsonReader reader, string field) => (nint)ReadInteger(ref reader, field, nint.MinValue, nint.MaxValue, "nint");

    /// <summary>Reads a ulong (written as <c>$numberDecimal</c>; also a plain non-negative integer).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static ulong ReadUInt64(ref Utf8JsonReader reader, string field)
    {
        if (reader.TokenType == JsonTokenType.Number && reader.TryGetUInt64(out var plain))
        {
            return plain;
        }

        var value = ReadExactNumber(ref reader, field, "an integer", "ulong");
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
    public static nuint ReadUIntPtr(ref Utf8JsonReader reader, string field)
    {
        var value = ReadUInt64(ref reader, field);
        return value <= nuint.MaxValue ? (nuint)value : throw OutOfRange(field, value.ToString(CultureInfo.InvariantCulture), "nuint");
    }

    /// <summary>Reads a double (a plain number, or <c>$numberDouble</c>, <c>$numberInt</c>, <c>$numberLong</c>).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static double ReadDouble(ref Utf8JsonReader reader, string field)
    {
        if (reader.TokenType == JsonTokenType.Number)
        {
            return reader.TryGetDouble(out var value) && double.IsFinite(value)
                ? value
                : throw OutOfRange(field, Encoding.UTF8.GetString(reader.ValueSpan), "double");
        }

        var copy = reader;
        switch (ReadWrapper(ref copy, out var text))
        {
            case Wrapper.Double when TryParseDouble(text, out var value):
                reader = copy;
                return value;
            case Wrapper.Int or Wrapper.Long when long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value):
                reader = copy;
                return value;
            default:
                throw Mismatch(ref reader, field, "a number");
        }
    }

    /// <summary>Reads a float (a double narrowed).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static float ReadSingle(ref Utf8JsonReader reader, string field) => (float)ReadDouble(ref reader, field);

    /// <summary>Reads a decimal (<c>$numberDecimal</c> exactly, scale kept; also a plain number or another number wrapper).</summary>
    /// <param name="reader">The reader on the value.</param>
    /// <param name="field">The field path for errors.</param>
    /// <returns>The value.</returns>
    public static decimal ReadDecimal(ref Utf8JsonReader reader, string field) => ReadExactNumber(ref reader, field, "a number", "decimal");

    /// <summary>Any number the value holds, as a decimal: exact for plain numbers and decimal wrappers, converted for doubles.</summary>
    private static decimal ReadExactNumber(ref Utf8JsonReader reader, string field, string expected, string type)
    {
        if (reader.TokenType == JsonTokenType.Number)
        {
            if (reader.TryGetDecimal(out var exact))
            {
                return exact;
            }

            return reader.TryGetDouble(out var d)
                ? FromDouble(d, field, type)
                : throw OutOfRange(field, Encoding.UTF8.GetString(reader.ValueSpan), type);
        }

        var copy = reader;
        decimal value;
        switch (ReadWrapper(ref copy, out var text))
        {
            case Wrapper.Decimal when Decimal128.TryParse(text, CultureInfo.InvariantCulture, out var wide):
                value = wide.TryToDecimal(out var narrow) ? narrow : throw OutOfRange(field, text, type);
                break;
            case Wrapper.Int or Wrapper.Long when long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var whole):
                value = whole;
                break;
            case Wrapper.Double when TryParseDouble(text, out var d):
                value = FromDouble(d, field, type);
                break;
            default:
                throw Mismatch(ref reader, field, expected);
        }

        reader = copy;
        return value;
    }

    private static decimal FromDouble(double value, string field, string type) =>
        double.IsFinite(value) && Math.Abs(value) < 7.9e28
            ? (decimal)value
            : throw OutOfRange(field, value.ToString("R", CultureInfo.InvariantCulture), type);

    private static long ReadInteger(ref Utf8JsonReader reader, string field, long min, long max, string type)
    {
        if (reader.TokenType == JsonTokenType.Number && reader.TryGetInt64(out var plain))
        {
            return plain >= min && plain <= max ? plain : throw OutOfRange(field, plain.ToString(CultureInfo.InvariantCulture), type);
        }

        if (reader.TokenType == JsonTokenType.Number || reader.TokenType == JsonTokenType.StartObject)
        {
            var value = ReadExactNumber(ref reader, field, "an integer", type);
            if (value != decimal.Truncate(value) || value < min || value > max)
            {
                throw OutOfRange(field, value.ToString(CultureInfo.InvariantCulture), type);
            }

            return (long)value;
        }

        throw Mismatch(ref reader, field, "an integer");
    }

    private static bool TryParseDouble(string text, out double value)
    {
        switch (text)
        {
            case "Infinity":
                value = double.PositiveInfinity;
                return true;
            case "-Infinity":
                value = double.NegativeInfinity;
                return true;
            case "NaN":
                // The canonical quiet NaN, as the Extended JSON parser gives.
                value = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0000L);
                return true;
            default:
                const NumberStyles Style = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
                return double.TryParse(text, Style, CultureInfo.InvariantCulture, out value) && double.IsFinite(value);
        }
    }
}
