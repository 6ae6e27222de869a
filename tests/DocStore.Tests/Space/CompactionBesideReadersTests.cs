using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// In-place compaction beside readers: it waits for the readers registered before it, holding new ones back
/// meanwhile, a short window at a time, so writers get through while a reader stays; and whatever commits
/// while it waits is in the file it swaps in.
/// </summary>
public sealed class CompactionBesideReadersTests
{
    // The timeouts are hang guards only: nothing here waits for them to pass.
    private static readonly TimeSpan HangGuard = Support.HangGuard.Limit;

    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    [InlineData(Durability.None)]
    public async Task Writers_get_through_while_compaction_waits_for_a_reader_and_the_result_holds_their_commits(Durability durability)
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("r.db"), new DocStoreOptions { PageSize = 1024, Durability = durability, WriteLockTimeout = HangGuard });
        var items = CompactionTests.Open(db);
        var live = new SortedDictionary<long, BsonDocument>();
        CompactionTests.Churn(items, live, 2_000, liveTarget: 500);

        Task compaction;
        var written = new List<long>();
        using (var reader = db.Engine.BeginRead())
        {
            compaction = Task.Run(db.Compact);

            // Compaction has copied the database and is holding new readers back, waiting for this one.
            var engine = db.Engine;
            Assert.True(SpinWait.SpinUntil(() => engine.Compaction.SwapAttempts >= 2 || compaction.IsCompleted, HangGuard), "compaction never waited for the reader");
            Assert.False(compaction.IsCompleted, compaction.Exception?.ToString());

            // Writers get through between its attempts.
            for (var i = 0; i < 50; i++)
            {
                written.Add(CompactionTests.Long(items.Insert(new BsonDocument { { "Group", 77 }, { "Body", "while waiting " + i } })));
            }

            // The reader is still registered, so the swap cannot have happened.
            Assert.False(compaction.IsCompleted, compaction.Exception?.ToString());
        }

        await compaction.WaitAsync(HangGuard);
        Assert.Equal(written.Count, items.CountBy("Group", 77));
        Assert.All(written, key => Assert.NotNull(items.Get(key)));
        Assert.Equal(live.Count + written.Count, items.Count());
        Assert.All(live, pair => Assert.Equal(pair.Value["Body"].AsString, items.Get(pair.Key)!["Body"].AsString));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public async Task Compaction_completes_beside_readers_that_keep_arriving()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("steady.db"), new DocStoreOptions { PageSize = 1024, Durability = Durability.Normal, WriteLockTimeout = HangGuard });
        var items = CompactionTests.Open(db);
        var live = new SortedDictionary<long, BsonDocument>();
        CompactionTests.Churn(items, live, 2_000, liveTarget: 500);
        var keys = live.Keys.ToArray();
        using var stop = new CancellationTokenSource();
        long reads = 0;

        // Readers on threads of their own, in tight loops: most of the time at least one is registered.
        var readers = Enumerable.Range(0, 3).Select(r => new Thread(() =>
        {
            var random = new Random(r);
            while (!stop.IsCancellationRequested)
            {
                var key = keys[random.Next(keys.Length)];
                Assert.Equal(live[key]["Body"].AsString, items.Get(key)!["Body"].AsString);
                Interlocked.Increment(ref reads);
            }
        })).ToArray();
        foreach (var thread in readers)
        {
            thread.Start();
        }

        try
        {
            Assert.True(SpinWait.SpinUntil(() => Interlocked.Read(ref reads) > 1_000, HangGuard));
            for (var i = 0; i < 3; i++)
            {
                var before = Interlocked.Read(ref reads);
                await Task.Run(db.Compact).WaitAsync(HangGuard);

                // Readers carry on after each swap.
                Assert.True(SpinWait.SpinUntil(() => Interlocked.Read(ref reads) > before + 100, HangGuard));
            }
        }
        finally
        {
            await stop.CancelAsync();
            foreach (var thread in readers)
            {
                thread.Join();
            }
        }

        CompactionTests.AssertHolds(items, live);
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }
}
