using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>Under Full durability the feed delivers a change only once its commit's fsync finished.</summary>
public sealed class ChangeFeedDurabilityTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_commit_waiting_for_its_fsync_is_neither_read_nor_delivered_until_the_fsync_ends(bool redoLog)
    {
        using var dir = new TempDirectory();
        using var gate = new ManualResetEventSlim(true);
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var options = new DocStoreOptions
        {
            Durability = Durability.Full,
            RedoLog = redoLog,
            AutoCheckpointFrames = 0,
            ChangeRetention = new ChangeRetention(),
            LogDevices = device => new FlushGateDevice(device, gate, held),
        };
        using var db = DocStoreDatabase.Open(dir.File("app.db"), options);
        var events = db.GetCollection("events");
        events.Insert(new BsonDocument { { "_id", 1 } });
        var first = await Take(ct => db.Changes(null, ct), 1);

        gate.Reset();
        var writer = Task.Run(() => events.Insert(new BsonDocument { { "_id", 2 } }));
        await held.Task.WaitAsync(HangGuard.Limit);

        // The commit is appended and its writer waits in the fsync: no reader and no feed may see it yet.
        using var guard = new CancellationTokenSource(HangGuard.Limit);
        var feed = db.Changes(first[0].ResumeToken, guard.Token).GetAsyncEnumerator(guard.Token);
        var move = feed.MoveNextAsync();
        Assert.False(move.IsCompleted);
        Assert.Null(events.Get(2));
        Assert.False(writer.IsCompleted);

        gate.Set();
        await writer.WaitAsync(HangGuard.Limit);
        Assert.True(await move);
        Assert.Equal("Insert events 2", Describe(feed.Current));
        await feed.DisposeAsync();
    }
}
