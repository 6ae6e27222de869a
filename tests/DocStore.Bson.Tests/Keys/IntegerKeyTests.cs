using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class IntegerKeyTests
{
    [Fact]
    public void Int64_keys_sort_in_value_order_and_round_trip() => OrderProperty.Check(KeyCases.Int64, seed: 101);

    [Fact]
    public void UInt64_keys_sort_in_value_order_and_round_trip() => OrderProperty.Check(KeyCases.UInt64, seed: 102);

    [Fact]
    public void Integers_of_every_width_share_one_order_and_round_trip_in_their_width() =>
        OrderProperty.Check(KeyCases.MixedIntegers, seed: 103);

    [Fact]
    public void Equal_values_of_different_widths_are_the_same_key()
    {
        var expected = TestKeys.Encode((ref w) => w.WriteInt64(-7));
        Assert.Equal(expected, TestKeys.Encode((ref w) => w.WriteSByte(-7)));
        Assert.Equal(expected, TestKeys.Encode((ref w) => w.WriteInt16(-7)));
        Assert.Equal(expected, TestKeys.Encode((ref w) => w.WriteInt32(-7)));

        var positive = TestKeys.Encode((ref w) => w.WriteUInt64(200));
        Assert.Equal(positive, TestKeys.Encode((ref w) => w.WriteByte(200)));
        Assert.Equal(positive, TestKeys.Encode((ref w) => w.WriteUInt16(200)));
        Assert.Equal(positive, TestKeys.Encode((ref w) => w.WriteUInt32(200)));
        Assert.Equal(positive, TestKeys.Encode((ref w) => w.WriteInt64(200)));
    }

    [Theory]
    [InlineData(0L, "1080")]
    [InlineData(1L, "108101")]
    [InlineData(255L, "1081FF")]
    [InlineData(256L, "10820100")]
    [InlineData(-1L, "107FFE")]
    [InlineData(-255L, "107F00")]
    [InlineData(-256L, "107EFEFF")]
    [InlineData(long.MaxValue, "10887FFFFFFFFFFFFFFF")]
    [InlineData(long.MinValue, "10787FFFFFFFFFFFFFFF")]
    public void Int64_layout_is_a_length_header_then_minimal_big_endian_bytes(long value, string hex) =>
        Assert.Equal(hex, Convert.ToHexString(TestKeys.Encode((ref w) => w.WriteInt64(value))));

    [Fact]
    public void UInt64_max_takes_eight_bytes_after_header_0x88() =>
        Assert.Equal("1088FFFFFFFFFFFFFFFF", Convert.ToHexString(TestKeys.Encode((ref w) => w.WriteUInt64(ulong.MaxValue))));

    [Fact]
    public void A_value_that_does_not_fit_the_width_read_throws_BsonFormatException()
    {
        var key = TestKeys.Encode((ref w) => w.WriteInt64(int.MaxValue + 1L));
        Assert.Throws<BsonFormatException>(() => new KeyReader(key).ReadInt32());
        Assert.Equal(int.MaxValue + 1L, new KeyReader(key).ReadUInt32());

        var negative = TestKeys.Encode((ref w) => w.WriteInt32(-1));
        Assert.Throws<BsonFormatException>(() => new KeyReader(negative).ReadUInt64());
        Assert.Throws<BsonFormatException>(() => new KeyReader(negative).ReadByte());
        Assert.Equal(-1, new KeyReader(negative).ReadSByte());

        var huge = TestKeys.Encode((ref w) => w.WriteUInt64(ulong.MaxValue));
        Assert.Throws<BsonFormatException>(() => new KeyReader(huge).ReadInt64());
    }

    [Fact]
    public void Every_integer_key_fits_the_documented_maximum_size()
    {
        Assert.Equal(10, KeyEncoding.GetMaxByteCount(KeyType.Integer));
        Assert.Equal(10, TestKeys.Encode((ref w) => w.WriteInt64(long.MinValue)).Length);
        Assert.Equal(10, TestKeys.Encode((ref w) => w.WriteUInt64(ulong.MaxValue)).Length);
    }
}
