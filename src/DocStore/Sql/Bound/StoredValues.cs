using DocStore.Bson;

namespace DocStore.Sql.Bound;

/// <summary>
/// Reads the value a <see cref="CBsonReader"/> stands on as a <see cref="SqlValue"/> that points into the
/// stored bytes: nothing is copied or decoded beyond the scalar itself.
/// </summary>
internal static class StoredValues
{
    /// <summary>The current element of <paramref name="reader"/>, which reads <paramref name="document"/>'s bytes (offsets are absolute).</summary>
    public static SqlValue Read(ref CBsonReader reader, ReadOnlyMemory<byte> document, object fields)
    {
        var offset = reader.ValueOffset;
        switch (reader.Type)
        {
            case BsonType.Double:
                return SqlValue.FromDouble(reader.GetDouble());
            case BsonType.String:
                return SqlValue.FromUtf8(document.Slice(offset + 4, reader.GetRawValue().Length - 5));
            case BsonType.Document:
                return SqlValue.FromDocument(document.Slice(offset, reader.GetRawValue().Length), fields);
            case BsonType.Array:
                return SqlValue.FromArray(document.Slice(offset, reader.GetRawValue().Length), fields);
            case BsonType.Binary:
                return ReadBinary(ref reader, document, offset);
            case BsonType.ObjectId:
                return SqlValue.FromObjectIdBytes(document.Slice(offset, ObjectId.Size));
            case BsonType.Boolean:
                return SqlValue.FromBoolean(reader.GetBoolean());
            case BsonType.DateTime:
                return SqlValue.FromDateTime(DateTime.UnixEpoch.Ticks + (reader.GetUtcDateTime() * TimeSpan.TicksPerMillisecond), 0);
            case BsonType.Int32:
                return SqlValue.FromInt32(reader.GetInt32());
            case BsonType.Int64:
                return SqlValue.FromInt64(reader.GetInt64());
            case BsonType.Decimal128:
                var number = reader.GetDecimal128();
                return number.IsFinite && number.TryToDecimal(out var exact) ? SqlValue.FromDecimal(exact) : SqlValue.FromDouble(double.NaN);
            case BsonType.Null or BsonType.Undefined:
                return SqlValue.Null;
            default:
                return SqlValue.FromBinary(reader.GetRawValue().ToArray(), 0xFF);
        }
    }

    private static SqlValue ReadBinary(ref CBsonReader reader, ReadOnlyMemory<byte> document, int offset)
    {
        var payload = reader.GetBinary(out var subtype);
        var bytes = document.Slice(offset + 5, payload.Length);
        if (subtype == BsonBinarySubtype.Uuid && payload.Length == 16)
        {
            return SqlValue.FromGuidBytes(bytes);
        }

        if (subtype >= BsonBinarySubtype.DateTime && TemporalValues.TryRead(subtype, payload, out var temporal))
        {
            return temporal;
        }

        return SqlValue.FromBinary(bytes, (byte)subtype);
    }
}
