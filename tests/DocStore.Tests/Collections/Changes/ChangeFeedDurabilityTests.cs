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
            LogDevices = device => FlushHookDevice.Gated(device, gate, held),
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

    [Theory]
    [InlineData(true, true)]
    [InlineData(true, false)]
    [InlineData(false, true)]
    [InlineData(false, false)]
    public async Task Each_durable_insert_returns_after_a_log_fsync_of_its_own_with_or_without_a_live_feed(bool liveFeed, bool redoLog)
    {
        // One writer and no checkpoints: the only fsyncs are the commits' own, so a commit acknowledged
        // without one (a live reader's snapshot changing the commit path) shows as an insert with none.
        const int Inserts = 40;
        using var dir = new TempDirectory();
        var flushes = 0;
        var options = new DocStoreOptions
        {
            Durability = Durability.Full,
            RedoLog = redoLog,
            AutoCheckpointFrames = 0,
            ChangeRetention = new ChangeRetention(),
            LogDevices = device => FlushHookDevice.Counting(device, () => Interlocked.Increment(ref flushes)),
        };
        using var db = DocStoreDatabase.Open(dir.File("app.db"), options);
        var events = db.GetCollection("events");
        events.Insert(new BsonDocument { { "_id", 0 } });

        using var stop = new CancellationTokenSource(HangGuard.Limit);
        var delivered = 0;
        var consumer = liveFeed
            ? Task.Run(async () =>
            {
                await foreach (var change in db.Changes(null, stop.Token))
                {
                    if (Interlocked.Increment(ref delivered) == Inserts + 1)
                    {
                        return;
                    }
                }
            })
            : Task.CompletedTask;

        var withoutOwnFsync = new List<int>();
        for (var id = 1; id <= Inserts; id++)
        {
            var before = Volatile.Read(ref flushes);
            events.Insert(new BsonDocument { { "_id", id } });
            if (Volatile.Read(ref flushes) == before)
            {
                withoutOwnFsync.Add(id);
            }
        }

        await consumer.WaitAsync(HangGuard.Limit);
        Assert.Empty(withoutOwnFsync);
        Assert.Equal(liveFeed ? Inserts + 1 : 0, delivered);
    }
}
