using System.Buffers;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

public class BsonConversionTests
{
    [Fact]
    public void Export_restores_names_and_array_keys_byte_for_byte()
    {
        var names = new FieldDictionary();
        var a = names.GetOrAdd("a");
        var b = names.GetOrAdd("bb");
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteInt32(a, 1);
        writer.WriteStartArray(b);
        writer.WriteBoolean(true);
        writer.WriteString("x");
        writer.WriteEndArray();
        writer.WriteEndDocument();

        var bson = CBsonBsonConverter.ToBson(buffer.AsSpan(0, writer.BytesWritten), names);

        // {"a": 1, "bb": [true, "x"]} in standard BSON.
        var expected = Convert.FromHexString(
            "22000000" + "106100" + "01000000" +
            "04626200" + "12000000" + "083000" + "01" + "023100" + "02000000" + "7800" + "00" +
            "00");
        Assert.Equal(expected, bson);
    }

    [Fact]
    public void Seeded_random_documents_survive_cbson_to_bson_to_cbson_unchanged()
    {
        var names = SampleDocuments.Names(RandomDocuments.MaxId);
        var random = new Random(20240601);
        var bsonOutput = new ArrayBufferWriter<byte>();
        var cbsonOutput = new ArrayBufferWriter<byte>();
        for (var i = 0; i < 400; i++)
        {
            var document = RandomDocuments.Create(random, maxDepth: 5);
            bsonOutput.ResetWrittenCount();
            cbsonOutput.ResetWrittenCount();
            var bsonSize = CBsonBsonConverter.ToBson(document, names, bsonOutput);
            Assert.Equal(bsonOutput.WrittenCount, bsonSize);
            var cbsonSize = CBsonBsonConverter.FromBson(bsonOutput.WrittenSpan, names, cbsonOutput);
            Assert.Equal(cbsonOutput.WrittenCount, cbsonSize);
            Assert.Equal(document, cbsonOutput.WrittenSpan.ToArray());
            Assert.Equal(RandomDocuments.MaxId, names.Count);
        }
    }

    [Fact]
    public void Exported_bson_is_standard_bson_with_dictionary_names_and_index_keys()
    {
        var names = SampleDocuments.Names(20);
        var bson = CBsonBsonConverter.ToBson(SampleDocuments.Order(), names);
        var actual = BsonFraming.Names(bson);
        string[] expected =
        [
            "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8",
            "f9", "f9.f10", "f9.f11", "f9.f12",
            "f13", "f13.0", "f13.0.f14", "f13.0.f15", "f13.0.f16", "f13.1", "f13.1.f14", "f13.1.f15", "f13.1.f16", "f13.2", "f13.2.f14", "f13.2.f15", "f13.2.f16",
            "f17", "f17.0", "f17.1", "f18",
        ];
        Assert.Equal(expected, actual);
        CBsonValidator.Walk(bson, isBson: true);
    }

    [Fact]
    public void Export_converts_the_scope_of_code_with_scope_and_patches_its_total_length()
    {
        var names = new FieldDictionary();
        var code = names.GetOrAdd("code");
        var variable = names.GetOrAdd("a_long_variable_name");
        var buffer = new byte[128];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteStartJavaScriptWithScope(code, "f()");
        writer.WriteInt32(variable, 3);
        writer.WriteEndDocument();
        writer.WriteEndDocument();
        var document = buffer[..writer.BytesWritten];

        var bson = CBsonBsonConverter.ToBson(document, names);
        Assert.Equal(["code", "code$scope.a_long_variable_name"], BsonFraming.Names(bson));
        Assert.Equal(document, CBsonBsonConverter.FromBson(bson, names));
    }

    [Fact]
    public void Import_drops_array_keys_whatever_they_are_and_keeps_element_order()
    {
        // {"arr": {"5": 1, "x": 2, "5": 3}} where arr is an array with odd keys.
        var bson = Convert.FromHexString(
            "24000000" + "0461727200" + "1A000000" + "103500" + "01000000" + "107800" + "02000000" + "103500" + "03000000" + "00" + "00");
        var names = new FieldDictionary();
        var cbson = CBsonBsonConverter.FromBson(bson, names);

        var reader = new CBsonReader(cbson);
        Assert.True(reader.Read());
        Assert.Equal(names.GetOrAdd("arr"), reader.FieldId);
        var array = reader.GetArrayReader();
        var values = new List<int>();
        while (array.Read())
        {
            values.Add(array.GetInt32());
        }

        Assert.Equal([1, 2, 3], values);
        Assert.Single(names);
        Assert.Equal(["arr", "arr.0", "arr.1", "arr.2"], BsonFraming.Names(CBsonBsonConverter.ToBson(cbson, names)));
    }

    [Fact]
    public void Import_assigns_ids_in_first_seen_order_and_reuses_them_at_every_level()
    {
        // {"b": {"a": 1, "b": 2}, "a": 3}
        var bson = Convert.FromHexString(
            "22000000" + "036200" + "13000000" + "106100" + "01000000" + "106200" + "02000000" + "00" + "106100" + "03000000" + "00");
        var names = new FieldDictionary();
        var cbson = CBsonBsonConverter.FromBson(bson, names);
        Assert.Equal(1, names.GetOrAdd("b"));
        Assert.Equal(2, names.GetOrAdd("a"));
        Assert.Equal("{1:{2:1@01000000,1:2@02000000,}@13000000100200010000001001000200000000,2:3@03000000,}", CBsonDump.Describe(cbson));
    }

    [Fact]
    public void Export_of_an_unknown_field_id_is_a_format_error_naming_the_id()
    {
        var buffer = new byte[32];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteInt32(4321, 1);
        writer.WriteEndDocument();
        var document = buffer[..writer.BytesWritten];
        var error = Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.ToBson(document, new FieldDictionary()));
        Assert.Contains("4321", error.Message, StringComparison.Ordinal);
        Assert.Equal(5, error.Offset);
    }

    [Fact]
    public void Import_of_an_empty_field_name_is_a_format_error_but_empty_array_keys_are_fine()
    {
        // {"": 1}
        var emptyName = Convert.FromHexString("0B000000" + "1000" + "01000000" + "00");
        Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.FromBson(emptyName, new FieldDictionary()));

        // {"a": ["" : 1]}
        var emptyKey = Convert.FromHexString("13000000" + "046100" + "0B000000" + "1000" + "01000000" + "00" + "00");
        var cbson = CBsonBsonConverter.FromBson(emptyKey, new FieldDictionary());
        CBsonValidator.Validate(cbson);
    }

    [Fact]
    public void Import_into_a_full_dictionary_throws_the_dictionary_full_error()
    {
        var entries = new List<FieldDictionaryEntry> { new(CBsonLimits.MaxFieldId, "last") };
        var names = new FieldDictionary(entries);
        var bson = Convert.FromHexString("0C000000" + "106100" + "01000000" + "00");
        Assert.Throws<FieldDictionaryFullException>(() => CBsonBsonConverter.FromBson(bson, names));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Conversion_in_either_direction_rejects_nesting_past_the_maximum_depth(bool arrays)
    {
        var names = new FieldDictionary([new FieldDictionaryEntry(1, "x")]);
        var ok = SampleDocuments.Nested(CBsonLimits.MaxDepth, arrays);
        var bson = CBsonBsonConverter.ToBson(ok, names);
        Assert.Equal(ok, CBsonBsonConverter.FromBson(bson, names));

        Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.ToBson(SampleDocuments.Nested(CBsonLimits.MaxDepth + 1, arrays), names));
        var deepBson = AddLevel(bson);
        Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.FromBson(deepBson, names));
    }

    [Fact]
    public void Nothing_is_committed_to_the_output_when_the_input_is_malformed()
    {
        var document = SampleDocuments.Order();
        document[^2] = 0x20;
        var output = new ArrayBufferWriter<byte>();
        Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.ToBson(document, SampleDocuments.Names(20), output));
        Assert.Equal(0, output.WrittenCount);
    }

    // Wraps a BSON document as the value of field "x" of a new top-level document.
    private static byte[] AddLevel(byte[] bson)
    {
        var wrapped = new byte[4 + 3 + bson.Length + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(wrapped, wrapped.Length);
        wrapped[4] = (byte)BsonType.Document;
        wrapped[5] = (byte)'x';
        bson.CopyTo(wrapped, 7);
        return wrapped;
    }
}
