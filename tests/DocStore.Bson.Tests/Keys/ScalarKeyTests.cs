using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class ScalarKeyTests
{
    [Fact]
    public void Boolean_keys_sort_false_before_true_and_round_trip() => OrderProperty.Check(KeyCases.Boolean, seed: 801, pairs: 1_000);

    [Fact]
    public void Tag_only_components_have_their_documented_bytes()
    {
        Assert.Equal("01", TestKeys.Hex((ref w) => w.WriteMinKey()));
        Assert.Equal("08", TestKeys.Hex((ref w) => w.WriteNull()));
        Assert.Equal("7F", TestKeys.Hex((ref w) => w.WriteMaxKey()));
        Assert.Equal("F7", TestKeys.Hex((ref w) => w.WriteNull(descending: true)));
        Assert.Equal("4800", TestKeys.Hex((ref w) => w.WriteBoolean(false)));
        Assert.Equal("4801", TestKeys.Hex((ref w) => w.WriteBoolean(true)));
    }

    [Fact]
    public void Types_sort_in_the_documented_cross_type_order_and_descending_reverses_it()
    {
        // One sample per type, in the documented order; extreme values, to show that the tag decides.
        WriteDirected[] ascending =
        [
            (ref w, d) => w.WriteMinKey(d),
            (ref w, d) => w.WriteNull(d),
            (ref w, d) => w.WriteUInt64(ulong.MaxValue, d),
            (ref w, d) => w.WriteDouble(double.NaN, d),
            (ref w, d) => w.WriteDecimal(decimal.MinValue, d),
            (ref w, d) => w.WriteString("", d),
            (ref w, d) => w.WriteBinary(ReadOnlySpan<byte>.Empty, d),
            (ref w, d) => w.WriteGuid(Guid.Empty, d),
            (ref w, d) => w.WriteObjectId(ObjectId.Empty, d),
            (ref w, d) => w.WriteBoolean(false, d),
            (ref w, d) => w.WriteDateTime(DateTime.MinValue, d),
            (ref w, d) => w.WriteDateTimeOffset(DateTimeOffset.MinValue, d),
            (ref w, d) => w.WriteDateOnly(DateOnly.MinValue, d),
            (ref w, d) => w.WriteTimeOnly(TimeOnly.MinValue, d),
            (ref w, d) => w.WriteTimeSpan(TimeSpan.MinValue, d),
            (ref w, d) => w.WriteMaxKey(d),
        ];
        foreach (var descending in new[] { false, true })
        {
            var keys = ascending.Select(write => TestKeys.Encode((ref w) => write(ref w, descending))).ToArray();
            for (var i = 1; i < keys.Length; i++)
            {
                var order = Math.Sign(keys[i - 1].AsSpan().SequenceCompareTo(keys[i]));
                Assert.True(order == (descending ? 1 : -1), $"type {i - 1} vs type {i}, descending={descending}");
            }
        }
    }

    [Fact]
    public void Null_sorts_before_every_value_of_every_type()
    {
        var nullKey = TestKeys.Encode((ref w) => w.WriteNull());
        var random = new Random(802);
        foreach (var keyCase in KeyCases.Composable)
        {
            for (var i = 0; i < 100; i++)
            {
                var value = keyCase.Generate(random);
                var key = TestKeys.Encode((ref w) => keyCase.Write(ref w, value, false));
                Assert.True(nullKey.AsSpan().SequenceCompareTo(key) < 0, keyCase.Name);
            }
        }
    }

    [Fact]
    public void A_nullable_component_reads_back_with_TryReadNull()
    {
        int? missing = null;
        int? present = 42;
        foreach (var value in new[] { missing, present })
        {
            var key = TestKeys.Encode((ref w) =>
            {
                if (value is null)
                {
                    w.WriteNull(descending: true);
                }
                else
                {
                    w.WriteInt32(value.Value, descending: true);
                }
            });
            var reader = new KeyReader(key);
            int? decoded = reader.TryReadNull(descending: true) ? null : reader.ReadInt32(descending: true);
            reader.ExpectEnd();
            Assert.Equal(value, decoded);
        }
    }

    private delegate void WriteDirected(ref KeyWriter writer, bool descending);
}
