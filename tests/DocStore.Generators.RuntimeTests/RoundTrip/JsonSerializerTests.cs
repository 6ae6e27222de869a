using System.Buffers;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>
/// The generated JSON serializer writes exactly the relaxed Extended JSON the converter gives the C-BSON
/// serializer's output, and reads it (and reordered, reformatted or partial forms of it) back to the same document.
/// </summary>
public class JsonSerializerTests
{
    private static readonly JsonWriterOptions ConverterEscaping = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 40)];

    [Fact]
    public void The_full_document_is_the_converters_text_and_reads_back_equal() => AssertSameAsConverter(EveryMemberKindTests.Full());

    [Fact]
    public void Nulls_and_defaults_are_the_converters_text_and_read_back_equal()
    {
        AssertSameAsConverter(new Everything { Required = "r", Text = null, Bytes = null, MaybeInt = null, MaybeColor = null, MaybeDate = null, MaybePoint = null, Price = null });
        AssertSameAsConverter(new Everything { Required = "" });
    }

    [Theory]
    [InlineData(-0.0)]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    [InlineData(double.Epsilon)]
    [InlineData(double.MaxValue)]
    [InlineData(double.MinValue)]
    [InlineData(1e16)]
    [InlineData(1e15)]
    [InlineData(123456789012345678.0)]
    [InlineData(0.0001)]
    [InlineData(0.00001)]
    [InlineData(0.1)]
    [InlineData(1.0 / 3)]
    [InlineData(-2.5e-300)]
    public void Doubles_are_the_converters_text_and_read_back_exactly(double value)
    {
        var document = EveryMemberKindTests.Full();
        document.Double = value;
        document.Float = (float)value;
        Everything copy = AssertSameAsConverter(document);
        Assert.Equal(value, copy.Double);
        Assert.Equal(double.IsNegative(value) && !double.IsNaN(value), double.IsNegative(copy.Double) && !double.IsNaN(copy.Double));
    }

    [Fact]
    public void Edge_values_of_every_kind_are_the_converters_text_and_read_back_exactly()
    {
        var document = EveryMemberKindTests.Full();
        document.Long = (1L << 53) + 1;
        document.ULong = (1UL << 63) + 7;
        document.Decimal = 0.000m;
        document.Price = new Money(decimal.MinValue, "\"quoted\" \\ back\u0001slash\t<tag>&'");
        document.DateTime = new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(1);
        document.MaybeDate = new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Unspecified);
        document.DateTimeOffset = new DateTimeOffset(DateTime.MinValue.AddHours(14).Ticks, TimeSpan.FromHours(14));
        document.TimeSpan = TimeSpan.MaxValue;
        document.DateOnly = DateOnly.MinValue;
        document.TimeOnly = TimeOnly.MinValue;
        document.Text = "surrogates 😀, CJK 漢字, NUL \0 and DEL \u007f";
        document.Map = new() { ["key with \"quotes\""] = -1, ["ключ"] = int.MaxValue, ["$dollar.dot"] = 0 };
        document.Bytes = [];
        Everything copy = AssertSameAsConverter(document);
        Assert.Equal((1L << 53) + 1, copy.Long);
        Assert.Equal((1UL << 63) + 7, copy.ULong);
        Assert.Equal("0.000", copy.Decimal.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(DateTimeKind.Utc, copy.DateTime.Kind);
        Assert.Equal(DateTimeKind.Unspecified, copy.MaybeDate!.Value.Kind);
        Assert.Equal(TimeSpan.FromHours(14), copy.DateTimeOffset.Offset);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_documents_are_the_converters_text_and_read_back_equal(int seed)
    {
        var random = new Random(seed);
        for (int i = 0; i < 25; i++)
        {
            AssertSameAsConverter(RandomDocuments.Everything(random));
        }
    }

    [Fact]
    public void Records_and_structs_are_the_converters_text_and_read_back_equal()
    {
        var category = new Category(Guid.NewGuid(), "Books");
        Assert.Equal(category, AssertSameAsConverter(CategoryCollection.DocumentModel, category));

        var counter = new Counter(3, 100);
        counter.Hit();
        Counter copy = AssertSameAsConverter(CounterCollection.DocumentModel, counter.WithLimit(99));
        Assert.Equal((3, 100, 1, 99), (copy.Id, copy.Start, copy.Hits, copy.Limit));
    }

    [Fact]
    public void Members_in_any_order_reformatted_with_unknown_members_read_back_equal()
    {
        var original = EveryMemberKindTests.Full();
        var text = JsonNode.Parse(WriteJson(EverythingCollection.DocumentModel, original))!.AsObject();
        var reordered = new JsonObject { ["NoLongerAMember"] = new JsonObject { ["nested"] = new JsonArray(1, "two", null) } };
        foreach (var (name, value) in Enumerable.Reverse(text.ToArray()))
        {
            reordered[name] = value?.DeepClone();
        }

        reordered["AnotherGoneMember"] = 12.5;
        byte[] indented = Encoding.UTF8.GetBytes(reordered.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
        Everything copy = Json(EverythingCollection.DocumentModel).ReadJson(indented);
        Assert.Equal(Converter(EverythingCollection.DocumentModel, original), WriteJson(EverythingCollection.DocumentModel, copy));
    }

    [Fact]
    public void Missing_members_keep_their_initial_values_and_null_keeps_a_value_member_default()
    {
        Everything copy = Json(EverythingCollection.DocumentModel).ReadJson("""{"Id": 3, "Required": "r", "Int": null, "Point": null}"""u8);
        Assert.Equal(3, copy.Id);
        Assert.Equal("r", copy.Required);
        Assert.Equal("init default", copy.InitOnly);
        Assert.Equal("private default", copy.PrivateSet);
        Assert.Equal(0, copy.Int);
        Assert.Equal(default, copy.Point);
        Assert.Empty(copy.List);
    }

    [Fact]
    public void Numbers_in_other_forms_read_when_no_information_is_lost()
    {
        Everything copy = Json(EverythingCollection.DocumentModel).ReadJson(
            """{"Required": "r", "Int": 5.0, "Long": {"$numberLong": "-9"}, "Double": 100000000000000000000, "Decimal": 1.50, "ULong": 18446744073709551615, "Byte": {"$numberDecimal": "255"}}"""u8);
        Assert.Equal((5, -9L, 1e20, 1.50m, ulong.MaxValue, (byte)255), (copy.Int, copy.Long, copy.Double, copy.Decimal, copy.ULong, copy.Byte));
    }

    [Theory]
    [InlineData("""{"Id": 7, "Int": "seven"}""", "7", "Int", "holds a JSON string where the member needs an integer")]
    [InlineData("""{"Int": 1.5, "Id": 8}""", "8", "Int", "holds 1.5, which is out of range for int")]
    [InlineData("""{"Id": 9, "Byte": 256}""", "9", "Byte", "holds 256, which is out of range for byte")]
    [InlineData("""{"Id": 10, "Price": {"Amount": true}}""", "10", "Price.Amount", "holds a JSON boolean where the member needs a number")]
    [InlineData("""{"Id": 11, "Guid": {"$oid": "0123456789abcdef01234567"}}""", "11", "Guid", "holds a JSON {\"$oid\": …} value where the member needs a Guid (binary subtype 4)")]
    [InlineData("""{"Id": 12, "List": {"a": 1}}""", "12", "List", "holds a JSON object where the member needs an array")]
    [InlineData("""{"Flag": 1, "Id": "twelve"}""", null, "Flag", "holds a JSON number 1 where the member needs a boolean")]
    public void A_value_of_the_wrong_type_names_the_collection_key_and_field(string json, string? key, string field, string problem)
    {
        var e = Assert.Throws<DocumentSchemaException>(() => Json(EverythingCollection.DocumentModel).ReadJson(Encoding.UTF8.GetBytes(json)));
        Assert.Equal("Kitchen", e.Collection);
        Assert.Equal(key, e.Key);
        Assert.Equal(field, e.FieldPath);
        Assert.Equal(problem, e.Problem);
        Assert.Contains($"collection 'Kitchen'", e.Message, StringComparison.Ordinal);
    }

    /// <summary>Writes <paramref name="document"/> both ways, asserts the texts are equal, reads the JSON back and asserts it writes the same JSON and C-BSON.</summary>
    private static Everything AssertSameAsConverter(Everything document) => AssertSameAsConverter(EverythingCollection.DocumentModel, document);

    private static T AssertSameAsConverter<T, TKey>(ICollectionModel<T, TKey> model, T document)
        where TKey : notnull
    {
        string expected = Converter(model, document);
        string actual = WriteJson(model, document);
        Assert.Equal(expected, actual);

        T copy = Json(model).ReadJson(Encoding.UTF8.GetBytes(actual));
        Assert.Equal(expected, WriteJson(model, copy));
        if (!expected.Contains("NaN", StringComparison.Ordinal))
        {
            // The C-BSON bytes too (NaN's sign bit is not kept by the text, as with the converter).
            var fields = new FieldDictionary();
            Assert.Equal(Bytes.Write(model, document, fields), Bytes.Write(model, copy, fields));
        }

        return copy;
    }

    private static string Converter<T, TKey>(ICollectionModel<T, TKey> model, T document)
        where TKey : notnull
    {
        var fields = new FieldDictionary();
        return CBsonDocumentConverter.ToExtendedJson(Bytes.Write(model, document, fields), fields, ExtendedJsonMode.Relaxed);
    }

    private static string WriteJson<T, TKey>(ICollectionModel<T, TKey> model, T document)
        where TKey : notnull
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, ConverterEscaping))
        {
            Json(model).WriteJson(writer, document);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    private static IJsonDocumentSerializer<T> Json<T, TKey>(ICollectionModel<T, TKey> model)
        where TKey : notnull => Assert.IsAssignableFrom<IJsonDocumentSerializer<T>>(model);
}
