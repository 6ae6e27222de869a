using DocStore.Bson.Interop;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections.UniqueInstants;

/// <summary>
/// Writes without the typed model (SQL statements, untyped collections) refuse the same instant at another
/// offset in a unique index as typed writes do, and conflict clauses see it as the value it equals.
/// </summary>
public sealed class UniqueInstantWriteTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    [Fact]
    public void An_SQL_insert_of_the_same_instant_at_another_offset_is_a_duplicate()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = Instant, Note = "first" });

        var e = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO Meetings (Id, At) VALUES (2, '2026-01-01T14:00:00+02:00')"));
        Assert.Equal("At", e.Index);
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO Meetings (Id, At) VALUES (3, '2026-01-01T13:00:00Z'), (4, '2026-01-01T14:00:00+01:00')"));
        db.Meetings.Insert(new Meeting { Id = 5, At = Instant.AddHours(1) });
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("UPDATE Meetings SET At = '2026-01-01T06:00:00-06:00' WHERE Id = 5"));

        Assert.Equal([1, 5], db.Meetings.FindAll().Select(m => m.Id));
        Assert.Equal(Instant.AddHours(1), db.Meetings.Get(5)!.At);
    }

    [Fact]
    public void An_SQL_insert_that_ignores_conflicts_passes_over_the_same_instant()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = Instant });

        Assert.Equal(1, db.Sql.Execute("INSERT OR IGNORE INTO Meetings (Id, At) VALUES (2, '2026-01-01T14:00:00+02:00'), (3, '2026-01-01T13:00:00Z'), (4, '2026-01-01T15:00:00+02:00')"));

        Assert.Equal([1, 3], db.Meetings.FindAll().Select(m => m.Id));
    }

    [Fact]
    public void An_SQL_update_to_another_offset_of_its_own_instant_is_allowed()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = Instant });
        db.Meetings.Insert(new Meeting { Id = 2, At = Instant.AddHours(1) });

        Assert.Equal(1, db.Sql.Execute("UPDATE Meetings SET At = '2026-01-01T15:00:00+03:00' WHERE Id = 1"));

        Assert.Equal(TimeSpan.FromHours(3), db.Meetings.Get(1)!.At.Offset);
        Assert.Equal(1, db.Meetings.FindByAt(Instant)?.Id);
    }

    [Fact]
    public void An_untyped_insert_of_the_same_instant_at_another_offset_is_a_duplicate()
    {
        using var temp = new TempDatabase();
        using (var db = AgendaDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Meetings.Insert(new Meeting { Id = 1, At = Instant });
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var meetings = db.GetCollection("Meetings");
            Assert.Throws<DuplicateKeyException>(() => meetings.Insert(ExtendedJson.Parse("""{"Id": 2, "At": "2026-01-01T07:00:00-05:00"}""")));
            Assert.Equal(1, meetings.Count());
        }
    }
}
