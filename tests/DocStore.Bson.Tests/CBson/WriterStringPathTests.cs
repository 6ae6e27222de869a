using DocStore.Bson;

namespace DocStore.Bson.Tests.CBson;

// The writer takes a one-step path for ASCII text that fits and the general transcoder for the rest;
// both must produce the same bytes and the same errors.
public class WriterStringPathTests
{
    [Theory]
    [InlineData("")]
    [InlineData("plain ascii")]
    [InlineData("caf\u00E9 after ascii")]
    [InlineData("\U0001F600 emoji")]
    public void Strings_in_documents_and_arrays_read_back(string text)
    {
        var buffer = new byte[256];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteString(7, text);
        writer.WriteStartArray(8);
        writer.WriteString(text);
        writer.WriteEndArray();
        writer.WriteEndDocument();

        var reader = new CBsonReader(buffer.AsSpan(0, writer.BytesWritten));
        CBsonValidator.Validate(buffer.AsSpan(0, writer.BytesWritten));
        Assert.True(reader.Read());
        Assert.Equal(7, reader.FieldId);
        Assert.Equal(text, reader.GetString());
        Assert.True(reader.Read());
        var array = reader.GetArrayReader();
        Assert.True(array.Read());
        Assert.Equal(text, array.GetString());
        Assert.Equal(System.Text.Encoding.UTF8.GetByteCount(text) + 1, BitConverter.ToInt32(array.GetRawValue()[..4]));
    }

    [Fact]
    public void Ascii_that_exactly_fills_a_fixed_span_is_written_and_one_more_byte_is_a_limit()
    {
        // Document: 4 length + (3 header + 4 length + n + 1 NUL) + 1 terminator = n + 13 bytes.
        var text = new string('x', 20);
        var exact = new byte[text.Length + 13];
        var writer = new CBsonWriter(exact);
        writer.WriteStartDocument();
        writer.WriteString(1, text);
        writer.WriteEndDocument();
        Assert.Equal(exact.Length, writer.BytesWritten);
        var reader = new CBsonReader(exact);
        Assert.True(reader.Read());
        Assert.Equal(text, reader.GetString());

        var small = new byte[text.Length + 11];
        Assert.Throws<CBsonLimitException>(() =>
        {
            var w = new CBsonWriter(small);
            w.WriteStartDocument();
            w.WriteString(1, text);
        });
    }

    [Fact]
    public void A_string_without_a_field_id_in_a_document_is_misuse_on_every_path()
    {
        var buffer = new byte[64];
        Assert.Throws<InvalidOperationException>(() =>
        {
            var w = new CBsonWriter(buffer);
            w.WriteStartDocument();
            w.WriteString("ascii");
        });
        Assert.Throws<InvalidOperationException>(() =>
        {
            var w = new CBsonWriter(buffer);
            w.WriteString("ascii");
        });
    }

    [Fact]
    public void An_unpaired_surrogate_after_ascii_rolls_back_and_the_writer_continues()
    {
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteFieldId(1);
        var before = writer.BytesWritten;
        try
        {
            writer.WriteString("abc\uD800def");
            Assert.Fail("An unpaired surrogate was written.");
        }
        catch (ArgumentException)
        {
        }

        Assert.Equal(before, writer.BytesWritten);
        writer.WriteString("ok");
        writer.WriteEndDocument();
        var reader = new CBsonReader(buffer.AsSpan(0, writer.BytesWritten));
        Assert.True(reader.Read());
        Assert.Equal(1, reader.FieldId);
        Assert.Equal("ok", reader.GetString());
    }
}
