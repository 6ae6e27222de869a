using System.Globalization;
using DocStore.Bson.Keys;

namespace DocStore.Bson.Tests.Keys.Support;

/// <summary>Every key type with its generator, documented order and round-trip rule.</summary>
internal static class KeyCases
{
    public static readonly KeyCase<long> Int64 = new()
    {
        Name = "Int64",
        Generate = EdgeGenerators.Int64,
        Neighbour = (r, v) => v + r.Next(-1, 2),
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, long v, bool d) => w.WriteInt64(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadInt64(d),
    };

    public static readonly KeyCase<ulong> UInt64 = new()
    {
        Name = "UInt64",
        Generate = EdgeGenerators.UInt64,
        Neighbour = (r, v) => v + (ulong)r.Next(0, 2),
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, ulong v, bool d) => w.WriteUInt64(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadUInt64(d),
    };

    public static readonly KeyCase<IntegerValue> MixedIntegers = new()
    {
        Name = "Integer (every width)",
        Generate = IntegerValue.Generate,
        Neighbour = (r, v) => IntegerValue.Near(r, v),
        Order = (a, b) => a.Value.CompareTo(b.Value),
        Write = (ref KeyWriter w, IntegerValue v, bool d) => v.Write(ref w, d),
        Read = (ref KeyReader r, bool d) => new IntegerValue(TypeCode.Int64, r.ReadInt64(d)),
        ReadLike = original => (ref KeyReader r, bool d) => original.ReadBack(ref r, d),
    };

    public static readonly KeyCase<double> Double = new()
    {
        Name = "Double",
        Generate = EdgeGenerators.Double,
        Neighbour = EdgeGenerators.NearDouble,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, double v, bool d) => w.WriteDouble(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadDouble(d),
        RoundTrips = (original, decoded) => BitConverter.DoubleToUInt64Bits(decoded) == BitConverter.DoubleToUInt64Bits(
            double.IsNaN(original) ? double.NaN : original == 0 ? 0.0 : original),
        Format = v => $"{v.ToString("R", CultureInfo.InvariantCulture)} (0x{BitConverter.DoubleToUInt64Bits(v):X16})",
    };

    public static readonly KeyCase<float> Single = new()
    {
        Name = "Single",
        Generate = EdgeGenerators.Single,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, float v, bool d) => w.WriteSingle(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadSingle(d),
        RoundTrips = (original, decoded) => BitConverter.SingleToUInt32Bits(decoded) == BitConverter.SingleToUInt32Bits(
            float.IsNaN(original) ? float.NaN : original == 0 ? 0f : original),
        Format = v => $"{v.ToString("R", CultureInfo.InvariantCulture)} (0x{BitConverter.SingleToUInt32Bits(v):X8})",
    };

    public static readonly KeyCase<decimal> Decimal = new()
    {
        Name = "Decimal",
        Generate = EdgeGenerators.Decimal,
        Neighbour = EdgeGenerators.NearDecimal,
        Order = decimal.Compare,
        Write = (ref KeyWriter w, decimal v, bool d) => w.WriteDecimal(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadDecimal(d),
        RoundTrips = (original, decoded) => original == decoded && NaturalOrder.IsNormalized(decoded),
        Format = v => $"{v.ToString(CultureInfo.InvariantCulture)} (scale {v.Scale})",
    };

    public static readonly KeyCase<string> String = new()
    {
        Name = "String",
        Generate = EdgeGenerators.String,
        Neighbour = EdgeGenerators.NearString,
        Order = NaturalOrder.CodePoints,
        Write = (ref KeyWriter w, string v, bool d) => w.WriteString(v.AsSpan(), d),
        Read = (ref KeyReader r, bool d) => r.ReadString(d),
        RoundTrips = string.Equals,
        Format = NaturalOrder.Describe,
    };

    public static readonly KeyCase<byte[]> Binary = new()
    {
        Name = "Binary",
        Generate = EdgeGenerators.Bytes,
        Neighbour = EdgeGenerators.NearBytes,
        Order = NaturalOrder.Bytes,
        Write = (ref KeyWriter w, byte[] v, bool d) => w.WriteBinary(v.AsSpan(), d),
        Read = (ref KeyReader r, bool d) => r.ReadBinary(d),
        RoundTrips = (a, b) => a.AsSpan().SequenceEqual(b),
        Format = Convert.ToHexString,
    };

    public static readonly KeyCase<Guid> Guid = new()
    {
        Name = "Guid",
        Generate = EdgeGenerators.Guid,
        Neighbour = EdgeGenerators.NearGuid,
        Order = NaturalOrder.Guid,
        Write = (ref KeyWriter w, Guid v, bool d) => w.WriteGuid(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadGuid(d),
    };

    public static readonly KeyCase<ObjectId> ObjectId = new()
    {
        Name = "ObjectId",
        Generate = EdgeGenerators.ObjectId,
        Neighbour = EdgeGenerators.NearObjectId,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, ObjectId v, bool d) => w.WriteObjectId(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadObjectId(d),
    };

    public static readonly KeyCase<bool> Boolean = new()
    {
        Name = "Boolean",
        Generate = r => r.Next(2) == 0,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, bool v, bool d) => w.WriteBoolean(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadBoolean(d),
    };

    public static readonly KeyCase<DateTime> DateTime = new()
    {
        Name = "DateTime",
        Generate = EdgeGenerators.DateTime,
        Neighbour = EdgeGenerators.NearDateTime,
        Order = NaturalOrder.DateTime,
        Write = (ref KeyWriter w, DateTime v, bool d) => w.WriteDateTime(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadDateTime(d),
        RoundTrips = (a, b) => a.Ticks == b.Ticks && a.Kind == b.Kind,
        Format = v => $"{v.Ticks} {v.Kind}",
    };

    public static readonly KeyCase<DateTimeOffset> DateTimeOffset = new()
    {
        Name = "DateTimeOffset",
        Generate = EdgeGenerators.DateTimeOffset,
        Neighbour = EdgeGenerators.NearDateTimeOffset,
        Order = NaturalOrder.DateTimeOffset,
        Write = (ref KeyWriter w, DateTimeOffset v, bool d) => w.WriteDateTimeOffset(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadDateTimeOffset(d),
        RoundTrips = (a, b) => a.Ticks == b.Ticks && a.Offset == b.Offset,
        Format = v => $"{v.UtcTicks} utc {v.Offset}",
    };

    public static readonly KeyCase<DateOnly> DateOnly = new()
    {
        Name = "DateOnly",
        Generate = EdgeGenerators.DateOnly,
        Neighbour = (r, v) => v.DayNumber is > 0 and < 3652058 ? v.AddDays(r.Next(-1, 2)) : v,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, DateOnly v, bool d) => w.WriteDateOnly(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadDateOnly(d),
    };

    public static readonly KeyCase<TimeOnly> TimeOnly = new()
    {
        Name = "TimeOnly",
        Generate = EdgeGenerators.TimeOnly,
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, TimeOnly v, bool d) => w.WriteTimeOnly(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadTimeOnly(d),
    };

    public static readonly KeyCase<TimeSpan> TimeSpan = new()
    {
        Name = "TimeSpan",
        Generate = EdgeGenerators.TimeSpan,
        Neighbour = (r, v) => v == System.TimeSpan.MaxValue || v == System.TimeSpan.MinValue ? v : v + new TimeSpan(r.Next(-1, 2)),
        Order = (a, b) => a.CompareTo(b),
        Write = (ref KeyWriter w, TimeSpan v, bool d) => w.WriteTimeSpan(v, d),
        Read = (ref KeyReader r, bool d) => r.ReadTimeSpan(d),
    };

    /// <summary>The cases composite keys draw their components from .</summary>
    public static readonly IKeyCase[] Composable =
    [
        Int64, UInt64, MixedIntegers, Double, Single, Decimal, String, Binary, Guid, ObjectId, Boolean, DateTime, DateTimeOffset, DateOnly, TimeOnly, TimeSpan,
    ];
}
