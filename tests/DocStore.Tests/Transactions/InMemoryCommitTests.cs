using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Transactions;

/// <summary>
/// <c>:memory:</c> databases publish commits by reference instead of through WAL frames; they must behave
/// exactly like the WAL path: same contents, same snapshots, rollback leaves nothing.
/// </summary>
public sealed class InMemoryCommitTests
{
    [Fact]
    public void A_commit_is_visible_and_a_rollback_leaves_nothing()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("t").Put(TestDatabase.Key(1), TestDatabase.Value(1));
            tx.Commit();
        }

        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("t")!;
            tree.Put(TestDatabase.Key(2), TestDatabase.Value(2));
            tree.Delete(TestDatabase.Key(1));
            tx.CreateTree("u");
            tx.Rollback();
        }

        using var read = engine.BeginRead();
        var t = read.OpenTree("t")!;
        Assert.True(t.TryGet(TestDatabase.Key(1), out var value));
        Assert.True(value.Span.SequenceEqual(TestDatabase.Value(1)));
        Assert.False(t.ContainsKey(TestDatabase.Key(2)));
        Assert.Null(read.OpenTree("u"));
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_value_read_from_a_snapshot_stays_intact_until_the_snapshot_ends_while_commits_and_checkpoints_reuse_page_images()
    {
        using var engine = TestDatabase.OpenMemory(TestDatabase.Small(autoCheckpoint: 5));
        PutTwentyKeys(engine);

        // Restarted first, so the held value lies in a checkpointed image that no kept version shares.
        Assert.True(engine.Checkpoint());
        using (var read = engine.BeginRead())
        {
            Assert.True(read.OpenTree("t")!.TryGet(TestDatabase.Key(7), out var held));

            // Commits and checkpoints run while the reader holds a value on the page (a checkpoint copies nothing newer than its snapshot).
            RewriteKeySeven(engine, firstValue: 1000, rounds: 30);
            Assert.True(held.Span.SequenceEqual(TestDatabase.Value(7)));
            Assert.True(read.OpenTree("t")!.TryGet(TestDatabase.Key(7), out var again));
            Assert.True(again.Span.SequenceEqual(TestDatabase.Value(7)));
        }

        // With the reader gone, restarts forget old versions and their images are handed out again.
        RewriteKeySeven(engine, firstValue: 2000, rounds: 30);
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
        Assert.True(engine.Pager.Pool.Reused > 0, "no page image was reused");
        using var latest = engine.BeginRead();
        Assert.True(latest.OpenTree("t")!.TryGet(TestDatabase.Key(7), out var now));
        Assert.True(now.Span.SequenceEqual(TestDatabase.Value(2029)));
        for (var i = 0; i < 20; i++)
        {
            Assert.True(latest.OpenTree("t")!.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i == 7 ? 2029 : i)));
        }
    }

    [Fact]
    public void A_committed_page_read_again_and_again_gets_search_heads_as_a_cached_file_page_does()
    {
        using var engine = TestDatabase.OpenMemory();
        PutTwentyKeys(engine);
        using var read = engine.BeginRead();
        var root = read.OpenTree("t")!.RootPage;
        var heads = default(KeyHeads);
        for (var use = 0; use < KeyHeads.BuildAfterUses; use++)
        {
            read.ReadNode(root, out heads);
        }

        Assert.True(heads.Exists);
        Assert.Equal(20, heads.Count);
        for (var i = 0; i < 20; i++)
        {
            Assert.True(read.OpenTree("t")!.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i)));
        }
    }

    private static void PutTwentyKeys(StorageEngine engine)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.CreateTree("t");
        for (var i = 0; i < 20; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i));
        }

        tx.Commit();
    }

    private static void RewriteKeySeven(StorageEngine engine, int firstValue, int rounds)
    {
        for (var round = 0; round < rounds; round++)
        {
            using var tx = engine.BeginWrite();
            tx.OpenTree("t")!.Put(TestDatabase.Key(7), TestDatabase.Value(firstValue + round));
            tx.Commit();
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void The_memory_path_and_the_wal_path_end_with_the_same_trees_and_snapshots(int seed)
    {
        var options = TestDatabase.Small(Durability.Full, cachePages: 16, autoCheckpoint: 40);
        using var memory = TestDatabase.OpenMemory(options);
        using var wal = TestDatabase.Open(new MemoryStorageDevice("db"), new MemoryStorageDevice("db-wal"), options);
        var engines = new[] { memory, wal };
        var random = new Random(seed);
        var snapshots = new List<(ReadTransaction Memory, ReadTransaction Wal)>();
        for (var round = 0; round < 40; round++)
        {
            var ops = Enumerable.Range(0, random.Next(1, 60)).Select(_ => (Key: random.Next(600), Put: random.Next(4) != 0, Length: random.Next(1, 400))).ToList();
            var commit = random.Next(5) != 0;
            foreach (var engine in engines)
            {
                using var tx = engine.BeginWrite();
                var tree = tx.OpenOrCreateTree("t");
                foreach (var (key, put, length) in ops)
                {
                    if (put)
                    {
                        tree.Put(TestDatabase.Key(key), TestDatabase.Value(key + round, length));
                    }
                    else
                    {
                        tree.Delete(TestDatabase.Key(key));
                    }
                }

                if (commit)
                {
                    tx.Commit();
                }
            }

            if (round % 10 == 3)
            {
                snapshots.Add((memory.BeginRead(), wal.BeginRead()));
            }
        }

        using (var m = memory.BeginRead())
        using (var w = wal.BeginRead())
        {
            snapshots.Add((m, w));
            foreach (var (ms, ws) in snapshots)
            {
                Assert.Equal(Contents(ws), Contents(ms));
            }
        }

        foreach (var (ms, ws) in snapshots.Take(snapshots.Count - 1))
        {
            ms.Dispose();
            ws.Dispose();
        }

        Assert.True(memory.Checkpoint());
        Assert.Equal(0, memory.WalFrameCount);
        Assert.True(memory.CheckIntegrity().IsValid);
        Assert.True(wal.CheckIntegrity().IsValid);
    }

    private static List<string> Contents(Transaction tx)
    {
        var result = new List<string>();
        var cursor = tx.OpenTree("t")!.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            result.Add(Convert.ToHexString(cursor.Key) + "=" + Convert.ToHexString(cursor.Value.Span));
        }

        return result;
    }
}
