using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class DoubleKeyTests
{
    [Fact]
    public void Double_keys_sort_in_CompareTo_order_and_round_trip_to_the_normal_form() =>
        OrderProperty.Check(KeyCases.Double, seed: 201);

    [Fact]
    public void Single_keys_sort_in_CompareTo_order_and_round_trip() => OrderProperty.Check(KeyCases.Single, seed: 202);

    [Fact]
    public void Negative_zero_is_the_same_key_as_positive_zero_and_reads_back_as_positive_zero()
    {
        var positive = TestKeys.Encode((ref w) => w.WriteDouble(0.0));
        var negative = TestKeys.Encode((ref w) => w.WriteDouble(-0.0));
        Assert.Equal(positive, negative);
        var decoded = new KeyReader(negative).ReadDouble();
        Assert.False(double.IsNegative(decoded));
    }

    [Fact]
    public void Every_NaN_payload_is_one_key_below_negative_infinity()
    {
        double[] nans = [double.NaN, -double.NaN, BitConverter.Int64BitsToDouble(0x7FF0_0000_0000_0001), BitConverter.UInt64BitsToDouble(0xFFFF_FFFF_FFFF_FFFF)];
        var expected = TestKeys.Encode((ref w) => w.WriteDouble(double.NaN));
        foreach (var nan in nans)
        {
            Assert.Equal(expected, TestKeys.Encode((ref w) => w.WriteDouble(nan)));
        }

        var negativeInfinity = TestKeys.Encode((ref w) => w.WriteDouble(double.NegativeInfinity));
        Assert.True(expected.AsSpan().SequenceCompareTo(negativeInfinity) < 0);
        Assert.True(double.IsNaN(new KeyReader(expected).ReadDouble()));
    }

    [Theory]
    [InlineData(1.0, "11BFF0000000000000")]
    [InlineData(-1.0, "11400FFFFFFFFFFFFF")]
    [InlineData(0.0, "118000000000000000")]
    [InlineData(double.PositiveInfinity, "11FFF0000000000000")]
    [InlineData(double.NegativeInfinity, "11000FFFFFFFFFFFFF")]
    [InlineData(double.NaN, "110000000000000000")]
    public void Double_layout_is_the_sign_trick_on_big_endian_bits(double value, string hex) =>
        Assert.Equal(hex, TestKeys.Hex((ref w) => w.WriteDouble(value)));

    [Fact]
    public void A_float_is_the_same_key_as_the_double_it_widens_to()
    {
        Assert.Equal(TestKeys.Encode((ref w) => w.WriteDouble(0.1f)), TestKeys.Encode((ref w) => w.WriteSingle(0.1f)));
        var notASingle = TestKeys.Encode((ref w) => w.WriteDouble(0.1));
        Assert.Throws<BsonFormatException>(() => new KeyReader(notASingle).ReadSingle());
    }
}
