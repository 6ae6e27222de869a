using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Collections.Changes;

/// <summary>
/// What a live consumer costs the process: a change read from the log allocates its document and the change
/// itself, no copy of the entry, no names or token per change, so its garbage (which pauses the writer too)
/// stays that of a point read.
/// </summary>
public sealed class ChangeFeedCostTests
{
    private const int Changes = 1100;

    [Fact]
    public async Task A_change_allocates_no_more_than_a_point_read_of_its_document()
    {
        using var db = DocStoreDatabase.OpenInMemory(new DocStoreOptions { ChangeRetention = new ChangeRetention() });
        var events = db.GetCollection("events");
        for (var k = 1; k <= Changes; k++)
        {
            events.Insert(Event(k));
        }

        var read = AllocationProbe.PerCall(() => events.Get(700) is not null);

        using var guard = new CancellationTokenSource(HangGuard.Limit);
        await using var feed = db.Changes(null, guard.Token).GetAsyncEnumerator(guard.Token);

        // The first batch (512 changes) warms up; the second is measured. Every change is committed, so each
        // move completes on this thread.
        for (var k = 1; k <= 520; k++)
        {
            Assert.True(await Moved(feed));
        }

        const int Measured = 500;
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var k = 0; k < Measured; k++)
        {
            Assert.True(await Moved(feed));
        }

        var perChange = (GC.GetAllocatedBytesForCurrentThread() - before) / Measured;
        Assert.Equal(1020L, feed.Current.Key.AsInt32);
        Assert.Equal(Event(1020)["text"].AsString, feed.Current.Document!["text"].AsString);
        Assert.True(perChange <= read, $"a change allocates {perChange} bytes, a point read of the same document {read}");
    }

    private static async Task<bool> Moved(IAsyncEnumerator<DocumentChange<BsonDocument, BsonValue>> feed)
    {
        var moved = feed.MoveNextAsync();
        Assert.True(moved.IsCompleted, "the feed waited although committed changes were left");
        return await moved;
    }

    private static BsonDocument Event(int k) => new() { { "_id", k }, { "kind", "created" }, { "text", new string((char)('a' + (k % 26)), 200) } };
}
