using System.Globalization;

namespace DocStore.Bson.Model;

public abstract partial class BsonValue
{
    /// <summary>Whether this is BSON null.</summary>
    public bool IsNull => BsonType == BsonType.Null;

    /// <summary>Whether this is an int32, int64, double or decimal128.</summary>
    public bool IsNumeric => BsonType is BsonType.Int32 or BsonType.Int64 or BsonType.Double or BsonType.Decimal128;

    /// <summary>This value as a document.</summary>
    /// <exception cref="InvalidCastException">The value is not a document.</exception>
    public BsonDocument AsDocument => this as BsonDocument ?? throw CastError(BsonType.Document);

    /// <summary>This value as an array.</summary>
    /// <exception cref="InvalidCastException">The value is not an array.</exception>
    public BsonArray AsArray => this as BsonArray ?? throw CastError(BsonType.Array);

    /// <summary>The string of a BSON string.</summary>
    /// <exception cref="InvalidCastException">The value is not a string.</exception>
    public string AsString => (this as BsonString)?.Value ?? throw CastError(BsonType.String);

    /// <summary>The value of a BSON int32.</summary>
    /// <exception cref="InvalidCastException">The value is not an int32.</exception>
    public int AsInt32 => this is BsonInt32 v ? v.Value : throw CastError(BsonType.Int32);

    /// <summary>The value of a BSON int64.</summary>
    /// <exception cref="InvalidCastException">The value is not an int64.</exception>
    public long AsInt64 => this is BsonInt64 v ? v.Value : throw CastError(BsonType.Int64);

    /// <summary>The value of a BSON double.</summary>
    /// <exception cref="InvalidCastException">The value is not a double.</exception>
    public double AsDouble => this is BsonDouble v ? v.Value : throw CastError(BsonType.Double);

    /// <summary>The value of a BSON boolean.</summary>
    /// <exception cref="InvalidCastException">The value is not a boolean.</exception>
    public bool AsBoolean => this is BsonBoolean v ? v.Value : throw CastError(BsonType.Boolean);

    /// <summary>The value of a BSON ObjectId.</summary>
    /// <exception cref="InvalidCastException">The value is not an ObjectId.</exception>
    public ObjectId AsObjectId => this is BsonObjectId v ? v.Value : throw CastError(BsonType.ObjectId);

    /// <summary>The value of a BSON decimal128.</summary>
    /// <exception cref="InvalidCastException">The value is not a decimal128.</exception>
    public Decimal128 AsDecimal128 => this is BsonDecimal128 v ? v.Value : throw CastError(BsonType.Decimal128);

    /// <summary>The milliseconds since the Unix epoch of a BSON UTC datetime.</summary>
    /// <exception cref="InvalidCastException">The value is not a datetime.</exception>
    public long AsDateTimeMilliseconds => this is BsonDateTime v ? v.MillisecondsSinceEpoch : throw CastError(BsonType.DateTime);

    /// <summary>The value of any numeric BSON type converted to double (int64 and decimal128 may round).</summary>
    /// <exception cref="InvalidCastException">The value is not numeric.</exception>
    public double ToDouble() => this switch
    {
        BsonDouble d => d.Value,
        BsonInt32 i => i.Value,
        BsonInt64 l => l.Value,
        BsonDecimal128 m => m.Value.IsNaN ? double.NaN : double.Parse(m.Value.ToString(), NumberStyles.Float, CultureInfo.InvariantCulture),
        _ => throw CastError(BsonType.Double),
    };

    private InvalidCastException CastError(BsonType wanted) =>
        new($"The BSON value is a {BsonType}, not a {wanted}.");
}
