using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>
/// Changes keep the collection's C-BSON, read with the log's own copy of the field names: they must read back
/// as written after the collection gains names, is dropped and made again with other names, or the file reopens.
/// </summary>
public sealed class ChangeFeedFieldNamesTests
{
    private static DocStoreOptions LogOn => new() { ChangeRetention = new ChangeRetention() };

    [Fact]
    public async Task Each_change_reads_back_with_the_field_names_it_was_written_with()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var db = DocStoreDatabase.Open(path, LogOn))
        {
            var events = db.GetCollection("events");
            var notes = db.GetCollection("notes");
            events.Insert(new BsonDocument { { "_id", 1 }, { "a", "one" } });
            using (var tx = db.BeginTransaction())
            {
                events.Insert(tx, new BsonDocument { { "_id", 2 }, { "b", "two" } });
                notes.Insert(tx, new BsonDocument { { "_id", 1 }, { "c", "note" } });
                events.Insert(tx, new BsonDocument { { "_id", 3 }, { "a", "three" }, { "d", "dee" } });
                tx.Commit();
            }

            events.Delete(1);
            Assert.True(db.DropCollection("events"));

            // A new collection of the same name numbers its names afresh: "z" takes the id "a" had.
            db.GetCollection("events").Insert(new BsonDocument { { "_id", 4 }, { "z", "zed" }, { "a", "again" } });
        }

        using (var db = DocStoreDatabase.Open(path, LogOn))
        {
            db.GetCollection("events").Insert(new BsonDocument { { "_id", 5 }, { "y", "why" }, { "z", "zed 2" } });
            var changes = await Take(ct => db.Changes(null, ct), 7);
            Assert.Equal(
                ["Insert events 1", "Insert events 2", "Insert notes 1", "Insert events 3", "Delete events 1", "Insert events 4", "Insert events 5"],
                changes.Select(Describe));
            Assert.Equal(
                ["_id=1 a=one", "_id=2 b=two", "_id=1 c=note", "_id=3 a=three d=dee", "", "_id=4 z=zed a=again", "_id=5 y=why z=zed 2"],
                changes.Select(c => c.Document is { } d ? string.Join(" ", d.Names.Select(n => $"{n}={Text(d[n])}")) : ""));
        }
    }

    [Fact]
    public async Task A_live_feed_reads_names_added_and_a_collection_made_again_after_it_started()
    {
        using var db = DocStoreDatabase.OpenInMemory(LogOn);
        using var guard = new CancellationTokenSource(HangGuard.Limit);
        await using var feed = db.Changes(null, guard.Token).GetAsyncEnumerator(guard.Token);
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 1 }, { "a", "one" } });
        Assert.True(await feed.MoveNextAsync());
        Assert.Equal("_id=1 a=one", Fields(feed.Current.Document!));

        // The log's copy of the names grows under the same id: the feed, which read it before, reads it again.
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 2 }, { "a", "two" }, { "b", "bee" } });
        Assert.True(await feed.MoveNextAsync());
        Assert.Equal("_id=2 a=two b=bee", Fields(feed.Current.Document!));

        // A new collection of the same name numbers its names afresh, and gets a copy of its own.
        Assert.True(db.DropCollection("events"));
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 3 }, { "b", "bee 3" }, { "c", "sea" }, { "a", "three" } });
        Assert.True(await feed.MoveNextAsync());
        Assert.Equal("_id=3 b=bee 3 c=sea a=three", Fields(feed.Current.Document!));
    }

    private static string Fields(BsonDocument document) => string.Join(" ", document.Names.Select(n => $"{n}={Text(document[n])}"));

    private static string Text(BsonValue value) => value is BsonString s ? s.Value : value.ToString()!;
}
