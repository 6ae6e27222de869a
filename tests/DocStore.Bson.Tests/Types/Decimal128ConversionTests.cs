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
}
