using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>How a feed ends and how it shares the log: disposal, cancellation, several consumers, a slow one.</summary>
public sealed class ChangeFeedLifetimeTests
{
    private static DocStoreOptions LogOn => new() { ChangeRetention = new ChangeRetention() };

    [Fact]
    public void A_feed_of_a_disposed_context_is_refused()
    {
        using var dir = new TempDirectory();
        var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var events = db.GetCollection("events");
        db.Dispose();

        Assert.Throws<ObjectDisposedException>(() => db.Changes());
        Assert.Throws<ObjectDisposedException>(() => events.Changes());
    }

    [Fact]
    public async Task A_waiting_feed_ends_with_ObjectDisposedException_when_its_context_is_disposed()
    {
        using var dir = new TempDirectory();
        var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });
        using var guard = new CancellationTokenSource(HangGuard.Limit);
        var feed = db.Changes(null, guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.True(await feed.MoveNextAsync());
        var waiting = feed.MoveNextAsync();
        Assert.False(waiting.IsCompleted);

        db.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await waiting);
        Assert.False(guard.IsCancellationRequested);
    }

    [Fact]
    public async Task Cancelling_a_waiting_feed_ends_it_with_OperationCanceledException()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });
        using var stop = new CancellationTokenSource();
        var feed = db.GetCollection("events").Changes(null, stop.Token).GetAsyncEnumerator(stop.Token);
        Assert.True(await feed.MoveNextAsync());
        var waiting = feed.MoveNextAsync();
        Assert.False(waiting.IsCompleted);

        await stop.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting.AsTask().WaitAsync(HangGuard.Limit));
    }

    [Fact]
    public async Task Cancelling_a_feed_in_the_middle_of_a_transactions_changes_ends_it_at_the_next_move()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var events = db.GetCollection("events");
        events.InsertMany(Enumerable.Range(1, 10).Select(k => new BsonDocument { { "_id", k } }));
        using var stop = new CancellationTokenSource();
        var feed = events.Changes(null, stop.Token).GetAsyncEnumerator(stop.Token);
        Assert.True(await feed.MoveNextAsync());

        await stop.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await feed.MoveNextAsync());
    }

    [Fact]
    public async Task Two_consumers_each_receive_every_change_in_order()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var events = db.GetCollection("events");
        var one = Task.Run(() => Take(ct => db.Changes(null, ct), 50));
        var two = Task.Run(() => Take(ct => events.Changes(null, ct), 50));
        for (var k = 1; k <= 50; k++)
        {
            await events.InsertAsync(new BsonDocument { { "_id", k } });
        }

        var expected = Enumerable.Range(1, 50).Select(k => $"Insert events {k}").ToList();
        Assert.Equal(expected, (await one).Select(Describe));
        Assert.Equal(expected, (await two).Select(Describe));
    }

    [Fact]
    public async Task A_consumer_overtaken_by_retention_gets_ChangeTokenExpiredException_and_never_a_gap()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), new DocStoreOptions { ChangeRetention = new ChangeRetention { MaxChanges = 5 } });
        var events = db.GetCollection("events");
        for (var k = 1; k <= 3; k++)
        {
            events.Insert(new BsonDocument { { "_id", k } });
        }

        using var guard = new CancellationTokenSource(HangGuard.Limit);
        var feed = db.Changes(null, guard.Token).GetAsyncEnumerator(guard.Token);
        var seen = new List<DocumentChange<BsonDocument, BsonValue>>();
        Assert.True(await feed.MoveNextAsync());
        seen.Add(feed.Current);

        // The writer runs far ahead while the consumer holds its place; retention removes what it has not read.
        for (var k = 4; k <= 40; k++)
        {
            events.Insert(new BsonDocument { { "_id", k } });
        }

        var expired = await Assert.ThrowsAsync<ChangeTokenExpiredException>(async () =>
        {
            while (await feed.MoveNextAsync())
            {
                seen.Add(feed.Current);
            }
        });

        // Whatever arrived before the exception is gap-free, and the exception names where the consumer stands.
        Assert.Equal(Enumerable.Range(1, seen.Count).Select(k => $"Insert events {k}"), seen.Select(Describe));
        Assert.Equal(seen[^1].ResumeToken, expired.Token);
        Assert.True(expired.OldestPosition > seen[^1].Position + 1);
        await feed.DisposeAsync();
    }

    [Fact]
    public async Task Changes_read_through_the_base_type_carry_kind_key_and_document()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var events = db.GetCollection("events");
        events.Insert(new BsonDocument { { "_id", 1 }, { "v", "a" } });
        events.Update(new BsonDocument { { "_id", 1 }, { "v", "b" } });
        events.Delete(1);
        events.Insert(new BsonDocument { { "_id", 2 }, { "v", "c" } });

        using var guard = new CancellationTokenSource(HangGuard.Limit);
        IAsyncEnumerable<DocumentChange<BsonDocument>> changes = db.Changes(null, guard.Token);
        var seen = new List<DocumentChange<BsonDocument>>();
        await foreach (DocumentChange<BsonDocument> change in changes)
        {
            seen.Add(change);
            if (seen.Count == 2)
            {
                break;
            }
        }

        // Resumed from the token of the last change handled, after leaving the loop.
        await foreach (DocumentChange<BsonDocument> change in events.Changes(seen[^1].ResumeToken, guard.Token))
        {
            seen.Add(change);
            if (seen.Count == 4)
            {
                break;
            }
        }

        Assert.Equal([ChangeKind.Insert, ChangeKind.Update, ChangeKind.Delete, ChangeKind.Insert], seen.Select(c => c.Kind));
        Assert.Equal([new BsonInt32(1), new BsonInt32(1), new BsonInt32(1), new BsonInt32(2)], seen.Select(c => (BsonValue)c.Key));
        Assert.Equal(["a", "b", null, "c"], seen.Select(c => c.Document?["v"].AsString));
        Assert.All(seen, c => Assert.Equal("events", c.Collection));
        Assert.Equal("Delete events 1 at " + seen[2].Position, seen[2].ToString());
    }
}
