using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class TemporalKeyTests
{
    [Fact]
    public void DateTime_keys_sort_by_ticks_then_kind_and_round_trip_with_kind() =>
        OrderProperty.Check(KeyCases.DateTime, seed: 701);

    [Fact]
    public void DateTimeOffset_keys_sort_by_instant_then_offset_and_round_trip_with_offset() =>
        OrderProperty.Check(KeyCases.DateTimeOffset, seed: 702);

    [Fact]
    public void DateOnly_keys_sort_by_date_and_round_trip() => OrderProperty.Check(KeyCases.DateOnly, seed: 703);

    [Fact]
    public void TimeOnly_keys_sort_by_time_and_round_trip() => OrderProperty.Check(KeyCases.TimeOnly, seed: 704);

    [Fact]
    public void TimeSpan_keys_sort_by_signed_ticks_and_round_trip() => OrderProperty.Check(KeyCases.TimeSpan, seed: 705);

    [Fact]
    public void DateTime_kind_is_part_of_the_key()
    {
        var utc = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        var local = DateTime.SpecifyKind(utc, DateTimeKind.Local);
        Assert.Equal(utc, local);
        Assert.NotEqual(TestKeys.Encode((ref w) => w.WriteDateTime(utc)), TestKeys.Encode((ref w) => w.WriteDateTime(local)));
        Assert.Equal(DateTimeKind.Local, new KeyReader(TestKeys.Encode((ref w) => w.WriteDateTime(local))).ReadDateTime().Kind);
    }

    [Fact]
    public void DateTimeOffset_instants_sort_before_offsets()
    {
        var noonInParis = new DateTimeOffset(2024, 6, 1, 12, 0, 0, TimeSpan.FromHours(2));
        var sameInstantInLondon = noonInParis.ToOffset(TimeSpan.FromHours(1));
        var oneTickLaterInTokyo = noonInParis.AddTicks(1).ToOffset(TimeSpan.FromHours(9));
        var paris = TestKeys.Encode((ref w) => w.WriteDateTimeOffset(noonInParis));
        var london = TestKeys.Encode((ref w) => w.WriteDateTimeOffset(sameInstantInLondon));
        var tokyo = TestKeys.Encode((ref w) => w.WriteDateTimeOffset(oneTickLaterInTokyo));
        Assert.True(london.AsSpan().SequenceCompareTo(paris) < 0);
        Assert.True(paris.AsSpan().SequenceCompareTo(tokyo) < 0);
        Assert.Equal(TimeSpan.FromHours(1), new KeyReader(london).ReadDateTimeOffset().Offset);
    }

    [Fact]
    public void Temporal_layouts_are_fixed_size_big_endian()
    {
        Assert.Equal("502370297264030001", TestKeys.Hex((ref w) => w.WriteDateTime(new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc))));
        Assert.Equal("5108DC0A5C9900C0000348", TestKeys.Hex((ref w) => w.WriteDateTimeOffset(new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero))));
        Assert.Equal("52000000", TestKeys.Hex((ref w) => w.WriteDateOnly(DateOnly.MinValue)));
        Assert.Equal("53C92A69BFFF", TestKeys.Hex((ref w) => w.WriteTimeOnly(TimeOnly.MaxValue)));
        Assert.Equal("548000000000000000", TestKeys.Hex((ref w) => w.WriteTimeSpan(TimeSpan.Zero)));
        Assert.Equal("547FFFFFFFFFFFFFFF", TestKeys.Hex((ref w) => w.WriteTimeSpan(new TimeSpan(-1))));
    }
}
