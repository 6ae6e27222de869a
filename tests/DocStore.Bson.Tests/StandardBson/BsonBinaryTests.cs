using System.Buffers;
using System.Buffers.Binary;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.StandardBson;

public class BsonBinaryTests
{
    [Fact]
    public void Writes_the_bson_specification_example()
    {
        // bsonspec.org: {"hello": "world"}
        var bytes = BsonBinary.Write(new BsonDocument { { "hello", "world" } });
        Assert.Equal("160000000268656C6C6F0006000000776F726C640000", Convert.ToHexString(bytes));
    }

    [Fact]
    public void Arrays_get_decimal_index_names()
    {
        var array = new BsonArray();
        for (var i = 0; i < 11; i++)
        {
            array.Add(i);
        }

        var bytes = BsonBinary.Write(new BsonDocument { { "a", array } });
        var text = System.Text.Encoding.ASCII.GetString(bytes);
        Assert.Contains("\u00109\0", text, StringComparison.Ordinal);
        Assert.Contains("\u001010\0", text, StringComparison.Ordinal);
        Assert.Equal(array, BsonBinary.Read(bytes)["a"]);
    }

    [Fact]
    public void Old_binary_subtype_2_is_written_with_its_inner_length()
    {
        var bytes = BsonBinary.Write(new BsonDocument { { "x", new BsonBinaryData([0xFF, 0xFF], BsonBinarySubtype.OldBinary) } });
        Assert.Equal("13000000057800060000000202000000FFFF00", Convert.ToHexString(bytes));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Old_binary_subtype_2_too_short_for_its_inner_length_is_a_format_error(int length)
    {
        // {"x": binary subtype 2 of `length` bytes of 0xFF}: at length 3 an absent inner length (read as -1)
        // used to equal length - 4 and the reader sliced from offset 4 of 3 bytes.
        var bytes = new byte[4 + 1 + 2 + 4 + 1 + length + 1];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        bytes[4] = 0x05;
        bytes[5] = (byte)'x';
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(7), length);
        bytes[11] = 0x02;
        bytes.AsSpan(12, length).Fill(0xFF);
        var error = Assert.Throws<BsonFormatException>(() => BsonBinary.Read(bytes));
        Assert.Contains("subtype 2", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Buffer_writer_overload_appends_the_same_bytes()
    {
        var document = new BsonDocument { { "a", 1 }, { "b", new BsonDocument { { "c", "d" } } } };
        var buffer = new ArrayBufferWriter<byte>();
        buffer.Write(new byte[] { 0xAA });
        var written = BsonBinary.Write(document, buffer);
        Assert.Equal(buffer.WrittenCount - 1, written);
        Assert.Equal(BsonBinary.Write(document), buffer.WrittenSpan[1..].ToArray());
    }

    [Fact]
    public void Large_values_grow_the_buffer_correctly()
    {
        var big = new string('x', 100_000);
        var document = new BsonDocument { { "s", big }, { "b", new BsonBinaryData(new byte[70_000]) } };
        Assert.Equal(document, BsonBinary.Read(BsonBinary.Write(document)));
    }

    [Fact]
    public void Nesting_of_exactly_the_limit_is_accepted_and_one_more_is_rejected()
    {
        Assert.Equal(BsonValue.MaxDepth, Depth(BsonBinary.Read(BsonBinary.Write(Nested(BsonBinary.MaxDepth)))));

        var tooDeep = Nested(BsonBinary.MaxDepth + 1);
        Assert.Equal(CBsonLimit.Depth, Assert.Throws<CBsonLimitException>(() => BsonBinary.Write(tooDeep)).Limit);
        var error = Assert.Throws<BsonFormatException>(() => BsonBinary.Read(HandNested(BsonBinary.MaxDepth + 1)));
        Assert.Contains("100", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Hugely_nested_input_is_rejected_without_overflowing_the_stack()
    {
        Assert.Throws<BsonFormatException>(() => BsonBinary.Read(HandNested(200_000)));
    }

    [Fact]
    public void Errors_name_the_field_and_the_offset()
    {
        // {"a": true} with the boolean byte 2.
        var error = Assert.Throws<BsonFormatException>(() => BsonBinary.Read(Convert.FromHexString("090000000861000200")));
        Assert.Contains("'a'", error.Message, StringComparison.Ordinal);
        Assert.Equal(7, error.Offset);
    }

    [Fact]
    public void Invalid_utf8_in_a_name_is_rejected()
    {
        // {"\xE9": 1}
        Assert.Throws<BsonFormatException>(() => BsonBinary.Read(Convert.FromHexString("0C00000010E9000100000000")));
    }

    [Fact]
    public void Overlong_and_surrogate_utf8_encodings_are_rejected()
    {
        // "/" encoded overlong as C0 AF, and U+D800 encoded as ED A0 80.
        Assert.Throws<BsonFormatException>(() => BsonBinary.Read(Convert.FromHexString("0F00000002610003000000C0AF0000")));
        Assert.Throws<BsonFormatException>(() => BsonBinary.Read(Convert.FromHexString("1000000002610004000000EDA0800000")));
    }

    [Fact]
    public void Uuid_subtypes_of_unusual_length_are_kept_as_binary_data()
    {
        // The BSON specification and corpus do not restrict subtype 3/4 lengths; the data survives as is.
        var document = new BsonDocument { { "u", new BsonBinaryData([1, 2, 3], BsonBinarySubtype.Uuid) } };
        Assert.Equal(document, BsonBinary.Read(BsonBinary.Write(document)));
    }

    [Fact]
    public void Truncated_or_corrupted_documents_throw_only_BsonFormatException()
    {
        var generator = new Model.RandomDocuments(11, Model.RandomDocumentTarget.Bson);
        var random = new Random(12);
        var attempts = 0;
        for (var d = 0; d < 150; d++)
        {
            var bytes = BsonBinary.Write(generator.Document(maxDepth: 4));
            for (var cut = 0; cut < bytes.Length; cut += 1 + (bytes.Length / 40))
            {
                attempts++;
                Assert.Throws<BsonFormatException>(() => BsonBinary.Read(bytes.AsSpan(0, cut)));
            }

            for (var m = 0; m < 40; m++)
            {
                var corrupt = (byte[])bytes.Clone();
                corrupt[random.Next(corrupt.Length)] = (byte)random.Next(256);
                if (random.Next(3) == 0)
                {
                    corrupt[random.Next(corrupt.Length)] = (byte)random.Next(256);
                }

                attempts++;
                try
                {
                    BsonBinary.Read(corrupt);
                }
                catch (BsonFormatException)
                {
                    // Rejected cleanly; anything else escapes and fails the test.
                }
            }
        }

        Assert.True(attempts > 6000);
    }

    /// <summary>A document whose documents and arrays nest exactly <paramref name="depth"/> levels.</summary>
    private static BsonDocument Nested(int depth)
    {
        BsonValue current = new BsonDocument();
        for (var level = depth - 1; level >= 2; level--)
        {
            current = level % 3 == 0 ? new BsonArray { current } : new BsonDocument { { "d", current } };
        }

        return depth == 1 ? (BsonDocument)current : new BsonDocument { { "top", current } };
    }

    private static int Depth(BsonValue value) => value switch
    {
        BsonDocument document => 1 + document.Values.Select(Depth).DefaultIfEmpty(0).Max(),
        BsonArray array => 1 + array.Select(Depth).DefaultIfEmpty(0).Max(),
        _ => 0,
    };

    /// <summary>Builds {"a": {"a": ... {}}} with <paramref name="depth"/> documents directly as bytes.</summary>
    private static byte[] HandNested(int depth)
    {
        // Each level adds: int32 length, type 0x03, "a\0" before the child and the 0x00 terminator after it.
        var bytes = new byte[(depth * 8) - 3];
        var start = 0;
        for (var level = 1; level <= depth; level++)
        {
            var length = bytes.Length - (8 * (level - 1));
            BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(start), length);
            if (level < depth)
            {
                bytes[start + 4] = 0x03;
                bytes[start + 5] = (byte)'a';
                bytes[start + 6] = 0;
                start += 7;
            }
        }

        return bytes;
    }
}
