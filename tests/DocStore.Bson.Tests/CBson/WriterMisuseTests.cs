namespace DocStore.Bson.Tests.CBson;

public class WriterMisuseTests
{
    private delegate void WriterAction(ref CBsonWriter writer);

    public static TheoryData<string> Cases => new()
    {
        "end document without start",
        "end array without start",
        "value before any document",
        "value without field id in a document",
        "field id inside an array",
        "two field ids in a row",
        "end document with a pending field id",
        "end document inside an array",
        "end array inside a document",
        "start array at the top level",
        "second top-level document",
        "value after the document is complete",
        "field id before any document",
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Misuse_throws_InvalidOperationException(string name)
    {
        WriterAction action = name switch
        {
            "end document without start" => (ref CBsonWriter w) => w.WriteEndDocument(),
            "end array without start" => (ref CBsonWriter w) => w.WriteEndArray(),
            "value before any document" => (ref CBsonWriter w) => w.WriteInt32(1),
            "value without field id in a document" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteInt32(1); }
            ,
            "field id inside an array" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteStartArray(1); w.WriteFieldId(2); }
            ,
            "two field ids in a row" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteFieldId(1); w.WriteFieldId(2); }
            ,
            "end document with a pending field id" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteFieldId(1); w.WriteEndDocument(); }
            ,
            "end document inside an array" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteStartArray(1); w.WriteEndDocument(); }
            ,
            "end array inside a document" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteEndArray(); }
            ,
            "start array at the top level" => (ref CBsonWriter w) => w.WriteStartArray(),
            "second top-level document" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteEndDocument(); w.WriteStartDocument(); }
            ,
            "value after the document is complete" => (ref CBsonWriter w) => { w.WriteStartDocument(); w.WriteEndDocument(); w.WriteNull(); }
            ,
            "field id before any document" => (ref CBsonWriter w) => w.WriteFieldId(1),
            _ => throw new ArgumentOutOfRangeException(nameof(name)),
        };

        var error = Assert.Throws<InvalidOperationException>(() =>
        {
            var writer = new CBsonWriter(new byte[64]);
            action(ref writer);
        });
        Assert.IsNotType<CBsonLimitException>(error);
    }

    [Fact]
    public void A_default_writer_has_no_destination()
    {
        var error = Assert.Throws<InvalidOperationException>(() =>
        {
            var writer = default(CBsonWriter);
            writer.WriteStartDocument();
        });
        Assert.IsNotType<CBsonLimitException>(error);
    }

    [Theory]
    [InlineData((ushort)0)]
    [InlineData((ushort)65535)]
    public void Reserved_field_ids_are_rejected(ushort id)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() =>
        {
            var writer = new CBsonWriter(new byte[64]);
            writer.WriteStartDocument();
            writer.WriteFieldId(id);
        });
    }

    [Fact]
    public void Unpaired_surrogate_throws_ArgumentException_naming_the_problem_and_leaves_the_writer_usable()
    {
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        try
        {
            writer.WriteString(1, "ab\uD800c");
            Assert.Fail("expected ArgumentException");
        }
        catch (ArgumentException e)
        {
            Assert.Contains("surrogate", e.Message, StringComparison.Ordinal);
            Assert.Contains("index 2", e.Message, StringComparison.Ordinal);
        }

        // The failed value left nothing behind and the field id is still pending.
        writer.WriteString("ok");
        writer.WriteEndDocument();
        var reader = new CBsonReader(buffer.AsSpan(0, writer.BytesWritten));
        Assert.True(reader.Read());
        Assert.Equal(1, reader.FieldId);
        Assert.Equal("ok", reader.GetString());
        Assert.False(reader.Read());
    }

    [Fact]
    public void Nul_is_rejected_in_regular_expressions_but_allowed_in_strings()
    {
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteString(1, "a\0b");
        try
        {
            writer.WriteRegularExpression(2, "a\0b", "i");
            Assert.Fail("expected ArgumentException");
        }
        catch (ArgumentException e)
        {
            Assert.Contains("NUL", e.Message, StringComparison.Ordinal);
        }

        try
        {
            writer.WriteRegularExpressionUtf8("a"u8, "i\0"u8);
            Assert.Fail("expected ArgumentException");
        }
        catch (ArgumentException e)
        {
            Assert.Contains("NUL", e.Message, StringComparison.Ordinal);
        }

        writer.WriteNull();
        writer.WriteEndDocument();
        CBsonValidator.Validate(buffer.AsSpan(0, writer.BytesWritten));
    }

    [Fact]
    public void Invalid_utf8_is_rejected()
    {
        Assert.Throws<ArgumentException>(() =>
        {
            var writer = new CBsonWriter(new byte[64]);
            writer.WriteStartDocument();
            writer.WriteStringUtf8(1, [0x61, 0xC3]);
        });
    }

    [Fact]
    public void Raw_values_must_be_exactly_one_well_framed_value()
    {
        Assert.Throws<ArgumentException>(() => WriteRaw(BsonType.Int32, [1, 2, 3]));
        Assert.Throws<ArgumentException>(() => WriteRaw(BsonType.Int32, [1, 2, 3, 4, 5]));
        Assert.Throws<ArgumentException>(() => WriteRaw(BsonType.String, [5, 0, 0, 0, 0x61, 0]));
        Assert.Throws<ArgumentException>(() => WriteRaw(BsonType.EndOfDocument, []));
        Assert.Throws<ArgumentException>(() => WriteRaw((BsonType)0x20, []));
        WriteRaw(BsonType.String, [2, 0, 0, 0, 0x61, 0]);
    }

    [Fact]
    public void Old_binary_must_carry_its_inner_length()
    {
        Assert.Throws<ArgumentException>(() =>
        {
            var writer = new CBsonWriter(new byte[64]);
            writer.WriteStartDocument();
            writer.WriteBinary(1, [1, 2, 3], BsonBinarySubtype.OldBinary);
        });
    }

    [Fact]
    public void Reader_getter_of_the_wrong_type_is_misuse()
    {
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteInt32(1, 5);
        writer.WriteEndDocument();
        var document = buffer[..writer.BytesWritten];
        var error = Assert.Throws<InvalidOperationException>(() =>
        {
            var reader = new CBsonReader(document);
            reader.Read();
            reader.GetString();
        });
        Assert.Contains("field 1 is Int32, not String", error.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() =>
        {
            var reader = new CBsonReader(document);
            reader.GetInt32();
        });
    }

    private static void WriteRaw(BsonType type, byte[] value)
    {
        var writer = new CBsonWriter(new byte[64]);
        writer.WriteStartDocument();
        writer.WriteRawValue(1, type, value);
    }
}
