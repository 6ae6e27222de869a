namespace DocStore.Bson.Tests.CBson;

/// <summary>The byte examples in docs/format.md, checked byte for byte so the spec cannot drift from the code.</summary>
public class FormatExampleTests
{
    private delegate void WriteAction(ref CBsonWriter writer);

    [Fact]
    public void Example_document_with_a_string_and_an_int32()
    {
        AssertBytes(
            "17000000" + "02" + "0100" + "04000000" + "41646100" + "10" + "0200" + "24000000" + "00",
            (ref CBsonWriter w) =>
            {
                w.WriteString(1, "Ada");
                w.WriteInt32(2, 36);
            });
    }

    [Fact]
    public void Example_array_elements_carry_no_names_in_cbson_and_index_keys_in_bson()
    {
        var cbson = AssertBytes(
            "16000000" + "04" + "0300" + "0E000000" + "02" + "02000000" + "6100" + "08" + "01" + "00" + "00",
            (ref CBsonWriter w) =>
            {
                w.WriteStartArray(3);
                w.WriteString("a");
                w.WriteBoolean(true);
                w.WriteEndArray();
            });
        var names = new FieldDictionary([new FieldDictionaryEntry(3, "tags")]);
        Assert.Equal(
            "1D000000" + "04" + "7461677300" + "12000000" + "02" + "3000" + "02000000" + "6100" + "08" + "3100" + "01" + "00" + "00",
            Convert.ToHexString(CBsonBsonConverter.ToBson(cbson, names)));
    }

    [Fact]
    public void Example_extension_types()
    {
        var ticks = 638_397_614_451_234_567L;
        AssertBytes(
            "54000000" +
            "05" + "0100" + "09000000" + "80" + "0797D27A3F0BDC08" + "01" +
            "05" + "0200" + "0A000000" + "81" + "0797D27A3F0BDC08" + "5901" +
            "05" + "0300" + "08000000" + "82" + "0064596DF3FFFFFF" +
            "05" + "0400" + "04000000" + "83" + "46460B00" +
            "05" + "0500" + "08000000" + "84" + "40847A5273000000" +
            "00",
            (ref CBsonWriter w) =>
            {
                w.WriteDateTime(1, new DateTime(ticks, DateTimeKind.Utc));
                w.WriteDateTimeOffset(2, new DateTimeOffset(ticks, TimeSpan.FromMinutes(345)));
                w.WriteTimeSpan(3, TimeSpan.FromHours(-1.5));
                w.WriteDateOnly(4, new DateOnly(2024, 1, 2));
                w.WriteTimeOnly(5, new TimeOnly(13, 45, 30, 500));
            });
    }

    [Fact]
    public void Example_guid_and_decimal()
    {
        AssertBytes(
            "30000000" +
            "05" + "0100" + "10000000" + "04" + "00112233445566778899AABBCCDDEEFF" +
            "13" + "0200" + "9600000000000000" + "0000000000003C30" +
            "00",
            (ref CBsonWriter w) =>
            {
                w.WriteGuid(1, Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
                w.WriteDecimal(2, 1.50m);
            });
    }

    [Fact]
    public void Example_code_with_scope()
    {
        AssertBytes(
            "1E000000" + "0F" + "0100" + "16000000" + "02000000" + "7800" + "0C000000" + "10" + "0200" + "01000000" + "00" + "00",
            (ref CBsonWriter w) =>
            {
                w.WriteStartJavaScriptWithScope(1, "x");
                w.WriteInt32(2, 1);
                w.WriteEndDocument();
            });
    }

    private static byte[] AssertBytes(string expectedHex, WriteAction body)
    {
        var buffer = new byte[256];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        body(ref writer);
        writer.WriteEndDocument();
        var bytes = buffer[..writer.BytesWritten];
        Assert.Equal(expectedHex, Convert.ToHexString(bytes));
        CBsonValidator.Validate(bytes);
        return bytes;
    }
}
