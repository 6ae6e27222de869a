using DocStore.PostgreSQL.Tests.Models;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>
/// What a typed context does, written once and run on each backend (the subclasses below): the same calls
/// must give the same results, in the same order, with the same exceptions.
/// </summary>
public abstract class TypedCollectionSemantics
{
    private static readonly DateTime Joined = new(2024, 2, 29, 13, 45, 10, DateTimeKind.Utc);

    protected abstract IBackend Backend { get; }

    [Fact]
    public void Values_round_trip_exactly()
    {
        using var db = Backend.Open();
        var member = NewMember("ada", 36, "Lovelace", "Ada", "London", "math", "poetry");
        member.Balance = 12345678901234567.891m;
        member.Joined = new DateTime(2024, 2, 29, 13, 45, 10, 123, DateTimeKind.Local).AddTicks(4567);
        member.Seen = new DateTimeOffset(2025, 1, 2, 3, 4, 5, TimeSpan.FromHours(5.5)).AddTicks(1);
        member.Token = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        member.Ratio = 0.1 + 0.2;
        member.Big = long.MinValue + 1;
        member.Note = "ünïcødé \"quoted\" \\ slash 😀";
        var id = db.Members.Insert(member);

        var loaded = db.Members.Get(id);
        Assert.NotNull(loaded);
        Assert.Equal(member.Describe(), loaded.Describe());
    }

    [Fact]
    public void Sequence_keys_follow_the_largest_key()
    {
        using var db = Backend.Open();
        Assert.Equal(1, db.Members.Insert(NewMember("a", 1)));
        Assert.Equal(2, db.Members.Insert(NewMember("b", 1)));
        var explicitKey = NewMember("c", 1);
        explicitKey.Id = 10;
        Assert.Equal(10, db.Members.Insert(explicitKey));
        Assert.Equal(11, db.Members.Insert(NewMember("d", 1)));
    }

    [Fact]
    public void A_unique_violation_writes_nothing()
    {
        using var db = Backend.Open();
        db.Members.Insert(NewMember("ada", 36, tags: ["x"]));
        var error = Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(NewMember("ada", 40, tags: ["y"])));
        Assert.Equal(DocStoreErrorCode.DuplicateKey, error.ErrorCode);
        Assert.Equal("Members", error.Collection);
        Assert.Equal(1, db.Members.Count());
        Assert.Empty(db.Members.FindByScore(40));
        Assert.Equal(0, db.Members.CountByTags("y"));
    }

    [Fact]
    public void A_duplicate_primary_key_is_refused()
    {
        using var db = Backend.Open();
        var first = NewMember("a", 1);
        first.Id = 5;
        db.Members.Insert(first);
        var second = NewMember("b", 2);
        second.Id = 5;
        var error = Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(second));
        Assert.Null(error.Index);
        Assert.Equal("a", db.Members.Get(5)!.Handle);
    }

    [Fact]
    public void Insert_many_is_all_or_none()
    {
        using var db = Backend.Open();
        Assert.Throws<DuplicateKeyException>(() => db.Members.InsertMany([NewMember("a", 1), NewMember("b", 2), NewMember("a", 3)]));
        Assert.Equal(0, db.Members.Count());
        Assert.Equal(3, db.Members.InsertMany([NewMember("a", 1), NewMember("b", 2), NewMember("c", 3)]).Count);
    }

    [Fact]
    public void Update_upsert_and_delete_keep_the_indexes_in_step()
    {
        using var db = Backend.Open();
        var id = db.Members.Insert(NewMember("ada", 36, city: "Paris", tags: ["a", "b"]));
        var member = db.Members.Get(id)!;
        member.Home = new Home { City = "Lille" };
        member.Tags = ["b", "c"];
        Assert.True(db.Members.Update(member));
        Assert.Empty(db.Members.FindByHomeCity("Paris"));
        Assert.Equal(id, Assert.Single(db.Members.FindByHomeCity("Lille")).Id);
        Assert.Equal([0L, 1L, 1L], [db.Members.CountByTags("a"), db.Members.CountByTags("b"), db.Members.CountByTags("c")]);

        var missing = NewMember("ghost", 1);
        missing.Id = 99;
        Assert.False(db.Members.Update(missing));
        Assert.Equal(99, db.Members.Upsert(missing));
        Assert.Equal("ghost", db.Members.FindByHandle("ghost")!.Handle);

        Assert.True(db.Members.Delete(id));
        Assert.False(db.Members.Delete(id));
        Assert.Null(db.Members.Get(id));
        Assert.Equal(0, db.Members.CountByTags("b"));
    }

    [Fact]
    public void A_unique_multikey_index_refuses_another_documents_value()
    {
        using var db = Backend.Open();
        var members = new UniqueTagMembers(db);
        var a = members.Insert(NewMember("a", 1, tags: ["x"]));
        var b = members.Insert(NewMember("b", 2, tags: ["y"]));

        var update = members.Get(b)!;
        update.Tags = ["y", "x"];
        AssertRefused(members, () => members.Update(update));
        AssertRefused(members, () => members.Upsert(update));
        AssertRefused(members, () => members.Insert(NewMember("c", 3, tags: ["x"])));
        AssertRefused(members, () => members.InsertMany([NewMember("c", 3, tags: ["w"]), NewMember("d", 4, tags: ["x"])]));
        Assert.Equal(["x"], members.Get(a)!.Tags);
        Assert.Equal(["y"], members.Get(b)!.Tags);
        Assert.Equal([a], members.IdsWithTag("x"));
        Assert.Equal([b], members.IdsWithTag("y"));
        Assert.Empty(members.IdsWithTag("w"));
        Assert.Equal(2, members.Count());

        // Inside a transaction the refused write is undone alone and the transaction goes on.
        using (var transaction = db.BeginTransaction())
        {
            Assert.Throws<DuplicateKeyException>(() => members.Update(transaction, update));
            var kept = members.Get(transaction, b)!;
            kept.Tags = ["y", "v"];
            Assert.True(members.Update(transaction, kept));
            transaction.Commit();
        }

        Assert.Equal(["y", "v"], members.Get(b)!.Tags);
        Assert.Equal([b], members.IdsWithTag("v"));
        Assert.Equal([a], members.IdsWithTag("x"));
    }

    [Fact]
    public void A_unique_multikey_index_lets_a_document_repeat_and_keep_its_own_values()
    {
        using var db = Backend.Open();
        var members = new UniqueTagMembers(db);
        var z = members.Insert(NewMember("z", 1, tags: ["z", "z"]));
        Assert.Equal([z], members.IdsWithTag("z"));

        var member = members.Get(z)!;
        member.Tags = ["q", "z", "q", "z"];
        Assert.True(members.Update(member));
        Assert.Equal(z, members.Upsert(member));
        Assert.Equal(["q", "z", "q", "z"], members.Get(z)!.Tags);
        Assert.Equal([z], members.IdsWithTag("z"));
        Assert.Equal([z], members.IdsWithTag("q"));

        // A value the document let go of is free for another.
        member.Tags = ["q"];
        Assert.True(members.Update(member));
        var other = members.Insert(NewMember("o", 2, tags: ["z"]));
        Assert.Equal([other], members.IdsWithTag("z"));
    }

    private static void AssertRefused(UniqueTagMembers members, Action write)
    {
        var error = Assert.Throws<DuplicateKeyException>(write);
        Assert.Equal(DocStoreErrorCode.DuplicateKey, error.ErrorCode);
        Assert.Equal(members.Name, error.Collection);
        Assert.Equal(UniqueTagsModel.Instance.Indexes[UniqueTagsModel.TagsIndex].Name, error.Index);
        Assert.Contains("\"x\"", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Index_queries_order_ties_by_key()
    {
        using var db = Backend.Open();
        Seed(db);
        Assert.Equal([2, 4, 6], db.Members.FindByScore(20).Select(m => m.Id));
        Assert.Equal([1, 3, 5, 2, 4, 6], db.Members.FindByScoreRange(10, 20).Select(m => m.Id));
        Assert.Equal([6, 4, 2, 5, 3, 1], db.Members.FindByScoreRange(10, 20, new QueryOptions { Descending = true }).Select(m => m.Id));
        Assert.Equal(["Curie/Marie", "Curie/Pierre"], db.Members.FindByLast("Curie").Select(m => $"{m.Last}/{m.First}"));
        Assert.Equal(4, Assert.Single(db.Members.FindByLastFirst("Curie", "Pierre")).Id);
        Assert.Equal(["Leeds", "London", "London"], db.Members.FindByHomeCityPrefix("L").Select(m => m.Home!.City));
        Assert.Equal(["h1", "h2", "h3", "h4", "h5", "h6"], db.Members.FindByHandleRange("h", "h9").Select(m => m.Handle));
        Assert.Equal(3, db.Members.CountByScore(20));
    }

    [Fact]
    public void Multikey_queries_return_each_document_once()
    {
        using var db = Backend.Open();
        Seed(db);
        Assert.Equal([1, 2, 3, 4, 5, 6], db.Members.FindByTags("all").Select(m => m.Id));
        Assert.Equal(3, db.Members.CountByTags("even"));
        Assert.Equal([5, 3, 1, 6, 4, 2], db.Members.FindByTagsRange("even", "odd", new QueryOptions { Descending = true }).Select(m => m.Id));
        Assert.Equal(db.Members.FindByTagsRange("a", "z").Select(m => m.Id), db.Members.FindByTagsRange("a", "z").Select(m => m.Id).Distinct());
        Assert.Empty(db.Members.FindByTags("none"));
    }

    [Fact]
    public void Multikey_pages_keep_each_document_once_at_its_first_entry()
    {
        using var db = Backend.Open();
        Seed(db);
        foreach (var descending in new[] { false, true })
        {
            // Every member matches through two elements ("all" and "even" or "odd"): a page holds each once.
            var whole = db.Members.FindByTagsRange("all", "odd", new QueryOptions { Descending = descending }).Select(m => m.Id).ToList();
            Assert.Equal(6, whole.Distinct().Count());
            Assert.Equal(whole, db.Members.FindByTagsRange("all", "odd", new QueryOptions { Descending = descending, Take = 6 }).Select(m => m.Id));
            Assert.Equal(whole.Take(4), db.Members.FindByTagsRange("all", "odd", new QueryOptions { Descending = descending, Take = 4 }).Select(m => m.Id));
            Assert.Equal(whole.Skip(2).Take(3), db.Members.FindByTagsRange("all", "odd", new QueryOptions { Descending = descending, Skip = 2, Take = 3 }).Select(m => m.Id));

            var paged = new List<int>();
            string? after = null;
            do
            {
                var page = db.Members.FindByTags("all", new QueryOptions { Descending = descending, Take = 4, After = after }).ToPage();
                paged.AddRange(page.Items.Select(m => m.Id));
                after = page.Continuation;
            }
            while (after is not null);

            Assert.Equal(db.Members.FindByTags("all", new QueryOptions { Descending = descending }).Select(m => m.Id), paged);
        }

        Assert.Equal([5, 3, 1, 6], db.Members.FindByTagsRange("even", "odd", new QueryOptions { Descending = true, Take = 4 }).Select(m => m.Id));
    }

    [Fact]
    public void Pages_with_continuations_cover_the_query_once()
    {
        using var db = Backend.Open();
        Seed(db);
        foreach (var descending in new[] { false, true })
        {
            var all = db.Members.FindByScoreRange(0, 100, new QueryOptions { Descending = descending }).Select(m => m.Id).ToList();
            var paged = new List<int>();
            string? after = null;
            var pages = 0;
            do
            {
                var page = db.Members.FindByScoreRange(0, 100, new QueryOptions { Descending = descending, Take = 4, After = after }).ToPage();
                paged.AddRange(page.Items.Select(m => m.Id));
                after = page.Continuation;
                pages++;
            }
            while (after is not null);

            Assert.Equal(all, paged);
            Assert.Equal(2, pages);
        }

        Assert.Equal([3, 4], db.Members.Scan(new QueryOptions { Skip = 2, Take = 2 }).Select(m => m.Id));
        Assert.Equal([5, 6], db.Members.ScanFrom(5).Select(m => m.Id));
        Assert.Equal([2, 1], db.Members.ScanFrom(2, new QueryOptions { Descending = true }).Select(m => m.Id));
    }

    [Fact]
    public void A_transaction_is_a_snapshot_over_several_collections()
    {
        using var db = Backend.Open();
        db.Members.Insert(NewMember("a", 1));
        using (var transaction = db.BeginTransaction())
        {
            db.Members.Insert(transaction, NewMember("b", 2));
            db.Notes.Insert(transaction, new Note { Title = "draft" });
            Assert.Equal(2, db.Members.Count(transaction));
            Assert.Equal("b", db.Members.FindByHandle(transaction, "b")!.Handle);
            Assert.Equal(1, db.Members.Count());
            Assert.Empty(db.Notes.FindByTitle("draft"));

            // A failed operation inside leaves the transaction usable and writes nothing of its own.
            Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(transaction, NewMember("a", 3)));
            transaction.Rollback();
        }

        Assert.Equal(1, db.Members.Count());
        Assert.Equal(0, db.Notes.Count());

        using (var transaction = db.BeginTransaction())
        {
            db.Members.Insert(transaction, NewMember("b", 2));
            db.Notes.Insert(transaction, new Note { Title = "final" });
            transaction.Commit();
        }

        Assert.Equal(2, db.Members.Count());
        Assert.Single(db.Notes.FindByTitle("final"));
    }

    [Fact]
    public async Task Async_twins_match_and_cancel()
    {
        await using var db = Backend.Open();
        var id = await db.Members.InsertAsync(NewMember("ada", 36, tags: ["t"]));
        var member = db.Members.Get(id)!;
        member.Score = 37;
        Assert.True(await db.Members.UpdateAsync(member));
        Assert.Equal([id], await db.Members.FindByScoreAsync(37).Select(m => m.Id).ToListAsync());
        Assert.Equal(1, await db.Members.CountByTagsAsync("t"));

        await using (var transaction = await db.BeginTransactionAsync())
        {
            await db.Members.InsertAsync(transaction, NewMember("bob", 1));
            await transaction.CommitAsync();
        }

        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.Members.InsertAsync(NewMember("eve", 2), cancelled.Token));
        Assert.Null(db.Members.FindByHandle("eve"));
        Assert.True(await db.Members.DeleteAsync(id));
        Assert.Equal(1, db.Members.Count());
    }

    [Fact]
    public void Other_key_types_generate_and_order()
    {
        using var db = Backend.Open();
        var noteId = db.Notes.Insert(new Note { Title = "n" });
        Assert.NotEqual(default, noteId);
        Assert.Equal("n", db.Notes.Get(noteId)!.Title);

        foreach (var name in new[] { "b", "B", "a", "é", "aa", "Z" })
        {
            db.Labels.Insert(new Label { Name = name, Owner = Guid.Empty });
        }

        // Ordinal (UTF-8 byte) order, as the embedded engine sorts string keys.
        Assert.Equal(["B", "Z", "a", "aa", "b", "é"], db.Labels.Scan().Select(l => l.Name));
        Assert.Equal(["B", "Z", "a", "aa", "b", "é"], db.Labels.FindByOwner(Guid.Empty).Select(l => l.Name));
    }

    /// <summary>Six members: odd ids score 10, even 20; names and cities chosen to exercise composite and prefix order.</summary>
    internal static void Seed(MemberDb db)
    {
        string[] lasts = ["Lovelace", "Curie", "Hopper", "Curie", "Turing", "Noether"];
        string[] firsts = ["Ada", "Marie", "Grace", "Pierre", "Alan", "Emmy"];
        string[] cities = ["London", "Paris", "Leeds", "Paris", "London", "Berlin"];
        for (var i = 0; i < 6; i++)
        {
            var id = i + 1;
            db.Members.Insert(NewMember($"h{id}", id % 2 == 0 ? 20 : 10, lasts[i], firsts[i], cities[i], "all", id % 2 == 0 ? "even" : "odd"));
        }
    }

    internal static Member NewMember(string handle, int score, string last = "L", string first = "F", string? city = null, params string[] tags) => new()
    {
        Handle = handle,
        Score = score,
        Last = last,
        First = first,
        Home = city is null ? null : new Home { City = city },
        Tags = [.. tags],
        Joined = Joined,
    };
}

/// <summary>The semantics on the embedded engine.</summary>
public sealed class EmbeddedSemanticsTests : TypedCollectionSemantics
{
    protected override IBackend Backend { get; } = new EmbeddedBackend();
}

/// <summary>The same semantics on PostgreSQL.</summary>
[Xunit.Collection(Server.PostgresServerGroup.Name)]
public sealed class PostgresSemanticsTests(Server.PostgresServer server) : TypedCollectionSemantics
{
    protected override IBackend Backend { get; } = new PostgresBackend(server);
}
