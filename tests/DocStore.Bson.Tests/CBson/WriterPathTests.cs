namespace DocStore.Bson.Tests.CBson;

/// <summary>The writer names the value it is at, so a caller can say which field held text it refused.</summary>
public class WriterPathTests
{
    [Fact]
    public void A_refused_string_leaves_the_writer_at_its_field_path()
    {
        var fields = new FieldDictionary();
        var buffer = new byte[256];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        Assert.Equal("", writer.DescribeCurrentPath(fields));
        writer.WriteString(fields.GetOrAdd("Name"), "ok");
        writer.WriteStartDocument(fields.GetOrAdd("Address"));
        writer.WriteStartArray(fields.GetOrAdd("Lines"));
        writer.WriteString("first");
        try
        {
            writer.WriteString("bad\ud800");
            Assert.Fail("A lone surrogate was written.");
        }
        catch (ArgumentException)
        {
        }

        Assert.Equal("Address.Lines[]", writer.DescribeCurrentPath(fields));
        writer.WriteEndArray();
        writer.WriteFieldId(fields.GetOrAdd("City"));
        try
        {
            writer.WriteString("\udc00");
            Assert.Fail("A lone surrogate was written.");
        }
        catch (ArgumentException)
        {
        }

        Assert.Equal("Address.City", writer.DescribeCurrentPath(fields));

        // Ids without a name in the dictionary given are shown as ids.
        Assert.Equal("#2.#4", writer.DescribeCurrentPath(new FieldDictionary()));
    }
}
