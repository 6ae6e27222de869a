using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>The automatic checkpoint threshold measures the WAL in page-sized frames of bytes, so small delta frames count for their size.</summary>
public sealed class AutoCheckpointThresholdTests
{
    [Fact]
    public async Task Small_delta_commits_fill_the_threshold_by_their_bytes_not_their_frame_count()
    {
        // 8 KiB pages: each commit's frames start on a fresh 4 KiB of log (WalFormat.TransactionAlignment),
        // so a small commit takes half a page of log while it logs one or two frames.
        var options = new StorageOptions { PageSize = 8192, CacheSizePages = 64, Durability = Durability.Full, AutoCheckpointFrames = 40 };
        using var engine = TestDatabase.Open(new MemoryStorageDevice("a.db"), new MemoryStorageDevice("a.db-wal"), options);
        Put(engine, 0);
        await engine.WaitForBackgroundCheckpointAsync();

        // Each commit rewrites one value in place: a delta of a few dozen bytes per page.
        var commits = 0;
        while (engine.WalFrameCount <= 60 && commits < 500)
        {
            Put(engine, ++commits);
        }

        await engine.WaitForBackgroundCheckpointAsync();
        Assert.True(engine.WalFrameCount > 60, $"{engine.WalFrameCount} frames after {commits} commits");
        Assert.InRange(engine.Pager.WalSizeInPages, 1, 39);

        // Whole pages (a new tree of many values) fill it by the page: a checkpoint follows and empties the log.
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("big");
            for (var i = 0; i < 16000; i++)
            {
                tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, 30));
            }

            tx.Commit();
        }

        await engine.WaitForBackgroundCheckpointAsync();
        Assert.Equal(0, engine.WalFrameCount);
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    private static void Put(StorageEngine engine, int version) => TestDatabase.CommitPut(engine, 1, version, 30);
}
