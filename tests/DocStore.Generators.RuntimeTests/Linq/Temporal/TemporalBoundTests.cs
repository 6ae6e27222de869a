namespace DocStore.Generators.RuntimeTests.Linq.Temporal;

/// <summary>
/// The generated <c>FindBy…</c> and <c>CountBy…</c> methods compare temporal members as C# does: an equality
/// finds every offset (or kind) of the instant, and a range's ends include them.
/// </summary>
public sealed class TemporalBoundTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private static List<Visit> Seed(VisitDb db)
    {
        var visits = new List<Visit>();
        for (var id = 1; id <= 30; id++)
        {
            var at = Instant.AddHours(id % 3);
            visits.Add(new Visit { Id = id, Seen = at.ToOffset(TimeSpan.FromHours(10 - (id % 5) * 4)), Stamp = new DateTime(at.Ticks, (DateTimeKind)(2 - id % 3)) });
        }

        db.Visits.InsertMany(visits);
        return visits;
    }

    [Fact]
    public void An_equality_finds_and_counts_every_offset_of_the_instant()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);
        var at = Instant.AddHours(1).ToOffset(TimeSpan.FromHours(3));

        var expected = visits.Where(v => v.Seen == at).Select(v => v.Id).ToList();
        Assert.Equal(10, expected.Count);
        Assert.Equal(expected, db.Visits.FindBySeen(at).Select(v => v.Id));
        Assert.Equal(expected.Count, db.Visits.CountBySeen(at));
        Assert.Equal(expected, db.Sql.Query("SELECT Id FROM Visits WHERE Seen = @at ORDER BY Id", new SqlParameters().Add("at", at.ToString("O", System.Globalization.CultureInfo.InvariantCulture))).Select(r => r["Id"].AsInt32));
    }

    [Fact]
    public void A_DateTime_equality_finds_every_kind_of_the_ticks()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);
        var at = new DateTime(Instant.AddHours(2).Ticks, DateTimeKind.Unspecified);

        var expected = visits.Where(v => v.Stamp == at).Select(v => v.Id).ToList();
        Assert.Equal(10, expected.Count);
        Assert.Equal(expected, db.Visits.FindByStamp(at).Select(v => v.Id));
        Assert.Equal(expected.Count, db.Visits.CountByStamp(at));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_range_includes_every_offset_of_its_ends(bool descending)
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);
        var (min, max) = (Instant.ToOffset(TimeSpan.FromHours(-7)), Instant.AddHours(1).ToOffset(TimeSpan.FromHours(9)));

        var matching = visits.Where(v => v.Seen >= min && v.Seen <= max);
        var expected = (descending ? matching.OrderByDescending(v => v.Seen).ThenByDescending(v => v.Id) : matching.OrderBy(v => v.Seen).ThenBy(v => v.Id)).Select(v => v.Id).ToList();
        Assert.Equal(20, expected.Count);
        Assert.Equal(expected, db.Visits.FindBySeenRange(min, max, new QueryOptions { Descending = descending }).Select(v => v.Id));
    }

    [Fact]
    public void A_composite_equality_with_a_temporal_component_finds_every_offset_and_nothing_else()
    {
        using var db = ShiftDb.OpenInMemory();
        var shifts = new List<Shift>();
        for (var id = 1; id <= 40; id++)
        {
            var at = Instant.AddHours(id % 2);
            shifts.Add(new Shift { Id = id, Name = ((char)('a' + (id % 3))).ToString(), Stamp = at.UtcDateTime, Seen = at.ToOffset(TimeSpan.FromHours(10 - (id % 5) * 4)) });
        }

        db.Shifts.InsertMany(shifts);
        var at1 = Instant.AddHours(1).ToOffset(TimeSpan.FromHours(1));

        var expected = shifts.Where(s => s.Name == "b" && s.Seen == at1).Select(s => s.Id).ToList();
        Assert.NotEmpty(expected);
        Assert.Equal(expected, db.Shifts.FindByNameSeen("b", at1).Select(s => s.Id));
    }
}
