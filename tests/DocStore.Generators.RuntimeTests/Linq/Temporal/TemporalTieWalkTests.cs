using System.Linq.Expressions;
using DocStore.Linq.Compiled;

namespace DocStore.Generators.RuntimeTests.Linq.Temporal;

/// <summary>
/// Every walk that delivers an ordering from an index returns equal instants (several offsets or kinds) in
/// the order C# gives them: by what follows in the ordering, then by key (the reverse when walked
/// backwards), through the compiled and run-time LINQ paths, SQL, the FindBy range methods and pages.
/// </summary>
public sealed class TemporalTieWalkTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    // Three instants; within each, offsets (and kinds) that run against the key order.
    private static List<Visit> SeedVisits(VisitDb db)
    {
        var visits = new List<Visit>();
        for (var id = 1; id <= 60; id++)
        {
            var at = Instant.AddHours(id % 3);
            var offset = TimeSpan.FromHours(10 - (id % 5) * 4);
            var kind = (DateTimeKind)(2 - id % 3);
            visits.Add(new Visit { Id = id, Seen = at.ToOffset(offset), Stamp = new DateTime(at.Ticks, kind) });
        }

        db.Visits.InsertMany(visits);
        return visits;
    }

    private static List<Shift> SeedShifts(ShiftDb db)
    {
        var shifts = new List<Shift>();
        for (var id = 1; id <= 60; id++)
        {
            var at = Instant.AddHours(id % 2);
            shifts.Add(new Shift
            {
                Id = id,
                Name = ((char)('a' + (id * 7 % 4))).ToString(),
                Stamp = new DateTime(at.Ticks, (DateTimeKind)(2 - id % 3)),
                Seen = at.ToOffset(TimeSpan.FromHours(10 - (id % 5) * 4)),
            });
        }

        db.Shifts.InsertMany(shifts);
        return shifts;
    }

    [Fact]
    public void A_descending_Linq_ordering_returns_equal_instants_as_a_stable_sort_does()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);
        var min = Instant.AddMinutes(30);

        var got = db.Visits.Query().Where(v => v.Seen >= min).OrderByDescending(v => v.Seen).Take(25).Select(v => v.Id).ToList();
        var expected = visits.Where(v => v.Seen >= min).OrderByDescending(v => v.Seen).Take(25).Select(v => v.Id).ToList();
        Assert.Equal(expected, got);
    }

    [Fact]
    public void The_run_time_path_returns_equal_instants_in_key_order()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);
        var min = Instant.AddMinutes(30);

        // Built as an expression tree, so no interceptor sees the chain and the run-time planner runs it.
        Expression<Func<Visit, bool>> where = v => v.Seen >= min;
        Expression<Func<Visit, DateTime>> order = v => v.Stamp;
        var query = Queryable.Take(Queryable.OrderBy(Queryable.Where(db.Visits.Query(), where), order), 25);
        var before = CompiledQuery.RunsOnThisThread;
        var got = query.AsEnumerable().Select(v => v.Id).ToList();
        Assert.Equal(before, CompiledQuery.RunsOnThisThread);

        var expected = visits.Where(v => v.Seen >= min).OrderBy(v => v.Stamp).ThenBy(v => v.Id).Take(25).Select(v => v.Id).ToList();
        var seen = Queryable.Take(Queryable.OrderBy(Queryable.Where(db.Visits.Query(), where), (Expression<Func<Visit, DateTimeOffset>>)(v => v.Seen)), 25)
            .AsEnumerable().Select(v => v.Id).ToList();
        Assert.Equal(expected, got);
        Assert.Equal(visits.Where(v => v.Seen >= min).OrderBy(v => v.Seen).ThenBy(v => v.Id).Take(25).Select(v => v.Id).ToList(), seen);
    }

    [Fact]
    public void Sql_order_by_descending_with_a_limit_returns_ties_in_descending_key_order()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);

        var seen = db.Sql.Query("SELECT Id FROM Visits ORDER BY Seen DESC, Id DESC LIMIT 25").Select(r => r["Id"].AsInt32).ToList();
        var stamp = db.Sql.Query("SELECT Id FROM Visits ORDER BY Stamp DESC LIMIT 25").Select(r => r["Id"].AsInt32).ToList();
        Assert.Equal(visits.OrderByDescending(v => v.Seen).ThenByDescending(v => v.Id).Take(25).Select(v => v.Id).ToList(), seen);
        Assert.Equal(visits.OrderByDescending(v => v.Stamp).ThenByDescending(v => v.Id).Take(25).Select(v => v.Id).ToList(), stamp);
    }

    [Fact]
    public void Sql_over_a_composite_index_orders_equal_instants_by_the_next_component()
    {
        using var db = ShiftDb.OpenInMemory();
        var shifts = SeedShifts(db);

        var got = db.Sql.Query("SELECT Id FROM Shifts WHERE Stamp >= '2026-01-01T11:00:00' ORDER BY Stamp, Name LIMIT 40").Select(r => r["Id"].AsInt32).ToList();
        var expected = shifts.OrderBy(s => s.Stamp).ThenBy(s => s.Name, StringComparer.Ordinal).ThenBy(s => s.Id).Take(40).Select(s => s.Id).ToList();
        Assert.Equal(expected, got);
    }

    [Fact]
    public void Sql_merging_an_in_list_orders_equal_instants_by_key()
    {
        using var db = ShiftDb.OpenInMemory();
        var shifts = SeedShifts(db);

        var got = db.Sql.Query("SELECT Id FROM Shifts WHERE Name IN ('a', 'c', 'd') ORDER BY Seen, Id LIMIT 30").Select(r => r["Id"].AsInt32).ToList();
        var expected = shifts.Where(s => s.Name is "a" or "c" or "d").OrderBy(s => s.Seen).ThenBy(s => s.Id).Take(30).Select(s => s.Id).ToList();
        Assert.Equal(expected, got);
    }

    [Fact]
    public void FindBy_range_methods_return_equal_instants_in_key_order()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);
        var (min, max) = (Instant.AddHours(-1), Instant.AddHours(3));

        Assert.Equal(
            visits.OrderBy(v => v.Seen).ThenBy(v => v.Id).Select(v => v.Id),
            db.Visits.FindBySeenRange(min, max).Select(v => v.Id));
        Assert.Equal(
            visits.OrderByDescending(v => v.Stamp).ThenByDescending(v => v.Id).Select(v => v.Id),
            db.Visits.FindByStampRange(min.UtcDateTime, max.UtcDateTime, new QueryOptions { Descending = true }).Select(v => v.Id));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Pages_that_end_inside_a_run_of_equal_instants_resume_in_key_order(bool descending)
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);
        var (min, max) = (Instant.AddHours(-1), Instant.AddHours(3));
        var options = new QueryOptions { Descending = descending, Take = 7 };

        var got = new List<int>();
        string? token = null;
        do
        {
            var page = db.Visits.FindBySeenRange(min, max, options with { After = token }).ToPage();
            got.AddRange(page.Items.Select(v => v.Id));
            token = page.Continuation;
        }
        while (token is not null);

        var expected = descending
            ? visits.OrderByDescending(v => v.Seen).ThenByDescending(v => v.Id)
            : visits.OrderBy(v => v.Seen).ThenBy(v => v.Id);
        Assert.Equal(expected.Select(v => v.Id), got);
    }

    [Fact]
    public void Linq_pages_over_an_index_ordering_resume_inside_a_run()
    {
        using var db = VisitDb.OpenInMemory();
        var visits = SeedVisits(db);
        var min = Instant.AddMinutes(-1);

        var got = new List<int>();
        string? token = null;
        do
        {
            var page = db.Visits.Query().Where(v => v.Seen >= min).OrderBy(v => v.Seen).Take(6).ToPage(token);
            got.AddRange(page.Items.Select(v => v.Id));
            token = page.Continuation;
        }
        while (token is not null);

        Assert.Equal(visits.OrderBy(v => v.Seen).ThenBy(v => v.Id).Select(v => v.Id), got);
    }
}
