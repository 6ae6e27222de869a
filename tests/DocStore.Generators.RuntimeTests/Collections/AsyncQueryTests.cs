using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// The <c>IAsyncEnumerable</c> twins of the lazy queries (generated <c>FindBy…Async</c>, <c>…RangeAsync</c>,
/// <c>…PrefixAsync</c>, composite prefix forms; the base class's <c>ScanAsync</c>, <c>ScanFromAsync</c>,
/// <c>FindAllAsync</c>): the same documents in the same order as the synchronous method, page by page with
/// the same continuation tokens, and cancellable before and while enumerating.
/// </summary>
public class AsyncQueryTests
{
    private static readonly string[] Lasts = ["Ada", "Babbage", "Curie", "Dijkstra"];
    private static readonly string[] Firsts = ["al", "bo", "cy"];
    private static readonly string[] Cities = ["London", "Lisbon", "Paris", "Rome"];

    private static Member Create(int i) => new()
    {
        Id = i,
        Handle = "h" + i,
        Score = i % 7,
        Last = Lasts[i % Lasts.Length],
        First = Firsts[i % Firsts.Length],
        Home = new Home { City = Cities[i % Cities.Length] },
        Tags = ["t" + (i % 3), "t" + (i % 5)],
    };

    private static AppDb Seeded()
    {
        var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 80).Select(Create));
        return db;
    }

    [Fact]
    public async Task Every_generated_async_twin_returns_what_its_sync_twin_returns()
    {
        using var db = Seeded();
        var m = db.Members;
        await SameAsSync(o => m.FindByScore(3, o), o => m.FindByScoreAsync(3, o));
        await SameAsSync(o => m.FindByScoreRange(2, 5, o), o => m.FindByScoreRangeAsync(2, 5, o));
        await SameAsSync(o => m.FindByHandleRange("h2", "h5", o), o => m.FindByHandleRangeAsync("h2", "h5", o));
        await SameAsSync(o => m.FindByHandlePrefix("h1", o), o => m.FindByHandlePrefixAsync("h1", o));
        await SameAsSync(o => m.FindByTags("t1", o), o => m.FindByTagsAsync("t1", o));
        await SameAsSync(o => m.FindByTagsRange("t1", "t3", o), o => m.FindByTagsRangeAsync("t1", "t3", o));
        await SameAsSync(o => m.FindByTagsPrefix("t", o), o => m.FindByTagsPrefixAsync("t", o));
        await SameAsSync(o => m.FindByHomeCity("Paris", o), o => m.FindByHomeCityAsync("Paris", o));
        await SameAsSync(o => m.FindByHomeCityRange("Lisbon", "Paris", o), o => m.FindByHomeCityRangeAsync("Lisbon", "Paris", o));
        await SameAsSync(o => m.FindByHomeCityPrefix("L", o), o => m.FindByHomeCityPrefixAsync("L", o));
        await SameAsSync(o => m.FindByLastFirst("Curie", "bo", o), o => m.FindByLastFirstAsync("Curie", "bo", o));
        await SameAsSync(o => m.FindByLast("Babbage", o), o => m.FindByLastAsync("Babbage", o));
    }

    [Fact]
    public async Task The_base_class_async_twins_return_what_their_sync_twins_return()
    {
        using var db = Seeded();
        var m = db.Members;
        await SameAsSync(o => m.Scan(o), o => m.ScanAsync(o));
        await SameAsSync(o => m.ScanFrom(40, o), o => m.ScanFromAsync(40, o));
        Assert.Equal(Ids(m.FindAll()), await Ids(m.FindAllAsync()));
        Assert.Equal(m.GetDocumentBytes(40), await m.GetDocumentBytesAsync(40));
        Assert.Null(await m.GetDocumentBytesAsync(4000));
        using var tx = db.BeginTransaction();
        await SameAsSync(o => m.Scan(tx, o), o => m.ScanAsync(tx, o));
    }

    [Fact]
    public async Task Async_twins_inside_a_transaction_see_its_uncommitted_changes()
    {
        using var db = Seeded();
        using var tx = db.BeginTransaction();
        db.Members.Insert(tx, new Member { Id = 500, Handle = "new", Score = 3, Tags = ["t1"] });
        db.Members.Delete(tx, 3);
        var expected = Ids(db.Members.FindByScore(tx, 3));
        Assert.Contains(500, expected);
        Assert.DoesNotContain(3, expected);
        Assert.Equal(expected, await Ids(db.Members.FindByScoreAsync(tx, 3)));
        Assert.Equal(Ids(db.Members.Scan(tx)), await Ids(db.Members.ScanAsync(tx)));
        Assert.Equal(Ids(db.Members.FindByTags(tx, "t1")), await Ids(db.Members.FindByTagsAsync(tx, "t1")));
    }

    [Fact]
    public void Argument_errors_surface_at_the_call_as_with_the_sync_method()
    {
        using var db = Seeded();
        Assert.Throws<ArgumentNullException>(() => db.Members.FindByHandlePrefixAsync(null!));
        Assert.Throws<ArgumentOutOfRangeException>(() => db.Members.ScanAsync(new QueryOptions { Take = -1 }));
        Assert.Throws<ArgumentOutOfRangeException>(() => db.Members.FindByScoreRangeAsync(0, 1, new QueryOptions { Skip = -1 }));
    }

    [Fact]
    public async Task A_token_cancelled_before_enumeration_throws_on_the_first_step()
    {
        using var db = Seeded();
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Ids(db.Members.FindByScoreAsync(1, cancellationToken: cancelled.Token)));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Ids(db.Members.ScanAsync(cancellationToken: cancelled.Token)));

        // A token given to the enumerator (WithCancellation) counts as well.
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var member in db.Members.FindByLastAsync("Ada").WithCancellation(cancelled.Token))
            {
                Assert.Fail($"read member {member.Id} after cancellation");
            }
        });
    }

    [Fact]
    public async Task Cancelling_while_enumerating_throws_at_the_next_document_and_releases_the_snapshot()
    {
        using var temp = new TempDatabase();
        using var db = AppDb.Open(temp.Path, TempDatabase.Options);
        db.Members.InsertMany(Enumerable.Range(1, 80).Select(Create));
        using var cts = new CancellationTokenSource();
        var seen = new List<int>();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var member in db.Members.FindByScoreRangeAsync(0, 6, cancellationToken: cts.Token))
            {
                seen.Add(member.Id);
                if (seen.Count == 3)
                {
                    // A commit after the enumeration's snapshot: its pages cannot be checkpointed while that snapshot lives.
                    db.Members.Insert(Create(81));
                    Assert.False(db.Engine.Checkpoint());
                    await cts.CancelAsync();
                }
            }
        });

        Assert.Equal(Ids(db.Members.FindByScoreRange(0, 6)).Take(3), seen);

        // No reader is left: the checkpoint copies everything and restarts the WAL.
        Assert.True(db.Engine.Checkpoint());
    }

    /// <summary>Compares the twins with no options, descending, with skip and take, and page by page in both directions (same pages, same tokens).</summary>
    private static Task SameAsSync(Func<QueryOptions?, DocumentQuery<Member>> sync, Func<QueryOptions?, IAsyncEnumerable<Member>> twin) =>
        AsyncTwins.AssertSameAsSync(sync, twin, m => m.Id, pageSize: 4, everyShape: true);

    private static List<int> Ids(IEnumerable<Member> members) => AsyncTwins.Ids(members, m => m.Id);

    private static Task<List<int>> Ids(IAsyncEnumerable<Member> members) => AsyncTwins.Ids(members, m => m.Id);
}
