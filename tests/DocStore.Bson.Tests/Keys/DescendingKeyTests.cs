using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class DescendingKeyTests
{
    [Fact]
    public void A_descending_component_is_the_bitwise_complement_of_the_ascending_one()
    {
        var random = new Random(901);
        foreach (var keyCase in KeyCases.Composable)
        {
            for (var i = 0; i < 200; i++)
            {
                var value = keyCase.Generate(random);
                var ascending = TestKeys.Encode((ref w) => keyCase.Write(ref w, value, false));
                var descending = TestKeys.Encode((ref w) => keyCase.Write(ref w, value, true));
                Assert.Equal(ascending.Select(b => (byte)~b), descending);
            }
        }
    }

    [Fact]
    public void Inverted_terminator_and_escape_keep_prefixes_exactly_reversed()
    {
        // Ascending, "a" = 20 61 00 00 and "a\0" = 20 61 00 FF 00 00 differ at byte 3 (00 < FF).
        // Inverted, they are DF 9E FF FF and DF 9E FF 00 FF FF: byte 3 is FF > 00, so the order flips
        // exactly, with the shorter string now after the longer one.
        Assert.Equal("DF9EFFFF", TestKeys.Hex((ref w) => w.WriteString("a", descending: true)));
        Assert.Equal("DF9EFF00FFFF", TestKeys.Hex((ref w) => w.WriteString("a\0", descending: true)));

        string[] ascending = ["", "\0", "\0\0", "\0a", "a", "a\0", "a\0\0", "a\0\u0001", "a\u0001", "ab", "ab\0", "abc", "b", "\u00FF", "\uD800", "\uFFFF", "\uD83D\uDE00"];
        var descendingKeys = ascending.Select(s => TestKeys.Encode((ref w) => w.WriteString(s, descending: true))).ToArray();
        for (var i = 1; i < descendingKeys.Length; i++)
        {
            Assert.True(descendingKeys[i - 1].AsSpan().SequenceCompareTo(descendingKeys[i]) > 0, $"{NaturalOrder.Describe(ascending[i - 1])} sorts after {NaturalOrder.Describe(ascending[i])} when descending");
        }
    }

    [Fact]
    public void Descending_strings_followed_by_other_components_sort_as_the_reversed_string_order()
    {
        // The terminator stops the comparison inside the string: what follows it cannot reorder prefixes.
        (string Text, int Number)[] rows = [("a", 1), ("a", 9), ("a\0", 0), ("ab", -5), ("b", 0)];
        var keys = rows.Select(row => TestKeys.Encode((ref w) =>
        {
            w.WriteString(row.Text, descending: true);
            w.WriteInt32(row.Number);
        })).ToArray();
        var sorted = Enumerable.Range(0, rows.Length).OrderBy(i => keys[i], Comparer<byte[]>.Create((x, y) => x.AsSpan().SequenceCompareTo(y))).Select(i => rows[i]).ToArray();
        Assert.Equal([("b", 0), ("ab", -5), ("a\0", 0), ("a", 1), ("a", 9)], sorted);
    }

    [Fact]
    public void Descending_binary_prefixes_reverse_exactly()
    {
        byte[][] ascending = [[], [0x00], [0x00, 0x00], [0x00, 0xFF], [0x01], [0xFE], [0xFF], [0xFF, 0x00], [0xFF, 0xFF]];
        var keys = ascending.Select(b => TestKeys.Encode((ref w) => w.WriteBinary(b.AsSpan(), descending: true))).ToArray();
        for (var i = 1; i < keys.Length; i++)
        {
            Assert.True(keys[i - 1].AsSpan().SequenceCompareTo(keys[i]) > 0, $"{Convert.ToHexString(ascending[i - 1])} after {Convert.ToHexString(ascending[i])}");
        }
    }

    [Fact]
    public void The_reader_sees_the_direction_in_the_tag_and_rejects_the_wrong_one()
    {
        var key = TestKeys.Encode((ref w) => w.WriteInt32(5, descending: true));
        var reader = new KeyReader(key);
        Assert.True(reader.PeekIsDescending());
        Assert.Equal(KeyType.Integer, reader.PeekType());
        Assert.Throws<BsonFormatException>(() => new KeyReader(key).ReadInt32(descending: false));
        Assert.Equal(5, new KeyReader(key).ReadInt32(descending: true));
    }
}
