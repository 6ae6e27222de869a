using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.Model;

public class BsonValueConversionTests
{
    [Fact]
    public void Primitives_convert_to_their_bson_types()
    {
        Assert.IsType<BsonInt32>((BsonValue)1);
        Assert.IsType<BsonInt64>((BsonValue)1L);
        Assert.IsType<BsonDouble>((BsonValue)1.0);
        Assert.IsType<BsonBoolean>((BsonValue)true);
        Assert.IsType<BsonString>((BsonValue)"s");
        Assert.IsType<BsonDecimal128>((BsonValue)1.5m);
        Assert.IsType<BsonObjectId>((BsonValue)ObjectId.NewObjectId());
        Assert.IsType<BsonBinaryData>((BsonValue)new byte[] { 1 });
    }

    [Fact]
    public void Explicit_conversions_back_check_the_type()
    {
        Assert.Equal(7, (int)(BsonValue)7);
        Assert.Equal(1.25m, (decimal)(BsonValue)1.25m);
        Assert.Throws<InvalidCastException>(() => (int)(BsonValue)7L);
        var error = Assert.Throws<InvalidCastException>(() => ((BsonValue)"x").AsDocument);
        Assert.Contains("String", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Guids_are_subtype_4_in_rfc_4122_order()
    {
        var guid = Guid.Parse("73ffd264-44b3-4c69-90e8-e7d1dfc035d4");
        var binary = (BsonBinaryData)(BsonValue)guid;
        Assert.Equal(BsonBinarySubtype.Uuid, binary.Subtype);
        Assert.Equal(Convert.FromHexString("73ffd26444b34c6990e8e7d1dfc035d4"), binary.Data.ToArray());
        Assert.Equal(guid, binary.ToGuid());
        Assert.Throws<InvalidOperationException>(() => new BsonBinaryData([1, 2], BsonBinarySubtype.Uuid).ToGuid());
    }

    [Fact]
    public void Binary_data_is_copied_so_later_changes_to_the_source_do_not_leak_in()
    {
        var bytes = new byte[] { 1, 2, 3 };
        var binary = new BsonBinaryData(bytes);
        bytes[0] = 9;
        Assert.Equal(1, binary.Span[0]);
    }

    [Fact]
    public void Datetimes_convert_exactly_or_refuse()
    {
        var instant = new DateTime(2012, 12, 24, 12, 15, 30, 501, DateTimeKind.Utc);
        var value = BsonDateTime.FromDateTime(instant);
        Assert.Equal(1356351330501L, value.MillisecondsSinceEpoch);
        Assert.Equal(instant, value.ToDateTime());
        Assert.Equal(DateTimeKind.Utc, value.ToDateTime().Kind);
        Assert.Throws<ArgumentException>(() => BsonDateTime.FromDateTime(instant.AddTicks(1)));
        Assert.Equal(value, BsonDateTime.FromDateTimeOffset(new DateTimeOffset(instant).ToOffset(TimeSpan.FromHours(5))));
        Assert.Throws<OverflowException>(() => new BsonDateTime(long.MaxValue).ToDateTime());
    }

    [Fact]
    public void Timestamps_split_into_seconds_and_increment()
    {
        var timestamp = BsonTimestamp.FromValue(0x0000_002A_0000_0001UL);
        Assert.Equal(42u, timestamp.Seconds);
        Assert.Equal(1u, timestamp.Increment);
        Assert.Equal(0x0000_002A_0000_0001UL, new BsonTimestamp(42, 1).Value);
    }

    [Fact]
    public void Numeric_values_convert_to_double()
    {
        Assert.Equal(2.0, ((BsonValue)2).ToDouble());
        Assert.Equal(2.0, ((BsonValue)2L).ToDouble());
        Assert.Equal(0.1, ((BsonValue)0.1m).ToDouble());
        Assert.True(double.IsNaN(new BsonDecimal128(Decimal128.NaN).ToDouble()));
        Assert.Throws<InvalidCastException>(() => ((BsonValue)"1").ToDouble());
    }

    [Fact]
    public void ToString_is_relaxed_extended_json()
    {
        var document = new BsonDocument { { "a", 1 }, { "b", new BsonArray { 1.5, "x" } } };
        Assert.Equal("{\"a\":1,\"b\":[1.5,\"x\"]}", document.ToString());
        Assert.Equal("\"é\"", ((BsonValue)"é").ToString());
    }
}
