namespace DocStore.Generators.RuntimeTests.Linq.Temporal;

/// <summary>
/// Ties in an ordering come in primary-key order (docs/guide/indexes-and-queries.md, "Ordering"), also when
/// the index delivers the order and equal values differ in their keys: a DateTimeOffset at one instant with
/// several offsets, a DateTime at one tick count with several kinds. Known to fail: the walk yields such ties
/// grouped by offset (or kind), then by key.
/// </summary>
public sealed class TemporalTieOrderTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private static List<Visit> Seed(VisitDb db)
    {
        var visits = new List<Visit>();
        for (var id = 1; id <= 40; id++)
        {
            // Offsets that descend as the key grows, so offset order and key order disagree.
            var offset = TimeSpan.FromHours(10 - (id % 5) * 4);
            var kind = (DateTimeKind)(2 - id % 3);
            visits.Add(new Visit { Id = id, Seen = Instant.ToOffset(offset), Stamp = new DateTime(Instant.Ticks, kind) });
        }

        db.Visits.InsertMany(visits);
        return visits;
    }

    [Fact]
    public void A_range_ordered_by_a_DateTimeOffset_index_returns_equal_instants_in_key_order()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);
        var min = Instant.AddHours(-1);

        var got = db.Visits.Query().Where(v => v.Seen >= min).OrderBy(v => v.Seen).Take(10).Select(v => v.Id).ToList();
        var expected = visits.Where(v => v.Seen >= min).OrderBy(v => v.Seen).ThenBy(v => v.Id).Take(10).Select(v => v.Id).ToList();
        Assert.Equal(expected, got);
    }

    [Fact]
    public void An_explicit_ThenBy_on_the_key_after_a_DateTime_index_ordering_is_honoured()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);

        var got = db.Visits.Query().OrderBy(v => v.Stamp).ThenBy(v => v.Id).Take(10).Select(v => v.Id).ToList();
        var expected = visits.OrderBy(v => v.Stamp).ThenBy(v => v.Id).Take(10).Select(v => v.Id).ToList();
        Assert.Equal(expected, got);
    }

    [Fact]
    public void Sql_order_by_a_DateTimeOffset_index_with_a_limit_returns_ties_in_key_order()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = Seed(db);

        var got = db.Sql.Query("SELECT Id FROM Visits ORDER BY Seen, Id LIMIT 10").Select(r => r["Id"].AsInt32).ToList();
        var expected = visits.OrderBy(v => v.Seen).ThenBy(v => v.Id).Take(10).Select(v => v.Id).ToList();
        Assert.Equal(expected, got);
    }
}
