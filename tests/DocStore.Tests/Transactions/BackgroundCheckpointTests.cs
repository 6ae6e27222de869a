using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>Automatic checkpoints of file databases run in the background: commits and readers carry on while they copy.</summary>
public sealed class BackgroundCheckpointTests
{
    private static readonly TimeSpan HangGuard = Support.HangGuard.Limit;

    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    public async Task Writers_commit_while_a_checkpoint_is_held_mid_copy_and_the_wal_restarts_once_it_ends(Durability durability)
    {
        var db = new GatedStorageDevice("g.db");
        var wal = new MemoryStorageDevice("g.db-wal");
        // A journal limit the loop cannot reach: past it a commit checkpoints inline, which would wait for the
        // checkpoint this test holds mid-copy (up to 1,050 commits of 4 KiB each when the thread pool is slow
        // to start the background one).
        var small = TestDatabase.Small(durability, cachePages: 16, autoCheckpoint: 20);
        var options = new StorageOptions
        {
            PageSize = small.PageSize,
            CacheSizePages = small.CacheSizePages,
            Durability = small.Durability,
            AutoCheckpointFrames = small.AutoCheckpointFrames,
            WriteLockTimeout = small.WriteLockTimeout,
            JournalSizeLimit = 64L << 20,
        };
        using (var engine = TestDatabase.Open(db, wal, options))
        {
            db.Close();
            var id = 0;
            while (!db.Blocked.IsCompleted && id < 1000)
            {
                Commit(engine, id++);
            }

            await db.Blocked.WaitAsync(HangGuard);
            var copying = engine.WaitForBackgroundCheckpointAsync();
            Assert.False(copying.IsCompleted);

            // The checkpoint is stuck writing the database file; commits only need the WAL.
            var before = id;
            for (; id < before + 50; id++)
            {
                Commit(engine, id);
            }

            Assert.False(copying.IsCompleted);
            using (var read = engine.BeginRead())
            {
                var tree = read.OpenTree("t")!;
                Assert.True(tree.ContainsKey(TestDatabase.Key(id - 1)));
            }

            db.Open();
            await copying.WaitAsync(HangGuard);
            Assert.Equal(0, engine.WalFrameCount);
            Assert.True(engine.CheckIntegrity().IsValid);
            using var after = engine.BeginRead();
            var t = after.OpenTree("t")!;
            for (var i = 0; i < id; i++)
            {
                Assert.True(t.TryGet(TestDatabase.Key(i), out var value));
                Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 200)));
            }
        }

        using var reopened = TestDatabase.Open(db, wal, options);
        Assert.True(reopened.CheckIntegrity().IsValid);
        using var check = reopened.BeginRead();
        Assert.True(check.OpenTree("t")!.ContainsKey(TestDatabase.Key(0)));
    }

    [Fact]
    public async Task A_reader_keeps_its_snapshot_through_background_checkpoints_and_blocks_only_the_wal_restart()
    {
        var db = new MemoryStorageDevice("r.db");
        var wal = new MemoryStorageDevice("r.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(Durability.Full, cachePages: 16, autoCheckpoint: 10));
        for (var i = 0; i < 30; i++)
        {
            Commit(engine, i);
        }

        var reader = engine.BeginRead();
        for (var round = 0; round < 5; round++)
        {
            for (var i = 0; i < 30; i++)
            {
                using var tx = engine.BeginWrite();
                tx.OpenTree("t")!.Put(TestDatabase.Key(i), TestDatabase.Value(1000 + i, 300));
                tx.Commit();
            }

            await engine.WaitForBackgroundCheckpointAsync().WaitAsync(HangGuard);
            var tree = reader.OpenTree("t")!;
            for (var i = 0; i < 30; i++)
            {
                Assert.True(tree.TryGet(TestDatabase.Key(i), out var value));
                Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 200)));
            }
        }

        Assert.True(engine.WalFrameCount > 0);
        reader.Dispose();
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
        using var fresh = engine.BeginRead();
        Assert.True(fresh.OpenTree("t")!.TryGet(TestDatabase.Key(29), out var latest));
        Assert.True(latest.Span.SequenceEqual(TestDatabase.Value(1029, 300)));
    }

    private static void Commit(StorageEngine engine, int id) => TestDatabase.CommitPut(engine, id, id, 200);
}
