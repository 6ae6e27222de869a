using System.Text;
using System.Text.Json;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

// Not "...Tests.ExtendedJson": a namespace of that name would hide the ExtendedJson class in the whole test project.
namespace DocStore.Bson.Tests.ExtendedJsonFormat;

public class ExtendedJsonParseTests
{
    [Fact]
    public void Relaxed_numbers_become_the_smallest_fitting_integer_or_a_double()
    {
        var document = Parse("{\"a\": 1, \"b\": 2147483648, \"c\": 1.0, \"d\": 1e2, \"e\": 99999999999999999999, \"f\": -0.0}");
        Assert.IsType<BsonInt32>(document["a"]);
        Assert.IsType<BsonInt64>(document["b"]);
        Assert.IsType<BsonDouble>(document["c"]);
        Assert.Equal(100.0, document["d"].AsDouble);
        Assert.Equal(1e20, document["e"].AsDouble);
        Assert.True(double.IsNegative(document["f"].AsDouble));
    }

    [Fact]
    public void Uuid_strings_become_binary_subtype_4()
    {
        var document = Parse("{\"u\": {\"$uuid\": \"73FFD264-44b3-4c69-90e8-e7d1dfc035d4\"}}");
        Assert.Equal(Guid.Parse("73ffd264-44b3-4c69-90e8-e7d1dfc035d4"), ((BsonBinaryData)document["u"]).ToGuid());
    }

    [Fact]
    public void Legacy_binary_regex_and_date_forms_are_accepted_only_when_enabled()
    {
        const string Legacy = "{\"b\": {\"$type\": \"80\", \"$binary\": \"AQI=\"}, \"r\": {\"$options\": \"xi\", \"$regex\": \"^a\"}, " +
                              "\"d\": {\"$date\": -5}}";
        var document = ExtendedJson.Parse(Legacy, allowLegacyForms: true);
        Assert.Equal(new BsonBinaryData([1, 2], (BsonBinarySubtype)0x80), document["b"]);
        Assert.Equal(new BsonRegularExpression("^a", "ix"), document["r"]);
        Assert.Equal(new BsonDateTime(-5), document["d"]);

        Assert.Throws<BsonFormatException>(() => Parse(Legacy));
        Assert.IsType<BsonDocument>(Parse("{\"r\": {\"$options\": \"xi\", \"$regex\": \"^a\"}}")["r"]);
        Assert.Throws<BsonFormatException>(() => ExtendedJson.Parse("{\"b\": {\"$type\": \"zz\", \"$binary\": \"AQI=\"}}", allowLegacyForms: true));
    }

    [Fact]
    public void The_top_level_object_is_a_document_even_with_type_keys()
    {
        var document = Parse("{\"$oid\": \"57e193d7a9cc81b4027498b5\", \"$date\": 5}");
        Assert.Equal(new BsonDocument { { "$oid", "57e193d7a9cc81b4027498b5" }, { "$date", 5 } }, document);
    }

    [Fact]
    public void Query_operators_that_resemble_wrappers_stay_documents()
    {
        var document = Parse("{\"q\": {\"$regex\": \"^a\"}, \"t\": {\"$type\": \"string\"}, \"r\": {\"$ref\": \"c\", \"$id\": 1}}");
        Assert.IsType<BsonDocument>(document["q"]);
        Assert.IsType<BsonDocument>(document["t"]);
        Assert.Equal(new BsonDocument { { "$ref", "c" }, { "$id", 1 } }, document["r"]);
    }

    [Theory]
    [InlineData("2012-12-24T12:15:30.501Z", 1356351330501L)]
    [InlineData("2012-12-24T12:15:30Z", 1356351330000L)]
    [InlineData("2012-12-24T14:15:30.5+02:00", 1356351330500L)]
    [InlineData("2012-12-24T07:15:30.501000-0500", 1356351330501L)]
    [InlineData("1969-12-31T23:59:59.999Z", -1L)]
    [InlineData("2000-02-29T00:00:00Z", 951782400000L)]
    public void Iso_dates_parse_to_milliseconds(string text, long expected)
    {
        Assert.Equal(expected, Parse($"{{\"d\": {{\"$date\": \"{text}\"}}}}")["d"].AsDateTimeMilliseconds);
    }

    [Theory]
    [InlineData("2012-12-24T12:15:30.5011Z")]
    [InlineData("2012-13-24T12:15:30Z")]
    [InlineData("2001-02-29T00:00:00Z")]
    [InlineData("2012-12-24 12:15:30Z")]
    [InlineData("2012-12-24T12:15:30")]
    [InlineData("2012-12-24T24:00:00Z")]
    [InlineData("2012-12-24T12:15:30+2:00")]
    public void Malformed_iso_dates_are_rejected(string text)
    {
        Assert.Throws<BsonFormatException>(() => Parse($"{{\"d\": {{\"$date\": \"{text}\"}}}}"));
    }

    [Theory]
    [InlineData("{\"a\": {\"$date\": 1356351330501}}")]
    [InlineData("{\"a\": {\"$date\": {\"$numberInt\": \"1\"}}}")]
    [InlineData("{\"a\": {\"$timestamp\": {\"t\": {\"$numberInt\": \"1\"}, \"i\": 1}}}")]
    [InlineData("{\"a\": {\"$timestamp\": {\"t\": -1, \"i\": 1}}}")]
    [InlineData("{\"a\": {\"$timestamp\": {\"t\": 4294967296, \"i\": 1}}}")]
    [InlineData("{\"a\": {\"$numberInt\": \"2147483648\"}}")]
    [InlineData("{\"a\": {\"$numberDouble\": \"1e400\"}}")]
    [InlineData("{\"a\": {\"$numberDouble\": \"inf\"}}")]
    [InlineData("{\"a\": {\"$binary\": {\"base64\": \"AQ I=\", \"subType\": \"00\"}}}")]
    [InlineData("{\"a\": {\"$binary\": {\"base64\": \"AQI=\", \"subType\": \"100\"}}}")]
    [InlineData("{\"a\": {\"$binary\": \"AQI=\"}}")]
    [InlineData("{\"a\": {\"$scope\": {}}}")]
    [InlineData("{\"a\": {\"$code\": \"x\", \"$scope\": {\"$oid\": \"57e193d7a9cc81b4027498b5\"}}}")]
    [InlineData("{\"x\": {\"a\": 1, \"$oid\": \"57e193d7a9cc81b4027498b5\"}}")]
    [InlineData("{\"x\": {\"$oid\": \"57e193d7a9cc81b4027498b5\", \"$oid\": \"57e193d7a9cc81b4027498b5\"}}")]
    [InlineData("{\"a\": {\"$regularExpression\": {\"pattern\": \"a\", \"options\": \"i\", \"options\": \"i\"}}}")]
    [InlineData("{\"a\": 1e400}")]
    [InlineData("{\"a\": 1} {}")]
    [InlineData("[1]")]
    [InlineData("")]
    [InlineData("{\"a\": 1,}")]
    [InlineData("{\"a\": \"\\ud800\"}")]
    [InlineData("{\"a\": {\"$dbPointer\": {\"$ref\": \"b\", \"$id\": \"56e1fc72e0c917e9c4714161\"}}}")]
    [InlineData("{\"a\": {\"$maxKey\": 1.0}}")]
    [InlineData("{\"a\": {\"$undefined\": false}}")]
    public void Malformed_extended_json_is_rejected_with_BsonFormatException(string json)
    {
        Assert.Throws<BsonFormatException>(() => Parse(json));
        Assert.Throws<BsonFormatException>(() => ExtendedJson.Parse(Encoding.UTF8.GetBytes(json)));
    }

    [Fact]
    public void Json_syntax_errors_keep_the_JsonException_as_inner_exception()
    {
        var error = Assert.Throws<BsonFormatException>(() => Parse("{\"a\": tru}"));
        Assert.IsAssignableFrom<JsonException>(error.InnerException);
    }

    [Fact]
    public void Wrapper_errors_report_the_byte_offset()
    {
        var error = Assert.Throws<BsonFormatException>(() => Parse("{\"a\": {\"$oid\": 42}}"));
        Assert.Equal(15, error.Offset);
        Assert.Contains("$oid", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Invalid_utf8_and_unpaired_surrogates_in_the_input_are_rejected()
    {
        Assert.Throws<BsonFormatException>(() => ExtendedJson.Parse(new byte[] { (byte)'{', (byte)'"', 0xE9, (byte)'"', (byte)':', (byte)'1', (byte)'}' }));
        Assert.Throws<BsonFormatException>(() => Parse("{\"a\": \"\uD800\"}"));
    }

    [Fact]
    public void Duplicate_names_are_kept_in_order()
    {
        var document = Parse("{\"a\": 1, \"a\": 2}");
        Assert.Equal(2, document.Count);
        Assert.Equal(new BsonValue[] { 1, 2 }, document.GetAll("a"));
    }

    [Fact]
    public void Nesting_beyond_the_limit_is_rejected_and_never_overflows_the_stack()
    {
        var atLimit = new string('[', BsonValue.MaxDepth - 1) + new string(']', BsonValue.MaxDepth - 1);
        Assert.Single(Parse("{\"a\": " + atLimit + "}"));
        var overLimit = new string('[', BsonValue.MaxDepth) + new string(']', BsonValue.MaxDepth);
        Assert.Throws<BsonFormatException>(() => Parse("{\"a\": " + overLimit + "}"));
        var huge = new string('[', 100_000) + new string(']', 100_000);
        Assert.Throws<BsonFormatException>(() => Parse("{\"a\": " + huge + "}"));
    }

    [Fact]
    public void Code_with_scope_chains_at_the_depth_limit_are_accepted()
    {
        BsonValue value = new BsonDocument();
        for (var level = BsonValue.MaxDepth; level >= 2; level--)
        {
            value = new BsonJavaScriptWithScope("f", value as BsonDocument ?? new BsonDocument { { "d", value } });
        }

        var document = new BsonDocument { { "c", value } };
        var bson = BsonBinary.Write(document);
        var json = ExtendedJson.ToJson(BsonBinary.Read(bson), ExtendedJsonMode.Canonical);
        Assert.Equal(document, Parse(json));
    }

    private static BsonDocument Parse(string json) => ExtendedJson.Parse(json);
}
