using DocStore.Bson;

namespace DocStore.Bson.Tests.Types;

public class Decimal128ConversionTests
{
    public static TheoryData<decimal> Decimals => new()
    {
        0m, -0.0m, 1m, 1.0m, 1.00m, -1.5m, 0.0000000000000000000000000001m,
        decimal.MaxValue, decimal.MinValue, 79228162514264337593543950335m / 1000000m, 19.990m,
    };

    [Theory]
    [MemberData(nameof(Decimals))]
    public void Decimal_round_trips_exactly_including_scale(decimal value)
    {
        var back = Decimal128.FromDecimal(value).ToDecimal();
        Assert.Equal(value, back);
        Assert.Equal(decimal.GetBits(value), decimal.GetBits(back));
    }

    [Fact]
    public void Infinity_and_nan_do_not_convert_to_decimal()
    {
        Assert.Throws<OverflowException>(() => Decimal128.PositiveInfinity.ToDecimal());
        Assert.Throws<OverflowException>(() => Decimal128.NaN.ToDecimal());
    }

    [Fact]
    public void Too_many_significant_digits_throw_instead_of_rounding()
    {
        var tooPrecise = Decimal128.FromParts(false, UInt128.Parse("1234567890123456789012345678901"), -30);
        Assert.False(tooPrecise.TryToDecimal(out _));
        Assert.Throws<OverflowException>(() => tooPrecise.ToDecimal());
    }

    [Fact]
    public void Trailing_zeros_beyond_decimal_scale_are_dropped_exactly()
    {
        var value = Decimal128.FromParts(false, UInt128.Parse("15000000000000000000000000000000"), -31);
        Assert.Equal(1.5m, value.ToDecimal());
    }

    [Fact]
    public void Large_positive_exponent_that_overflows_96_bits_throws()
    {
        Assert.Throws<OverflowException>(() => Decimal128.FromParts(false, 1, 40).ToDecimal());
        Assert.Equal(1000m, Decimal128.FromParts(false, 1, 3).ToDecimal());
    }

    [Theory]
    [MemberData(nameof(Decimals))]
    public void FromDecimal_encodes_exactly_what_FromParts_encodes(decimal value)
    {
        var bits = decimal.GetBits(value);
        var coefficient = new UInt128((uint)bits[2], ((ulong)(uint)bits[1] << 32) | (uint)bits[0]);
        var expected = Decimal128.FromParts(bits[3] < 0, coefficient, -((bits[3] >> 16) & 0xFF));
        Assert.Equal(expected, Decimal128.FromDecimal(value));
    }

    [Theory]
    [InlineData("79228162514264337593543950335", -28, "-7.9228162514264337593543950335")]
    [InlineData("79228162514264337593543950335", 0, "-79228162514264337593543950335")]
    [InlineData("1", -28, "-0.0000000000000000000000000001")]
    [InlineData("10", -29, "-0.0000000000000000000000000001")]
    [InlineData("5", 2, "-500")]
    public void Conversion_at_the_edges_of_decimal_range_is_exact(string coefficient, int exponent, string expected)
    {
        var value = Decimal128.FromParts(true, UInt128.Parse(coefficient), exponent);
        var want = decimal.Parse(expected, System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(decimal.GetBits(want), decimal.GetBits(value.ToDecimal()));
    }

    [Theory]
    [InlineData("79228162514264337593543950336", -1)]
    [InlineData("792281625142643375935439503360", -1)]
    [InlineData("1", -29)]
    public void Conversion_just_past_the_edges_of_decimal_range_is_refused(string coefficient, int exponent)
    {
        Assert.False(Decimal128.FromParts(false, UInt128.Parse(coefficient), exponent).TryToDecimal(out _));
    }

    [Theory]
    [InlineData("100000000000000000000000000000")]
    [InlineData("79228162514264337593543950340")]
    [InlineData("-79228162514264337593543950340")]
    [InlineData("7922816251426433759354395033600")]
    public void Integers_above_decimal_range_whose_trailing_zeros_could_be_trimmed_are_refused_not_thrown(string text)
    {
        // Trimming a trailing zero of a coefficient wider than 96 bits raises the exponent above 0, which
        // decimal cannot hold as a scale: that once built a decimal with scale 255 and threw.
        var value = Decimal128.Parse(text);
        Assert.False(value.TryToDecimal(out var result));
        Assert.Equal(0m, result);
        Assert.Throws<OverflowException>(() => value.ToDecimal());
    }
}
