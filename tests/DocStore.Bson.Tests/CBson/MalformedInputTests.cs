namespace DocStore.Bson.Tests.CBson;

/// <summary>
/// Each malformation named, with the offset the error reports. Cases are written as hex C-BSON:
/// a document is int32 length, elements (type, uint16 field id, value), 0x00.
/// </summary>
public class MalformedInputTests
{
    [Theory]
    [InlineData("", 0, "at least 5 bytes")]
    [InlineData("0500000000FF", 0, "does not match")]
    [InlineData("06000000000000", 0, "does not match")]
    [InlineData("0500000001", 4, "does not end with 0x00")]
    [InlineData("FFFFFFFF00", 0, "does not match")]
    public void Bad_top_level_frames_are_rejected_by_the_reader_constructor(string hex, long offset, string message)
    {
        var bytes = Convert.FromHexString(hex);
        var error = Assert.Throws<BsonFormatException>(() => new CBsonReader(bytes));
        Assert.Equal(offset, error.Offset);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("080100" + "02" + "00", 7, "Boolean byte is 0x02")]
    [InlineData("100000" + "01000000" + "00", 5, "Field id 0 is reserved")]
    [InlineData("10FFFF" + "01000000" + "00", 5, "Field id 65535 is reserved")]
    [InlineData("200100" + "01000000" + "00", 4, "Unknown element type 0x20")]
    [InlineData("00" + "010001000000" + "00", 4, "End-of-document marker")]
    [InlineData("100100" + "0100" + "00", 7, "Truncated Int32")]
    [InlineData("020100" + "02000000" + "6162" + "00", 12, "not NUL-terminated")]
    [InlineData("020100" + "00000000" + "6100" + "00", 7, "String length 0 is invalid")]
    [InlineData("020100" + "03000000" + "6100" + "00", 7, "exceeds")]
    [InlineData("050100" + "FFFFFFFF" + "0000" + "00", 7, "negative")]
    [InlineData("030100" + "04000000" + "0000000000" + "00", 7, "below the minimum")]
    [InlineData("0B0100" + "6100" + "6969" + "00", 9, "options has no NUL")]
    public void Malformed_elements_are_rejected_with_their_offset(string elementsHex, long offset, string message)
    {
        // The top-level length is computed so that only the named fault remains.
        var elements = Convert.FromHexString(elementsHex);
        var bytes = new byte[4 + elements.Length];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        elements.CopyTo(bytes, 4);
        var error = Assert.Throws<BsonFormatException>(() =>
        {
            var reader = new CBsonReader(bytes);
            while (reader.Read())
            {
            }
        });
        Assert.Equal(offset, error.Offset);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
        Assert.False(CBsonValidator.IsValid(bytes));
    }

    [Fact]
    public void Code_with_scope_whose_parts_disagree_with_its_total_is_rejected()
    {
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteStartJavaScriptWithScope(1, "x");
        writer.WriteEndDocument();
        writer.WriteEndDocument();
        var valid = buffer[..writer.BytesWritten];
        CBsonValidator.Validate(valid);

        // Total (at offset 7) one larger than the parts, with an extra byte inside so it still fits.
        var inflated = new byte[valid.Length + 1];
        valid.AsSpan(0, valid.Length - 1).CopyTo(inflated);
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(inflated, inflated.Length);
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(inflated.AsSpan(7), System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(valid.AsSpan(7)) + 1);
        var error = Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(inflated));
        Assert.Contains("Code-with-scope", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_validator_checks_utf8_that_the_reader_checks_only_when_decoding()
    {
        // {1: "a\xFF"}: framing is fine, content is not UTF-8.
        var bytes = Convert.FromHexString("0F000000" + "020100" + "03000000" + "61FF00" + "00");
        var reader = new CBsonReader(bytes);
        Assert.True(reader.Read());
        Assert.Equal(2, reader.GetStringUtf8().Length);
        Assert.False(reader.Read());
        var error = Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
        Assert.Contains("UTF-8", error.Message, StringComparison.Ordinal);
        Assert.Equal(7, error.Offset);
        Assert.Throws<BsonFormatException>(() =>
        {
            var r = new CBsonReader(bytes);
            r.Read();
            r.GetString();
        });
    }

    [Theory]
    [InlineData("61C3A9", "a\u00E9")]
    [InlineData("F09F9880", "\U0001F600")]
    [InlineData("616263", "abc")]
    public void Strings_decode_on_the_ascii_and_the_general_path(string utf8Hex, string expected)
    {
        var text = Convert.FromHexString(utf8Hex);
        var bytes = new byte[4 + 3 + 4 + text.Length + 1 + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        bytes[4] = 0x02;
        bytes[5] = 0x01;
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(7), text.Length + 1);
        text.CopyTo(bytes.AsSpan(11));
        var reader = new CBsonReader(bytes);
        Assert.True(reader.Read());
        Assert.Equal(System.Text.RegularExpressions.Regex.Unescape(expected), reader.GetString());
    }

    [Theory]
    [InlineData("61C3")]
    [InlineData("ED A0 80")]
    [InlineData("C0AF")]
    public void Invalid_utf8_in_a_string_throws_a_format_exception_with_its_offset(string utf8Hex)
    {
        var text = Convert.FromHexString(utf8Hex.Replace(" ", "", StringComparison.Ordinal));
        var bytes = new byte[4 + 3 + 4 + text.Length + 1 + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        bytes[4] = 0x02;
        bytes[5] = 0x01;
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(7), text.Length + 1);
        text.CopyTo(bytes.AsSpan(11));
        var reader = new CBsonReader(bytes);
        Assert.True(reader.Read());
        try
        {
            reader.GetString();
            Assert.Fail("Invalid UTF-8 was decoded.");
        }
        catch (BsonFormatException e)
        {
            Assert.Equal(7, e.Offset);
        }
    }

    [Fact]
    public void Old_binary_with_a_wrong_inner_length_is_rejected()
    {
        // {1: binary subtype 2, length 5, inner length 2 (should be 1)}
        var bytes = Convert.FromHexString("12000000" + "050100" + "05000000" + "02" + "02000000" + "AA" + "00");
        var error = Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
        Assert.Contains("subtype 2", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Old_binary_too_short_for_its_inner_length_is_rejected()
    {
        // {1: binary subtype 2, length 3}: no room for the inner length, whose absence (-1) once passed for length - 4.
        var bytes = Convert.FromHexString("10000000" + "050100" + "03000000" + "02" + "FFFFFF" + "00");
        var error = Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
        Assert.Contains("subtype 2", error.Message, StringComparison.Ordinal);
        Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.ToBson(bytes, new FieldDictionary()));
    }

    [Fact]
    public void A_nested_document_that_would_swallow_its_parents_terminator_is_rejected()
    {
        // {1: {} } with the inner length claiming one byte more than it has.
        var bytes = Convert.FromHexString("0D000000" + "030100" + "06000000" + "00" + "00");
        var error = Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
        Assert.Equal(7, error.Offset);
    }
}
