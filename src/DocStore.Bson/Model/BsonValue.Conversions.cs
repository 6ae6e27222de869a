namespace DocStore.Bson.Model;

#pragma warning disable CA2225 // The named alternatives are the value classes' constructors and Create methods.
public abstract partial class BsonValue
{
    /// <summary>Wraps an int as a BSON int32.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(int value) => BsonInt32.Create(value);

    /// <summary>Wraps a long as a BSON int64.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(long value) => new BsonInt64(value);

    /// <summary>Wraps a double as a BSON double (bits kept exactly).</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(double value) => new BsonDouble(value);

    /// <summary>Wraps a bool as a BSON boolean.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(bool value) => BsonBoolean.Create(value);

    /// <summary>Wraps a string as a BSON string; null becomes BSON null.</summary>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentException">The string has an unpaired surrogate.</exception>
    public static implicit operator BsonValue(string? value) => value is null ? BsonNull.Value : new BsonString(value);

    /// <summary>Wraps a decimal as a BSON decimal128, exactly (scale kept).</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(decimal value) => new BsonDecimal128(Decimal128.FromDecimal(value));

    /// <summary>Wraps a decimal128 as a BSON decimal128.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(Decimal128 value) => new BsonDecimal128(value);

    /// <summary>Wraps an ObjectId as a BSON ObjectId.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(ObjectId value) => new BsonObjectId(value);

    /// <summary>Wraps a Guid as BSON binary subtype 4 in RFC 4122 byte order.</summary>
    /// <param name="value">The value.</param>
    public static implicit operator BsonValue(Guid value) => BsonBinaryData.FromGuid(value);

    /// <summary>Wraps a copy of a byte array as BSON binary subtype 0; null becomes BSON null.</summary>
    /// <param name="value">The bytes.</param>
    public static implicit operator BsonValue(byte[]? value) => value is null ? BsonNull.Value : new BsonBinaryData(value);

    /// <summary>The value of a BSON int32.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not an int32.</exception>
    public static explicit operator int(BsonValue value) => ArgumentNullGuard(value).AsInt32;

    /// <summary>The value of a BSON int64.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not an int64.</exception>
    public static explicit operator long(BsonValue value) => ArgumentNullGuard(value).AsInt64;

    /// <summary>The value of a BSON double.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not a double.</exception>
    public static explicit operator double(BsonValue value) => ArgumentNullGuard(value).AsDouble;

    /// <summary>The value of a BSON boolean.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not a boolean.</exception>
    public static explicit operator bool(BsonValue value) => ArgumentNullGuard(value).AsBoolean;

    /// <summary>The string of a BSON string.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not a string.</exception>
    public static explicit operator string(BsonValue value) => ArgumentNullGuard(value).AsString;

    /// <summary>The value of a BSON decimal128 as decimal, exactly.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not a decimal128.</exception>
    /// <exception cref="OverflowException">The value cannot be held by decimal without rounding.</exception>
    public static explicit operator decimal(BsonValue value) => ArgumentNullGuard(value).AsDecimal128.ToDecimal();

    /// <summary>The value of a BSON ObjectId.</summary>
    /// <param name="value">The BSON value.</param>
    /// <exception cref="InvalidCastException">The value is not an ObjectId.</exception>
    public static explicit operator ObjectId(BsonValue value) => ArgumentNullGuard(value).AsObjectId;

    private static BsonValue ArgumentNullGuard(BsonValue value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return value;
    }
}
#pragma warning restore CA2225
