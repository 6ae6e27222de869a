namespace DocStore.Generators.RuntimeTests.Collections.UniqueInstants;

/// <summary>
/// A unique index compares temporal values as C# does: the same instant at another offset, or the same
/// ticks of another kind, is the same value, refused for another document and found by the unique <c>FindBy</c>.
/// </summary>
public sealed class UniqueInstantTests
{
    private static readonly DateTimeOffset Instant = new(2026, 1, 1, 12, 0, 0, TimeSpan.Zero);

    private static DateTimeOffset At(int hours) => Instant.ToOffset(TimeSpan.FromHours(hours));

    [Fact]
    public void An_insert_of_the_same_instant_at_another_offset_is_a_duplicate()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = At(0), Note = "first" });

        var e = Assert.Throws<DuplicateKeyException>(() => db.Meetings.Insert(new Meeting { Id = 2, At = At(2), Note = "second" }));

        Assert.Equal("Meetings", e.Collection);
        Assert.Equal("At", e.Index);
        Assert.Equal("2", e.Key);
        Assert.NotNull(e.Value);
        Assert.Null(db.Meetings.Get(2));
        Assert.Equal(1, db.Meetings.Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void An_update_to_another_documents_instant_is_refused_and_changes_nothing()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = At(0) });
        db.Meetings.Insert(new Meeting { Id = 2, At = At(3).AddHours(1), Note = "kept" });

        Assert.Throws<DuplicateKeyException>(() => db.Meetings.Update(new Meeting { Id = 2, At = At(-5), Note = "changed" }));

        var kept = db.Meetings.Get(2)!;
        Assert.Equal("kept", kept.Note);
        Assert.Equal(TimeSpan.FromHours(3), kept.At.Offset);
        Assert.Equal(2, db.Meetings.FindByAt(Instant.AddHours(1))!.Id);
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_document_may_move_to_another_offset_of_its_own_instant_and_is_found_at_any()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = At(0) });

        Assert.True(db.Meetings.Update(new Meeting { Id = 1, At = At(3), Note = "moved" }));
        Assert.Equal(1, db.Meetings.Upsert(new Meeting { Id = 1, At = At(4), Note = "upserted" }));

        Assert.Equal(TimeSpan.FromHours(4), db.Meetings.Get(1)!.At.Offset);
        Assert.Equal("upserted", db.Meetings.FindByAt(At(0))?.Note);
        Assert.Equal(1, db.Meetings.Count());
    }

    [Fact]
    public void The_unique_find_matches_every_offset_of_the_instant()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Meetings.Insert(new Meeting { Id = 1, At = At(0) });
        db.Meetings.Insert(new Meeting { Id = 2, At = At(9).AddTicks(1) });

        Assert.Equal(1, db.Meetings.FindByAt(At(-7))?.Id);
        Assert.Equal(2, db.Meetings.FindByAt(At(14).AddTicks(1))?.Id);
        Assert.Null(db.Meetings.FindByAt(At(5).AddTicks(2)));
        using var tx = db.BeginTransaction();
        Assert.Equal(1, db.Meetings.FindByAt(tx, At(1))?.Id);
    }

    [Fact]
    public void Two_new_documents_of_one_instant_in_one_batch_are_refused_whole()
    {
        using var db = AgendaDb.OpenInMemory();

        Assert.Throws<DuplicateKeyException>(() => db.Meetings.InsertMany([new Meeting { Id = 1, At = At(0) }, new Meeting { Id = 2, At = At(9) }]));

        Assert.Equal(0, db.Meetings.Count());
        Assert.Null(db.Meetings.FindByAt(Instant));
    }

    [Fact]
    public void A_DateTime_of_the_same_ticks_and_another_kind_is_a_duplicate()
    {
        using var db = AgendaDb.OpenInMemory();
        var ticks = Instant.Ticks;
        db.Ticks.Insert(new Tick { Id = 1, Stamp = new DateTime(ticks, DateTimeKind.Utc) });

        Assert.Throws<DuplicateKeyException>(() => db.Ticks.Insert(new Tick { Id = 2, Stamp = new DateTime(ticks, DateTimeKind.Unspecified) }));
        Assert.Throws<DuplicateKeyException>(() => db.Ticks.Insert(new Tick { Id = 3, Stamp = new DateTime(ticks, DateTimeKind.Local) }));

        Assert.Equal(1, db.Ticks.Count());
        Assert.Equal(1, db.Ticks.FindByStamp(new DateTime(ticks, DateTimeKind.Local))?.Id);
        db.Ticks.Insert(new Tick { Id = 4, Stamp = new DateTime(ticks + 1, DateTimeKind.Local) });
    }

    [Fact]
    public void A_composite_with_the_instant_first_refuses_it_with_an_equal_rest_only()
    {
        using var db = AgendaDb.OpenInMemory();
        db.Seats.Insert(new Seat { Id = 1, At = At(0), Room = "a" });

        Assert.Throws<DuplicateKeyException>(() => db.Seats.Insert(new Seat { Id = 2, At = At(2), Room = "a" }));
        db.Seats.Insert(new Seat { Id = 3, At = At(2), Room = "b" });
        db.Seats.Insert(new Seat { Id = 4, At = At(-2), Room = "" });

        Assert.Equal([1, 3, 4], db.Seats.FindAll().Select(s => s.Id).OrderBy(i => i));
        Assert.Equal(1, db.Seats.FindByAtRoom(At(5), "a")?.Id);
    }

    [Fact]
    public void A_composite_with_the_DateTime_second_refuses_it_with_an_equal_first()
    {
        using var db = AgendaDb.OpenInMemory();
        var ticks = Instant.Ticks;
        db.Desks.Insert(new Desk { Id = 1, Room = "a", Slot = new DateTime(ticks, DateTimeKind.Utc) });

        Assert.Throws<DuplicateKeyException>(() => db.Desks.Insert(new Desk { Id = 2, Room = "a", Slot = new DateTime(ticks, DateTimeKind.Local) }));
        db.Desks.Insert(new Desk { Id = 3, Room = "b", Slot = new DateTime(ticks, DateTimeKind.Local) });

        Assert.Equal(2, db.Desks.Count());
        Assert.Equal(1, db.Desks.FindByRoomSlot("a", new DateTime(ticks, DateTimeKind.Unspecified))?.Id);
    }
}
