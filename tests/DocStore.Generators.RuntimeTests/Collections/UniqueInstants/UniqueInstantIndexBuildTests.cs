using DocStore.Bson.Interop;
using DocStore.Generators.RuntimeTests.Linq.Temporal;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections.UniqueInstants;

/// <summary>A unique index built over stored documents refuses two of them holding one instant at different offsets.</summary>
public sealed class UniqueInstantIndexBuildTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private static void Seed(VisitDb db)
    {
        db.Visits.Insert(new Visit { Id = 1, Seen = Instant, Stamp = Instant.UtcDateTime });
        db.Visits.Insert(new Visit { Id = 2, Seen = Instant.ToOffset(TimeSpan.FromHours(5)), Stamp = Instant.UtcDateTime.AddDays(1) });
    }

    [Fact]
    public void An_SQL_unique_index_over_one_instant_at_two_offsets_is_refused()
    {
        using var temp = new TempDatabase();
        using (var typed = VisitDb.Open(temp.Path, TempDatabase.Options))
        {
            Seed(typed);
        }

        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        var e = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("CREATE UNIQUE INDEX BySeen ON Visits (Seen)"));

        Assert.Equal("BySeen", e.Index);
        Assert.DoesNotContain(db.GetCollection("Visits").Indexes, d => d.Name == "BySeen");
    }

    [Fact]
    public void A_typed_open_building_the_unique_index_over_one_instant_at_two_offsets_is_refused()
    {
        using var temp = new TempDatabase();
        using (var db = AgendaDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Meetings.Insert(new Meeting { Id = 1, At = Instant });
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            // Without the index, an untyped write (converted to the recorded member type) may repeat the instant.
            db.Sql.Execute("DROP INDEX Meetings.At");
            db.GetCollection("Meetings").Insert(ExtendedJson.Parse("""{"Id": 2, "At": "2026-01-01T14:00:00+02:00"}"""));
        }

        var e = Assert.Throws<DuplicateKeyException>(() => AgendaDb.Open(temp.Path, TempDatabase.Options).Dispose());

        Assert.Equal("At", e.Index);
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(2, db.GetCollection("Meetings").Count());
            Assert.Empty(db.GetCollection("Meetings").Indexes);
        }
    }
}
