using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>
/// The asynchronous twins of the untyped queries (<c>FindAsync</c>, <c>FindRangeAsync</c>,
/// <c>FindPrefixAsync</c>, <c>FindOneAsync</c>, <c>CountByAsync</c>) answer what the synchronous ones answer,
/// page by page, and the lazy ones stop with <see cref="OperationCanceledException"/> when cancelled.
/// </summary>
public class UntypedAsyncQueryTests
{
    private static BsonDocument Row(int i) => new()
    {
        { "_id", i },
        { "Handle", "h" + i },
        { "Score", i % 6 },
        { "Last", i % 2 == 0 ? "Ada" : "Curie" },
        { "First", "f" + (i % 3) },
        { "Tags", new BsonArray { "t" + (i % 3), "t" + (i % 4) } },
    };

    private static BsonCollection Seeded(DocStoreDatabase db)
    {
        var rows = db.GetCollection("rows", IndexDefinition.UniqueOn("Handle"), IndexDefinition.On("Score"), IndexDefinition.On("Last", "First"), IndexDefinition.On("Tags[]"));
        rows.InsertMany(Enumerable.Range(1, 60).Select(Row));
        return rows;
    }

    [Fact]
    public async Task The_untyped_async_twins_return_what_their_sync_twins_return()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var rows = Seeded(db);
        await SameAsSync(o => rows.Find("Score", 2, o), o => rows.FindAsync("Score", 2, o));
        await SameAsSync(o => rows.Find("LastFirst", ["Ada"], o), o => rows.FindAsync("LastFirst", ["Ada"], o));
        await SameAsSync(o => rows.Find("Tags[]", "t1", o), o => rows.FindAsync("Tags[]", "t1", o));
        await SameAsSync(o => rows.FindRange("Score", 1, 3, o), o => rows.FindRangeAsync("Score", 1, 3, o));
        await SameAsSync(o => rows.FindPrefix("Handle", "h1", o), o => rows.FindPrefixAsync("Handle", "h1", o));
        await SameAsSync(o => rows.Scan(o), o => rows.ScanAsync(o));

        Assert.Equal(17, (await rows.FindOneAsync("Handle", "h17"))!["_id"].AsInt32);
        Assert.Equal(rows.CountBy("Tags[]", "t2"), await rows.CountByAsync("Tags[]", "t2"));
        Assert.Equal(rows.CountBy("LastFirst", ["Curie", "f1"]), await rows.CountByAsync("LastFirst", ["Curie", "f1"]));
    }

    [Fact]
    public async Task Cancelling_an_untyped_async_query_throws_before_the_next_document()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var rows = Seeded(db);
        using var cts = new CancellationTokenSource();
        var seen = 0;
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var row in rows.FindRangeAsync("Score", 0, 5, cancellationToken: cts.Token))
            {
                if (++seen == 2)
                {
                    await cts.CancelAsync();
                }
            }
        });
        Assert.Equal(2, seen);
        Assert.Throws<ArgumentException>(() => rows.FindAsync("NoSuchIndex", 1));
    }

    private static Task SameAsSync(Func<QueryOptions?, DocumentQuery<BsonDocument>> sync, Func<QueryOptions?, IAsyncEnumerable<BsonDocument>> twin) =>
        AsyncTwins.AssertSameAsSync(sync, twin, d => d["_id"].AsInt32, pageSize: 3, everyShape: false);

    private static List<int> Ids(IEnumerable<BsonDocument> documents) => AsyncTwins.Ids(documents, d => d["_id"].AsInt32);

    private static Task<List<int>> Ids(IAsyncEnumerable<BsonDocument> documents) => AsyncTwins.Ids(documents, d => d["_id"].AsInt32);
}
