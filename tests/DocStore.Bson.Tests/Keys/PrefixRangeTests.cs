using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class PrefixRangeTests
{
    [Fact]
    public void A_string_prefix_range_holds_exactly_the_strings_that_start_with_the_prefix()
    {
        var random = new Random(1101);
        for (var i = 0; i < 10_000; i++)
        {
            var prefix = EdgeGenerators.String(random);
            while (prefix.Length > 0 && char.IsHighSurrogate(prefix[^1]))
            {
                prefix = prefix[..^1];
            }

            var text = random.Next(2) == 0 ? prefix + EdgeGenerators.String(random) : EdgeGenerators.NearString(random, prefix);
            foreach (var descending in new[] { false, true })
            {
                var range = KeyRange.ForStringPrefix(prefix, descending);
                var key = TestKeys.Encode((ref w) => w.WriteString(text, descending));
                if (text.StartsWith(prefix, StringComparison.Ordinal) != range.Contains(key))
                {
                    Assert.Fail($"{NaturalOrder.Describe(text)} starts with {NaturalOrder.Describe(prefix)}: {text.StartsWith(prefix, StringComparison.Ordinal)}, descending={descending}");
                }
            }
        }
    }

    [Fact]
    public void The_ab_range_admits_ab_and_its_extensions_only()
    {
        var range = KeyRange.ForStringPrefix("ab");
        Assert.Equal("206162", Convert.ToHexString(range.Lower.Span));
        Assert.Equal("206163", Convert.ToHexString(range.Upper.Span));
        foreach (var inside in new[] { "ab", "ab\0", "abc", "ab\uFFFF", "ab\uD83D\uDE00" })
        {
            Assert.True(range.Contains(TestKeys.Encode((ref w) => w.WriteString(inside))), NaturalOrder.Describe(inside));
        }

        foreach (var outside in new[] { "", "a", "a\uFFFF", "aa", "ac", "b", "\u00E9" })
        {
            Assert.False(range.Contains(TestKeys.Encode((ref w) => w.WriteString(outside))), NaturalOrder.Describe(outside));
        }
    }

    [Fact]
    public void A_composite_prefix_range_holds_exactly_the_keys_whose_first_components_are_equal()
    {
        var random = new Random(1102);
        for (var i = 0; i < 2_000; i++)
        {
            var schema = CompositeKeyTests.RandomSchema(random);
            if (schema.Length < 2)
            {
                continue;
            }

            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var fixedCount = random.Next(1, schema.Length);
            var range = KeyRange.ForPrefix(CompositeKeyTests.Encode(schema[..fixedCount], values[..fixedCount]));
            for (var j = 0; j < 10; j++)
            {
                var other = values.Select((v, c) => random.Next(3) == 0 ? schema[c].Case.Neighbour(random, v) : random.Next(2) == 0 ? v : schema[c].Case.Generate(random)).ToArray();
                var leadingEqual = Enumerable.Range(0, fixedCount).All(c => schema[c].Case.Compare(values[c], other[c]) == 0);
                Assert.Equal(leadingEqual, range.Contains(CompositeKeyTests.Encode(schema, other)));
            }
        }
    }

    [Fact]
    public void A_string_prefix_after_equal_components_selects_on_both()
    {
        // Index (Country asc, Name desc): everyone in "FR" whose name starts with "Jo".
        var lower = TestKeys.Encode((ref w) =>
        {
            w.WriteString("FR");
            w.WriteStringPrefix("Jo", descending: true);
        });
        var range = KeyRange.ForPrefix(lower);
        (string Country, string Name, bool Inside)[] rows =
        [
            ("FR", "Jo", true), ("FR", "Joan", true), ("FR", "Jo\0", true), ("FR", "J", false), ("FR", "Jp", false),
            ("FRA", "Jo", false), ("F", "Jo", false), ("DE", "Joan", false),
        ];
        foreach (var (country, name, inside) in rows)
        {
            var key = TestKeys.Encode((ref w) =>
            {
                w.WriteString(country);
                w.WriteString(name, descending: true);
                w.WriteInt32(7);
            });
            Assert.True(inside == range.Contains(key), $"{country} {name}");
        }
    }

    [Fact]
    public void A_binary_prefix_range_holds_exactly_the_arrays_that_start_with_the_prefix()
    {
        var random = new Random(1103);
        for (var i = 0; i < 10_000; i++)
        {
            var prefix = EdgeGenerators.Bytes(random);
            var bytes = random.Next(2) == 0 ? [.. prefix, .. EdgeGenerators.Bytes(random)] : EdgeGenerators.NearBytes(random, prefix);
            foreach (var descending in new[] { false, true })
            {
                var range = KeyRange.ForPrefix(TestKeys.Encode((ref w) => w.WriteBinaryPrefix(prefix, descending)));
                var key = TestKeys.Encode((ref w) => w.WriteBinary(bytes.AsSpan(), descending));
                Assert.Equal(bytes.AsSpan().StartsWith(prefix), range.Contains(key));
            }
        }
    }

    [Fact]
    public void The_empty_prefix_range_holds_every_key()
    {
        var range = KeyRange.ForPrefix([]);
        Assert.Equal("FF", Convert.ToHexString(range.Upper.Span));
        Assert.True(range.Contains(TestKeys.Encode((ref w) => w.WriteMinKey())));
        Assert.True(range.Contains(TestKeys.Encode((ref w) => w.WriteMinKey(descending: true))));
        Assert.True(range.Contains(TestKeys.Encode((ref w) => w.WriteMaxKey())));
    }

    [Fact]
    public void The_upper_bound_drops_trailing_FF_bytes_and_increments_the_last_other_byte()
    {
        Span<byte> destination = stackalloc byte[8];
        var length = KeyRange.WritePrefixUpperBound([0x30, 0x41, 0xFF, 0xFF], destination);
        Assert.Equal("3042", Convert.ToHexString(destination[..length]));
        Assert.Throws<ArgumentException>(() => KeyRange.WritePrefixUpperBound([0x30, 0x41], new byte[1]));
        Assert.Throws<ArgumentException>(() => KeyRange.WritePrefixUpperBound([0xFF], new byte[1]));
    }

    [Fact]
    public void A_prefix_cannot_end_inside_a_surrogate_pair_or_be_followed_by_a_component()
    {
        Assert.Throws<ArgumentException>(() => KeyRange.ForStringPrefix("a\uD83D"));
        Assert.Throws<InvalidOperationException>(() => TestKeys.Encode((ref w) =>
        {
            w.WriteStringPrefix("a");
            w.WriteInt32(1);
        }));
    }
}
