using System.Buffers;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

public class LimitTests
{
    [Fact]
    public void A_document_of_exactly_16_MiB_is_written_and_read()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(output);
        writer.WriteStartDocument();
        // 4 (length) + 3 (header) + 5 (binary header) + payload + 1 (terminator) = 16 MiB.
        writer.WriteBinary(1, new byte[CBsonLimits.MaxDocumentSize - 13], BsonBinarySubtype.Generic);
        writer.WriteEndDocument();
        Assert.Equal(CBsonLimits.MaxDocumentSize, output.WrittenCount);
        CBsonValidator.Validate(output.WrittenSpan);
    }

    [Fact]
    public void Writing_one_byte_past_16_MiB_throws_a_limit_error_naming_the_limit_and_commits_nothing()
    {
        var output = new ArrayBufferWriter<byte>();
        var error = Assert.Throws<CBsonLimitException>(() =>
        {
            var writer = new CBsonWriter(output);
            writer.WriteStartDocument();
            writer.WriteBinary(1, new byte[CBsonLimits.MaxDocumentSize - 12], BsonBinarySubtype.Generic);
            writer.WriteEndDocument();
        });
        Assert.Contains("16777217", error.Message, StringComparison.Ordinal);
        Assert.Contains("16777216", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, output.WrittenCount);
    }

    [Fact]
    public void A_large_span_still_stops_at_16_MiB()
    {
        var buffer = new byte[CBsonLimits.MaxDocumentSize + 100];
        Assert.Throws<CBsonLimitException>(() =>
        {
            var writer = new CBsonWriter(buffer);
            writer.WriteStartDocument();
            writer.WriteString(1, new string('a', CBsonLimits.MaxDocumentSize));
        });
    }

    [Fact]
    public void Reading_an_input_larger_than_16_MiB_is_a_format_error()
    {
        var bytes = new byte[CBsonLimits.MaxDocumentSize + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        Assert.Throws<BsonFormatException>(() => new CBsonReader(bytes));
        Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(bytes));
    }

    [Fact]
    public void A_full_fixed_span_throws_a_limit_error_naming_its_size()
    {
        var buffer = new byte[20];
        var error = Assert.Throws<CBsonLimitException>(() =>
        {
            var writer = new CBsonWriter(buffer);
            writer.WriteStartDocument();
            writer.WriteString(1, "this does not fit in twenty bytes");
        });
        Assert.Contains("20 bytes", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Text_fits_a_span_that_holds_its_exact_size_though_not_its_worst_case()
    {
        // 4 + (3 + 4 + 21 + 1) + (3 + 11 + 1) + 1 = 49 bytes ("é" is 2 bytes of UTF-8); the worst case
        // for the 20 chars alone would be 60 bytes.
        var text = new string('q', 19) + "é";
        var buffer = new byte[49];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteString(1, text);
        writer.WriteRegularExpression(2, "abcdefghij", "");
        writer.WriteEndDocument();
        Assert.Equal(49, writer.BytesWritten);
        var reader = new CBsonReader(buffer);
        Assert.True(reader.Read());
        Assert.Equal(text, reader.GetString());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Depth_100_is_written_and_depth_101_throws(bool arrays)
    {
        var buffer = new byte[4096];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        for (var depth = 2; depth <= CBsonLimits.MaxDepth; depth++)
        {
            OpenChild(ref writer, arrays);
        }

        Assert.Equal(CBsonLimits.MaxDepth, writer.Depth);
        try
        {
            OpenChild(ref writer, arrays);
            Assert.Fail("expected CBsonLimitException at depth 101");
        }
        catch (CBsonLimitException e)
        {
            Assert.Contains("101", e.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Depth_100_is_read_and_validated_and_depth_101_is_a_format_error(bool arrays)
    {
        var ok = SampleDocuments.Nested(CBsonLimits.MaxDepth, arrays);
        CBsonValidator.Validate(ok);
        Assert.Equal(CBsonLimits.MaxDepth, ReadToBottom(ok));

        var tooDeep = SampleDocuments.Nested(CBsonLimits.MaxDepth + 1, arrays);
        Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(tooDeep));
        Assert.Throws<BsonFormatException>(() => ReadToBottom(tooDeep));
    }

    [Fact]
    public void The_scope_of_code_with_scope_counts_as_a_level()
    {
        var buffer = new byte[4096];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        for (var depth = 2; depth < CBsonLimits.MaxDepth; depth++)
        {
            writer.WriteStartDocument(1);
        }

        writer.WriteStartJavaScriptWithScope(1, "code");
        Assert.Equal(CBsonLimits.MaxDepth, writer.Depth);
        try
        {
            writer.WriteStartJavaScriptWithScope(1, "code");
            Assert.Fail("expected CBsonLimitException");
        }
        catch (CBsonLimitException)
        {
        }
    }

    private static void OpenChild(ref CBsonWriter writer, bool arrays)
    {
        if (writer.Depth > 1 && arrays)
        {
            writer.WriteStartArray();
        }
        else if (arrays)
        {
            writer.WriteStartArray(1);
        }
        else
        {
            writer.WriteStartDocument(1);
        }
    }

    private static int ReadToBottom(byte[] document)
    {
        var reader = new CBsonReader(document);
        while (reader.Read())
        {
            reader = reader.Type == BsonType.Array ? reader.GetArrayReader() : reader.GetDocumentReader();
        }

        return reader.Depth;
    }
}
