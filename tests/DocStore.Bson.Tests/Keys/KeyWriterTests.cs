using System.Buffers;
using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class KeyWriterTests
{
    [Fact]
    public void A_component_that_does_not_fit_throws_ArgumentException_and_keeps_what_was_written()
    {
        var buffer = new byte[5];
        var writer = new KeyWriter(buffer);
        writer.WriteInt32(1);
        try
        {
            writer.WriteInt64(long.MaxValue);
            Assert.Fail("Expected ArgumentException");
        }
        catch (ArgumentException exception)
        {
            Assert.Contains("needs 10 bytes", exception.Message, StringComparison.Ordinal);
        }

        Assert.Equal(3, writer.BytesWritten);
        Assert.Equal("108101", Convert.ToHexString(writer.WrittenSpan));
    }

    [Fact]
    public void A_string_fits_a_span_of_its_exact_size_although_the_worst_case_does_not()
    {
        const string Text = "h\u00E9llo\0";
        var buffer = new byte[KeyEncoding.GetStringByteCount(Text)];
        Assert.True(buffer.Length < KeyEncoding.GetMaxStringByteCount(Text.Length));
        var writer = new KeyWriter(buffer);
        writer.WriteString(Text.AsSpan(), descending: true);
        Assert.Equal(buffer.Length, writer.BytesWritten);
        Assert.Equal(Text, new KeyReader(buffer).ReadString(descending: true));
    }

    [Fact]
    public void Span_and_buffer_writer_targets_produce_the_same_bytes()
    {
        var random = new Random(1301);
        for (var i = 0; i < 1_000; i++)
        {
            var schema = CompositeKeyTests.RandomSchema(random);
            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var viaBufferWriter = CompositeKeyTests.Encode(schema, values);

            var buffer = new byte[viaBufferWriter.Length];
            var writer = new KeyWriter(buffer);
            for (var c = 0; c < schema.Length; c++)
            {
                schema[c].Case.Write(ref writer, values[c], schema[c].Descending);
            }

            Assert.Equal(viaBufferWriter, writer.WrittenSpan.ToArray());
        }
    }

    [Fact]
    public void WrittenSpan_is_only_available_over_a_span()
    {
        var writer = new KeyWriter(new ArrayBufferWriter<byte>());
        writer.WriteNull();
        Assert.Equal(1, writer.BytesWritten);
        try
        {
            _ = writer.WrittenSpan.Length;
            Assert.Fail("Expected InvalidOperationException");
        }
        catch (InvalidOperationException)
        {
            // The buffer writer owns the bytes.
        }
    }

    [Fact]
    public void Documented_maximum_sizes_bound_every_fixed_size_component()
    {
        var random = new Random(1302);
        foreach (var keyCase in KeyCases.Composable)
        {
            for (var i = 0; i < 200; i++)
            {
                var value = keyCase.Generate(random);
                var key = TestKeys.Encode((ref w) => keyCase.Write(ref w, value, false));
                var type = new KeyReader(key).PeekType();
                if (type is KeyType.String or KeyType.Binary)
                {
                    continue;
                }

                Assert.InRange(key.Length, 1, KeyEncoding.GetMaxByteCount(type));
                Assert.InRange(key.Length, 1, KeyEncoding.MaxFixedComponentSize);
            }
        }
    }

    [Fact]
    public void Size_functions_reject_lengths_they_cannot_express()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyEncoding.GetMaxByteCount(KeyType.String));
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyEncoding.GetMaxByteCount((KeyType)0x99));
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyEncoding.GetMaxStringByteCount(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyEncoding.GetMaxStringByteCount(KeyEncoding.MaxStringLength + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => KeyEncoding.GetMaxBinaryByteCount(KeyEncoding.MaxBinaryLength + 1));
        Assert.Equal(3 + (3 * 10), KeyEncoding.GetMaxStringByteCount(10));
        Assert.Equal(3 + (2 * 10), KeyEncoding.GetMaxBinaryByteCount(10));
    }
}
