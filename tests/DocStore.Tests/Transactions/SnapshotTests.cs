using DocStore.BTree;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

public sealed class SnapshotTests
{
    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    [InlineData(Durability.None)]
    public void A_reader_sees_its_snapshot_for_its_whole_life_while_writers_commit_and_checkpoints_run(Durability durability)
    {
        using var engine = TestDatabase.OpenMemory(TestDatabase.Small(durability, cachePages: 16, autoCheckpoint: 20));
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 0; i < 300; i++)
            {
                tree.Put(TestDatabase.Key(i), TestDatabase.Value(i));
            }

            tx.Commit();
        }

        using var reader = engine.BeginRead();
        for (var round = 0; round < 10; round++)
        {
            using (var tx = engine.BeginWrite())
            {
                var tree = tx.OpenTree("t")!;
                for (var i = 0; i < 300; i++)
                {
                    if (i % 3 == round % 3)
                    {
                        tree.Delete(TestDatabase.Key(i));
                    }
                    else
                    {
                        tree.Put(TestDatabase.Key(i), TestDatabase.Value(i + (1000 * (round + 1))));
                    }
                }

                tree.Put(TestDatabase.Key(5000 + round), [1]);
                tx.Commit();
            }

            engine.Checkpoint();
            var old = reader.OpenTree("t")!;
            for (var i = 0; i < 300; i++)
            {
                Assert.True(old.TryGet(TestDatabase.Key(i), out var value));
                Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i)));
            }

            Assert.False(old.ContainsKey(TestDatabase.Key(5000 + round)));
        }

        // While the reader lives the WAL cannot restart; once it ends, a checkpoint empties it.
        Assert.True(engine.WalFrameCount > 0);
        reader.Dispose();
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
        using var fresh = engine.BeginRead();
        Assert.True(fresh.OpenTree("t")!.ContainsKey(TestDatabase.Key(5009)));
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public async Task Readers_on_other_threads_see_consistent_snapshots_while_a_writer_commits()
    {
        using var engine = TestDatabase.OpenMemory(TestDatabase.Small(Durability.Full, cachePages: 32, autoCheckpoint: 50));
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 0; i < 50; i++)
            {
                tree.Put(TestDatabase.Key(i), BitConverter.GetBytes(0));
            }

            tx.Commit();
        }

        using var stop = new CancellationTokenSource();
        var readers = Enumerable.Range(0, 3).Select(_ => Task.Run(() =>
        {
            var checks = 0;
            while (!stop.IsCancellationRequested || checks == 0)
            {
                // Every commit writes the same generation number into all 50 keys: a snapshot must never mix two.
                using var tx = engine.BeginRead();
                var tree = tx.OpenTree("t")!;
                Assert.True(tree.TryGet(TestDatabase.Key(0), out var first));
                var generation = BitConverter.ToInt32(first.Span);
                for (var i = 1; i < 50; i++)
                {
                    Assert.True(tree.TryGet(TestDatabase.Key(i), out var v));
                    Assert.Equal(generation, BitConverter.ToInt32(v.Span));
                }

                checks++;
            }

            return checks;
        })).ToArray();

        for (var generation = 1; generation <= 100; generation++)
        {
            using var tx = engine.BeginWrite();
            var tree = tx.OpenTree("t")!;
            for (var i = 0; i < 50; i++)
            {
                tree.Put(TestDatabase.Key(i), BitConverter.GetBytes(generation));
            }

            tx.Commit();
        }

        stop.Cancel();
        Assert.All(await Task.WhenAll(readers), checks => Assert.True(checks > 0));
    }

    [Fact]
    public void Rolled_back_and_disposed_write_transactions_leave_no_trace()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("t").Put([1], [1]);
            tx.Commit();
        }

        using (var tx = engine.BeginWrite())
        {
            tx.OpenTree("t")!.Put([2], [2]);
            tx.Rollback();
        }

        using (var tx = engine.BeginWrite())
        {
            tx.OpenTree("t")!.Put([3], [3]);
            tx.CreateTree("other");
        }

        using var read = engine.BeginRead();
        var t = read.OpenTree("t")!;
        Assert.True(t.ContainsKey([1]));
        Assert.False(t.ContainsKey([2]));
        Assert.False(t.ContainsKey([3]));
        Assert.Null(read.OpenTree("other"));
    }

    [Fact]
    public void A_read_transaction_refuses_changes_and_a_completed_one_refuses_use()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("t");
            tx.Commit();
            Assert.Throws<ObjectDisposedException>(() => tx.OpenTree("t"));
        }

        using var read = engine.BeginRead();
        var tree = read.OpenTree("t")!;
        Assert.Throws<InvalidOperationException>(() => tree.Put([1], [1]));
        Assert.Throws<InvalidOperationException>(() => tree.Delete([1]));
    }
}
