using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.Model;

public class BsonValueEqualityTests
{
    [Fact]
    public void Numbers_of_different_bson_types_are_not_equal()
    {
        Assert.NotEqual<BsonValue>(new BsonInt32(1), new BsonInt64(1));
        Assert.NotEqual<BsonValue>(new BsonInt64(1), new BsonDouble(1.0));
        Assert.NotEqual<BsonValue>(new BsonDouble(1.0), new BsonDecimal128(1m));
        Assert.Equal<BsonValue>(new BsonInt32(1), BsonInt32.Create(1));
    }

    [Fact]
    public void Doubles_compare_by_bits_so_nan_equals_itself_and_zero_signs_differ()
    {
        Assert.Equal(new BsonDouble(double.NaN), new BsonDouble(double.NaN));
        Assert.NotEqual(new BsonDouble(0.0), new BsonDouble(-0.0));
        var payloadNaN = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0012L);
        Assert.NotEqual(new BsonDouble(double.NaN), new BsonDouble(payloadNaN));
        Assert.Equal(new BsonDouble(payloadNaN).GetHashCode(), new BsonDouble(payloadNaN).GetHashCode());
    }

    [Fact]
    public void Decimals_compare_by_bits_so_trailing_zeros_matter()
    {
        Assert.NotEqual(new BsonDecimal128(1.0m), new BsonDecimal128(1.00m));
        Assert.Equal(new BsonDecimal128(1.0m), new BsonDecimal128(Decimal128.Parse("1.0")));
    }

    [Fact]
    public void Documents_are_equal_only_with_the_same_names_values_and_order()
    {
        var a = new BsonDocument { { "x", 1 }, { "y", "two" } };
        Assert.Equal(a, new BsonDocument { { "x", 1 }, { "y", "two" } });
        Assert.NotEqual(a, new BsonDocument { { "y", "two" }, { "x", 1 } });
        Assert.NotEqual(a, new BsonDocument { { "x", 1L }, { "y", "two" } });
        Assert.NotEqual(a, new BsonDocument { { "X", 1 }, { "y", "two" } });
        Assert.Equal(a.GetHashCode(), new BsonDocument { { "x", 1 }, { "y", "two" } }.GetHashCode());
    }

    [Fact]
    public void Arrays_compare_element_by_element()
    {
        Assert.Equal(new BsonArray { 1, "a", BsonNull.Value }, new BsonArray { 1, "a", null });
        Assert.NotEqual(new BsonArray { 1, 2 }, new BsonArray { 2, 1 });
        Assert.NotEqual<BsonValue>(new BsonArray(), new BsonDocument());
    }

    [Fact]
    public void Binary_equality_includes_the_subtype()
    {
        Assert.Equal(new BsonBinaryData([1, 2]), new BsonBinaryData([1, 2]));
        Assert.NotEqual(new BsonBinaryData([1, 2]), new BsonBinaryData([1, 2], BsonBinarySubtype.Function));
        Assert.NotEqual(new BsonBinaryData([1, 2]), new BsonBinaryData([1, 3]));
    }

    [Fact]
    public void Regular_expression_options_are_kept_in_alphabetical_order()
    {
        var regex = new BsonRegularExpression("a+", "xmi");
        Assert.Equal("imx", regex.Options);
        Assert.Equal(new BsonRegularExpression("a+", "imx"), regex);
    }

    [Fact]
    public void Singletons_are_equal_to_themselves_only()
    {
        Assert.Equal<BsonValue>(BsonNull.Value, BsonNull.Value);
        Assert.NotEqual<BsonValue>(BsonNull.Value, BsonUndefined.Value);
        Assert.NotEqual<BsonValue>(BsonMinKey.Value, BsonMaxKey.Value);
    }

    [Fact]
    public void Equality_operators_work_with_implicit_conversions()
    {
        var document = new BsonDocument { { "n", 5 }, { "s", "x" } };
        Assert.True(document["n"] == 5);
        Assert.True(document["s"] == "x");
        Assert.True(document["n"] != 5L);
        BsonValue? missing = null;
        Assert.True(missing == null);
    }

    [Fact]
    public void A_document_that_contains_itself_fails_clearly_instead_of_overflowing_the_stack()
    {
        var a = new BsonDocument();
        a.Add("self", a);
        var b = new BsonDocument();
        b.Add("self", b);
        Assert.Throws<InvalidOperationException>(() => a.Equals(b));
        Assert.Throws<InvalidOperationException>(() => a.DeepClone());
        _ = a.GetHashCode();
    }
}
