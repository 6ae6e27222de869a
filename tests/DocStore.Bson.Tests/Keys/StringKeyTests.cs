using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class StringKeyTests
{
    [Fact]
    public void String_keys_sort_in_code_point_order_and_round_trip_exactly() =>
        OrderProperty.Check(KeyCases.String, seed: 401);

    [Theory]
    [InlineData("", "200000")]
    [InlineData("ab", "2061620000")]
    [InlineData("a\0b", "206100FF620000")]
    [InlineData("\u00E9", "20C3A90000")]
    [InlineData("\uD83D\uDE00", "20F09F98800000")]
    public void String_layout_is_escaped_utf8_then_two_zero_bytes(string value, string hex) =>
        Assert.Equal(hex, TestKeys.Hex((ref w) => w.WriteString(value)));

    [Fact]
    public void A_lone_surrogate_is_written_as_the_3_byte_sequence_of_its_code_point()
    {
        // Not an InlineData: test discovery would replace the lone surrogate with U+FFFD.
        Assert.Equal("20EDA0800000", TestKeys.Hex((ref w) => w.WriteString("\uD800")));
        Assert.Equal("20EDBFBF0000", TestKeys.Hex((ref w) => w.WriteString("\uDFFF")));
    }

    [Fact]
    public void A_prefix_sorts_before_every_longer_string_including_one_continued_by_NUL()
    {
        string[] ascending = ["", "\0", "\0\0", "a", "a\0", "a\0\0", "a\u0001", "ab", "b"];
        var keys = ascending.Select(s => TestKeys.Encode((ref w) => w.WriteString(s))).ToArray();
        for (var i = 1; i < keys.Length; i++)
        {
            Assert.True(keys[i - 1].AsSpan().SequenceCompareTo(keys[i]) < 0, $"{NaturalOrder.Describe(ascending[i - 1])} < {NaturalOrder.Describe(ascending[i])}");
        }
    }

    [Fact]
    public void Order_is_code_point_order_not_utf16_ordinal_order()
    {
        // U+FFFD is one UTF-16 unit above the surrogates but a smaller code point than U+1F600.
        const string Replacement = "\uFFFD";
        const string Emoji = "\uD83D\uDE00";
        Assert.True(string.CompareOrdinal(Replacement, Emoji) > 0);
        var replacementKey = TestKeys.Encode((ref w) => w.WriteString(Replacement));
        var emojiKey = TestKeys.Encode((ref w) => w.WriteString(Emoji));
        Assert.True(replacementKey.AsSpan().SequenceCompareTo(emojiKey) < 0);
    }

    [Fact]
    public void Lone_surrogates_round_trip_and_sort_as_their_code_points()
    {
        string[] ascending = ["\uD7FF", "\uD800", "\uD800x", "\uDBFF", "\uDC00", "\uDFFF", "\uE000", "\uD800\uDC00"];
        byte[]? previous = null;
        foreach (var text in ascending)
        {
            var key = TestKeys.Encode((ref w) => w.WriteString(text));
            Assert.Equal(text, new KeyReader(key).ReadString());
            if (previous is not null)
            {
                Assert.True(previous.AsSpan().SequenceCompareTo(key) < 0, NaturalOrder.Describe(text));
            }

            previous = key;
        }
    }

    [Fact]
    public void A_null_string_is_written_as_a_null_component()
    {
        string? missing = null;
        Assert.Equal(TestKeys.Encode((ref w) => w.WriteNull()), TestKeys.Encode((ref w) => w.WriteString(missing)));
        Assert.NotEqual(TestKeys.Encode((ref w) => w.WriteNull()), TestKeys.Encode((ref w) => w.WriteString("")));
    }

    [Fact]
    public void Long_strings_round_trip_through_pooled_buffers()
    {
        var text = string.Concat(Enumerable.Repeat("x\0\u00E9\uD83D\uDE00", 500));
        foreach (var descending in new[] { false, true })
        {
            var key = TestKeys.Encode((ref w) => w.WriteString(text, descending));
            Assert.Equal(KeyEncoding.GetStringByteCount(text), key.Length);
            Assert.Equal(text, new KeyReader(key).ReadString(descending));
        }
    }

    [Fact]
    public void The_exact_byte_count_matches_the_encoding()
    {
        var random = new Random(402);
        for (var i = 0; i < 2_000; i++)
        {
            var text = EdgeGenerators.String(random);
            var key = TestKeys.Encode((ref w) => w.WriteString(text));
            Assert.Equal(KeyEncoding.GetStringByteCount(text), key.Length);
            Assert.True(key.Length <= KeyEncoding.GetMaxStringByteCount(text.Length));
        }
    }
}
