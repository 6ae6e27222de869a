using DocStore.Bson.Interop;
using DocStore.Bson.Model;

// Not "...Tests.ExtendedJson": a namespace of that name would hide the ExtendedJson class in the whole test project.
namespace DocStore.Bson.Tests.ExtendedJsonFormat;

public class ExtendedJsonOutputTests
{
    [Theory]
    [InlineData(1.0, "1.0")]
    [InlineData(-0.0, "-0.0")]
    [InlineData(0.1, "0.1")]
    [InlineData(1e15, "1000000000000000.0")]
    [InlineData(1e16, "1.0E+16")]
    [InlineData(123.456, "123.456")]
    [InlineData(-0.0001, "-0.0001")]
    [InlineData(0.00001, "1.0E-5")]
    [InlineData(1.5e-7, "1.5E-7")]
    [InlineData(1.2345678921232E+18, "1.2345678921232E+18")]
    [InlineData(double.Epsilon, "5.0E-324")]
    [InlineData(double.MaxValue, "1.7976931348623157E+308")]
    [InlineData(double.PositiveInfinity, "Infinity")]
    [InlineData(double.NaN, "NaN")]
    public void Canonical_doubles_use_the_shortest_round_trip_text_with_a_decimal_point(double value, string expected)
    {
        var json = ExtendedJson.ToJson(new BsonDocument { { "d", value } }, ExtendedJsonMode.Canonical);
        Assert.Equal($"{{\"d\":{{\"$numberDouble\":\"{expected}\"}}}}", json);
    }

    [Fact]
    public void Random_doubles_format_to_text_that_parses_back_to_the_same_bits()
    {
        var random = new Random(7);
        for (var i = 0; i < 10_000; i++)
        {
            var value = i % 2 == 0
                ? BitConverter.Int64BitsToDouble(random.NextInt64(long.MinValue, long.MaxValue))
                : Math.Round(random.NextDouble() * Math.Pow(10, random.Next(-8, 22)), random.Next(0, 6));
            if (!double.IsFinite(value))
            {
                continue;
            }

            var document = new BsonDocument { { "d", value } };
            foreach (var mode in new[] { ExtendedJsonMode.Canonical, ExtendedJsonMode.Relaxed })
            {
                var back = ExtendedJson.Parse(ExtendedJson.ToJson(document, mode))["d"];
                Assert.True(document["d"] == back, $"{value:R} came back as {back}");
            }
        }
    }

    [Fact]
    public void Relaxed_numbers_are_plain_and_integral_doubles_keep_their_point()
    {
        var document = new BsonDocument { { "i", 1 }, { "l", 2L }, { "d", 3.0 }, { "z", -0.0 }, { "inf", double.NegativeInfinity } };
        Assert.Equal(
            "{\"i\":1,\"l\":2,\"d\":3.0,\"z\":-0.0,\"inf\":{\"$numberDouble\":\"-Infinity\"}}",
            ExtendedJson.ToJson(document, ExtendedJsonMode.Relaxed));
    }

    [Theory]
    [InlineData(0L, "{\"$date\":\"1970-01-01T00:00:00Z\"}")]
    [InlineData(1356351330001L, "{\"$date\":\"2012-12-24T12:15:30.001Z\"}")]
    [InlineData(253402300799999L, "{\"$date\":\"9999-12-31T23:59:59.999Z\"}")]
    [InlineData(253402300800000L, "{\"$date\":{\"$numberLong\":\"253402300800000\"}}")]
    [InlineData(-1L, "{\"$date\":{\"$numberLong\":\"-1\"}}")]
    public void Relaxed_dates_are_iso_strings_from_1970_to_9999_only(long milliseconds, string expected)
    {
        var json = ExtendedJson.ToJson(new BsonDocument { { "t", new BsonDateTime(milliseconds) } }, ExtendedJsonMode.Relaxed);
        Assert.Equal($"{{\"t\":{expected}}}", json);
    }

    [Fact]
    public void Every_type_has_its_canonical_form()
    {
        var id = ObjectId.Parse("57e193d7a9cc81b4027498b5");
        var document = new BsonDocument
        {
            { "bin", new BsonBinaryData([1, 2], (BsonBinarySubtype)0x80) },
            { "ts", new BsonTimestamp(42, 1) },
            { "re", new BsonRegularExpression("a/b", "mi") },
            { "ptr", new BsonDBPointer("c", id) },
            { "code", new BsonJavaScript("f()") },
            { "scope", new BsonJavaScriptWithScope("g()", new BsonDocument { { "x", 1 } }) },
            { "sym", new BsonSymbol("s") },
            { "u", BsonUndefined.Value },
            { "min", BsonMinKey.Value },
            { "max", BsonMaxKey.Value },
            { "dec", 1.50m },
        };

        Assert.Equal(
            "{\"bin\":{\"$binary\":{\"base64\":\"AQI=\",\"subType\":\"80\"}},\"ts\":{\"$timestamp\":{\"t\":42,\"i\":1}}," +
            "\"re\":{\"$regularExpression\":{\"pattern\":\"a/b\",\"options\":\"im\"}}," +
            "\"ptr\":{\"$dbPointer\":{\"$ref\":\"c\",\"$id\":{\"$oid\":\"57e193d7a9cc81b4027498b5\"}}}," +
            "\"code\":{\"$code\":\"f()\"},\"scope\":{\"$code\":\"g()\",\"$scope\":{\"x\":{\"$numberInt\":\"1\"}}}," +
            "\"sym\":{\"$symbol\":\"s\"},\"u\":{\"$undefined\":true},\"min\":{\"$minKey\":1},\"max\":{\"$maxKey\":1}," +
            "\"dec\":{\"$numberDecimal\":\"1.50\"}}",
            ExtendedJson.ToJson(document, ExtendedJsonMode.Canonical));
    }

    [Fact]
    public void Non_ascii_text_is_written_unescaped_and_control_characters_escaped()
    {
        var json = ExtendedJson.ToJson(new BsonDocument { { "é", "☆\u0001\"" } }, ExtendedJsonMode.Relaxed);
        Assert.Equal("{\"é\":\"☆\\u0001\\\"\"}", json);
    }

    [Fact]
    public void Values_nested_too_deep_are_refused()
    {
        BsonValue value = new BsonArray();
        for (var i = 0; i < BsonValue.MaxDepth; i++)
        {
            value = new BsonArray { value };
        }

        Assert.Throws<ArgumentException>(() => ExtendedJson.ToJson(value, ExtendedJsonMode.Relaxed));
    }
}
