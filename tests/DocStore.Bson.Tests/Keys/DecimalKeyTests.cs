using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class DecimalKeyTests
{
    [Fact]
    public void Decimal_keys_sort_in_value_order_and_round_trip_to_the_smallest_scale() =>
        OrderProperty.Check(KeyCases.Decimal, seed: 301);

    [Fact]
    public void Equal_decimals_of_different_scales_are_the_same_key()
    {
        var one = TestKeys.Encode((ref w) => w.WriteDecimal(1m));
        Assert.Equal(one, TestKeys.Encode((ref w) => w.WriteDecimal(1.0m)));
        Assert.Equal(one, TestKeys.Encode((ref w) => w.WriteDecimal(1.0000000000000000000000000000m)));

        var zero = TestKeys.Encode((ref w) => w.WriteDecimal(0m));
        Assert.Equal(zero, TestKeys.Encode((ref w) => w.WriteDecimal(new decimal(0, 0, 0, true, 5))));
    }

    [Theory]
    [InlineData("1.00", "1", 0)]
    [InlineData("100.0", "100", 0)]
    [InlineData("-0.0500", "-0.05", 2)]
    [InlineData("0.000", "0", 0)]
    public void Reading_back_gives_the_value_with_the_smallest_scale(string written, string expected, int scale)
    {
        var value = decimal.Parse(written, System.Globalization.CultureInfo.InvariantCulture);
        var key = TestKeys.Encode((ref w) => w.WriteDecimal(value));
        var decoded = new KeyReader(key).ReadDecimal();
        Assert.Equal(decimal.Parse(expected, System.Globalization.CultureInfo.InvariantCulture), decoded);
        Assert.Equal(scale, decoded.Scale);
    }

    [Theory]
    [InlineData("0", "1202")]
    [InlineData("1.00", "1203800B00")]
    [InlineData("123.45", "120382" + "0D2333" + "00")]
    [InlineData("-1", "1201" + "7FF4FF")]
    [InlineData("79228162514264337593543950335", "12039C" + "5017523F342B41224C5E3728332233" + "00")]
    public void Decimal_layout_is_class_exponent_digit_pairs_and_terminator(string value, string hex)
    {
        var number = decimal.Parse(value, System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(hex, TestKeys.Hex((ref w) => w.WriteDecimal(number)));
    }

    [Fact]
    public void The_largest_decimal_key_fits_the_documented_maximum_size()
    {
        Assert.Equal(19, KeyEncoding.GetMaxByteCount(KeyType.Decimal));
        Assert.Equal(KeyEncoding.MaxFixedComponentSize, KeyEncoding.GetMaxByteCount(KeyType.Decimal));
        Assert.True(TestKeys.Encode((ref w) => w.WriteDecimal(decimal.MinValue)).Length <= 19);
        Assert.True(TestKeys.Encode((ref w) => w.WriteDecimal(7.9228162514264337593543950335m)).Length <= 19);
    }
}
