using System.Globalization;

namespace DocStore.Bson.Tests.Types;

public class Decimal128TextTests
{
    [Theory]
    [InlineData("-00345678.5432", "-345678.5432")]
    [InlineData("-1.1111111111111111111111111111123450", "-1.111111111111111111111111111112345")]
    [InlineData("0.000000000", "0E-9")]
    [InlineData("-0.00000000", "-0E-8")]
    [InlineData("0.000000", "0.000000")]
    [InlineData("000000.", "0")]
    [InlineData("-00000.", "-0")]
    [InlineData("0.000E-4", "0E-7")]
    [InlineData("0.00E+3", "0E+1")]
    [InlineData("0.00E-8", "0E-10")]
    [InlineData("0.0E+1", "0")]
    [InlineData("+0E+9", "0E+9")]
    [InlineData("0E9", "0E+9")]
    [InlineData("+1E+009", "1E+9")]
    [InlineData("0.0000000123456789", "1.23456789E-8")]
    [InlineData("0.00000123456789", "0.00000123456789")]
    [InlineData("0.1265E-20", "1.265E-21")]
    [InlineData("0.1265E+8", "1.265E+7")]
    [InlineData("0.73e-7", "7.3E-8")]
    [InlineData("7E0", "7")]
    [InlineData("7E-7", "7E-7")]
    [InlineData("7E-6", "0.000007")]
    [InlineData("10e-1", "1.0")]
    [InlineData("10e-2", "0.10")]
    [InlineData("10e-8", "1.0E-7")]
    [InlineData("100E+90", "1.00E+92")]
    [InlineData("12.65E+3", "1.265E+4")]
    [InlineData("126.5E-8", "0.000001265")]
    [InlineData("17.", "17")]
    [InlineData("50E-7", "0.0000050")]
    [InlineData("123456789.000000", "123456789.000000")]
    [InlineData("NaN", "NaN")]
    [InlineData("-nan", "NaN")]
    [InlineData("+Inf", "Infinity")]
    [InlineData("-INFINITY", "-Infinity")]
    public void Parse_then_format_gives_the_specified_string(string input, string expected)
    {
        Assert.Equal(expected, Decimal128.Parse(input).ToString());
        Assert.True(Decimal128.TryParse(input, CultureInfo.InvariantCulture, out var value));
        Assert.Equal(expected, value.ToString());
    }

    [Theory]
    [InlineData("1.23E+6144", "1.230000000000000000000000000000000E+6144")]
    [InlineData("1E+6144", "1.000000000000000000000000000000000E+6144")]
    [InlineData("1E+6112", "1.0E+6112")]
    [InlineData("-1E+6144", "-1.000000000000000000000000000000000E+6144")]
    [InlineData("0.100000000000000000000000000000000E-6143", "1.00000000000000000000000000000000E-6144")]
    [InlineData("0.000000000000000000000000000000001E-6143", "1E-6176")]
    [InlineData("999999999999999999999999999999999e-6176", "9.99999999999999999999999999999999E-6144")]
    [InlineData("10E-6177", "1E-6176")]
    [InlineData("0E-8000", "0E-6176")]
    [InlineData("-0E+8000", "-0E+6111")]
    [InlineData("0E+99999999999999999999", "0E+6111")]
    public void Out_of_range_exponents_are_clamped_when_that_is_exact(string input, string expected)
    {
        Assert.Equal(expected, Decimal128.Parse(input).ToString());
    }

    [Theory]
    [InlineData("1E+6145", "too large")]
    [InlineData("7e10000", "too large")]
    [InlineData("9999999999999999999999999999999999e6112", "too large")]
    [InlineData("1E-6177", "too small")]
    [InlineData("15E-6177", "too small")]
    [InlineData("12345678901234567890123456789012345", "round")]
    [InlineData("1.11111111111111111111111111111234550", "round")]
    public void Values_that_would_need_rounding_are_rejected_with_a_reason(string input, string reason)
    {
        var error = Assert.Throws<BsonFormatException>(() => Decimal128.Parse(input));
        Assert.Contains(reason, error.Message, StringComparison.Ordinal);
        Assert.False(Decimal128.TryParse(input, null, out _));
    }

    [Theory]
    [InlineData("")]
    [InlineData(" 1")]
    [InlineData("1 ")]
    [InlineData("1e")]
    [InlineData("1e+")]
    [InlineData(".")]
    [InlineData("1.2.3")]
    [InlineData("+-1")]
    [InlineData("Infin")]
    [InlineData("NaNs")]
    [InlineData("0x10")]
    [InlineData("1,000")]
    [InlineData("١")]
    public void Malformed_text_is_a_syntax_error_with_an_offset(string input)
    {
        var error = Assert.Throws<BsonFormatException>(() => Decimal128.Parse(input));
        Assert.InRange(error.Offset, 0, input.Length);
    }

    [Fact]
    public void Negative_nan_keeps_its_sign_bit_but_formats_as_NaN()
    {
        var value = Decimal128.Parse("-NaN");
        Assert.True(value.IsNaN);
        Assert.True(value.IsNegative);
        Assert.Equal("NaN", value.ToString());
    }

    [Fact]
    public void TryFormat_reports_a_too_small_buffer()
    {
        var value = Decimal128.Parse("-1.234567890123456789012345678901234E-6143");
        Assert.False(value.TryFormat(new char[10], out var written, default, null));
        Assert.Equal(0, written);
        var buffer = new char[48];
        Assert.True(value.TryFormat(buffer, out written, default, null));
        Assert.Equal("-1.234567890123456789012345678901234E-6143", new string(buffer, 0, written));
    }

    [Fact]
    public void Random_finite_values_format_and_parse_back_to_the_same_bits()
    {
        var random = new Random(128);
        for (var i = 0; i < 20_000; i++)
        {
            var digits = random.Next(1, 35);
            var coefficient = UInt128.Zero;
            for (var d = 0; d < digits; d++)
            {
                coefficient = (coefficient * 10) + (uint)random.Next(10);
            }

            var exponent = random.Next(4) == 0 ? random.Next(-40, 10) : random.Next(Decimal128.MinExponent, Decimal128.MaxExponent + 1);
            var value = Decimal128.FromParts(random.Next(2) == 0, coefficient, exponent);
            var text = value.ToString();
            var back = Decimal128.Parse(text);
            Assert.True(value == back, $"{text}: {value.HighBits:X16}{value.LowBits:X16} != {back.HighBits:X16}{back.LowBits:X16}");
        }
    }

    [Fact]
    public void Decimal_values_format_like_their_decimal_text()
    {
        Assert.Equal("19.990", Decimal128.FromDecimal(19.990m).ToString());
        Assert.Equal("-0.0001", Decimal128.FromDecimal(-0.0001m).ToString());
        Assert.Equal(decimal.MaxValue.ToString(CultureInfo.InvariantCulture), Decimal128.FromDecimal(decimal.MaxValue).ToString());
    }
}
