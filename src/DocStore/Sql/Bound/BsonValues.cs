using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Sql.Bound;

/// <summary>Conversions between execution values and the document model: parameters in, results out.</summary>
internal static class BsonValues
{
    /// <summary>A result value: integers keep int32 when they were stored so, NULL is <see cref="BsonNull"/>.</summary>
    public static BsonValue ToBson(in SqlValue value)
    {
        switch (value.Kind)
        {
            case SqlKind.Null:
                return BsonNull.Value;
            case SqlKind.Integer:
                return value.Subtype == 1 ? BsonInt32.Create((int)value.Integer) : new BsonInt64(value.Integer);
            case SqlKind.Double:
                return new BsonDouble(value.Real);
            case SqlKind.Decimal:
                return new BsonDecimal128(Decimal128.FromDecimal(value.Number));
            case SqlKind.Text:
                return new BsonString(value.AsString());
            case SqlKind.Binary:
                return new BsonBinaryData(value.Bytes.Span, (BsonBinarySubtype)value.Subtype);
            case SqlKind.Guid:
                return new BsonBinaryData(value.Bytes.Span, BsonBinarySubtype.Uuid);
            case SqlKind.ObjectId:
                return new BsonObjectId(new ObjectId(value.Bytes.Span));
            case SqlKind.Boolean:
                return BsonBoolean.Create(value.Integer != 0);
            case SqlKind.DateTime or SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan:
                return TemporalValues.ToBson(value);
            case SqlKind.Document:
                return CBsonDocumentConverter.ToDocument(value.Bytes.Span, (IFieldDictionary)value.Boxed!);
            case SqlKind.Array:
                return ToArray(value.Bytes, (IFieldDictionary)value.Boxed!);
            default:
                return (BsonValue)value.Boxed!;
        }
    }

    /// <summary>A parameter value.</summary>
    public static SqlValue FromBson(BsonValue? value)
    {
        switch (value)
        {
            case null or BsonNull or BsonUndefined:
                return SqlValue.Null;
            case BsonInt32 i:
                return SqlValue.FromInt32(i.Value);
            case BsonInt64 l:
                return SqlValue.FromInt64(l.Value);
            case BsonDouble d:
                return SqlValue.FromDouble(d.Value);
            case BsonDecimal128 m:
                return m.Value.TryToDecimal(out var number) ? SqlValue.FromDecimal(number) : SqlValue.FromDouble(double.NaN);
            case BsonString s:
                return SqlValue.FromString(s.Value);
            case BsonBoolean b:
                return SqlValue.FromBoolean(b.Value);
            case BsonObjectId o:
                return SqlValue.FromObjectIdBytes(o.Value.ToByteArray());
            case BsonDateTime t:
                return SqlValue.FromDateTime(DateTime.UnixEpoch.Ticks + (t.MillisecondsSinceEpoch * TimeSpan.TicksPerMillisecond), 0);
            case BsonBinaryData binary:
                var payload = binary.Span;
                if (binary.Subtype == BsonBinarySubtype.Uuid && payload.Length == 16)
                {
                    return SqlValue.FromGuidBytes(payload.ToArray());
                }

                if (TemporalValues.TryRead(binary.Subtype, payload, out var temporal))
                {
                    return temporal;
                }

                return SqlValue.FromBinary(payload.ToArray(), (byte)binary.Subtype);
            default:
                return SqlValue.FromOther(value);
        }
    }

    private static BsonArray ToArray(ReadOnlyMemory<byte> frame, IFieldDictionary fields)
    {
        var reader = new CBsonReader(frame.Span, isArray: true);
        var values = new List<SqlValue>();
        while (reader.Read())
        {
            values.Add(StoredValues.Read(ref reader, frame, fields));
        }

        var array = new BsonArray(values.Count);
        foreach (var element in values)
        {
            array.Add(ToBson(element));
        }

        return array;
    }
}
