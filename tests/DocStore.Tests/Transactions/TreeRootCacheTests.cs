using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>Opening a tree by name goes through a root cache shared by all transactions; it must never show a tree a snapshot cannot see.</summary>
public sealed class TreeRootCacheTests
{
    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.None)]
    public void A_tree_dropped_and_recreated_under_the_same_name_is_seen_per_snapshot(Durability durability)
    {
        using var engine = TestDatabase.OpenMemory(TestDatabase.Small(durability));
        Fill(engine, "t", from: 0, count: 50);

        using var before = engine.BeginRead();
        Assert.True(before.OpenTree("t")!.ContainsKey(TestDatabase.Key(0)));

        using (var tx = engine.BeginWrite())
        {
            Assert.True(tx.DropTree("t"));
            tx.Commit();
        }

        using (var gone = engine.BeginRead())
        {
            Assert.Null(gone.OpenTree("t"));
        }

        Fill(engine, "t", from: 1000, count: 5);
        using var after = engine.BeginRead();
        var tree = after.OpenTree("t")!;
        Assert.False(tree.ContainsKey(TestDatabase.Key(0)));
        Assert.True(tree.ContainsKey(TestDatabase.Key(1000)));

        // The old snapshot still resolves the name to the old tree, whatever the cache learnt since.
        using var second = engine.BeginRead();
        Assert.True(second.OpenTree("t")!.ContainsKey(TestDatabase.Key(1004)));
        Assert.True(before.OpenTree("t")!.ContainsKey(TestDatabase.Key(49)));
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_reader_older_than_a_tree_does_not_see_it_after_newer_readers_opened_it()
    {
        using var engine = TestDatabase.OpenMemory();
        Fill(engine, "a", from: 0, count: 1);
        using var old = engine.BeginRead();
        Fill(engine, "b", from: 0, count: 1);
        using (var fresh = engine.BeginRead())
        {
            Assert.NotNull(fresh.OpenTree("b"));
        }

        Assert.Null(old.OpenTree("b"));
        Assert.NotNull(old.OpenTree("a"));
    }

    [Fact]
    public void Trees_opened_before_root_splits_are_found_with_all_their_keys_afterwards()
    {
        using var engine = TestDatabase.OpenMemory();
        Fill(engine, "t", from: 0, count: 1);
        using (var read = engine.BeginRead())
        {
            Assert.NotNull(read.OpenTree("t"));
        }

        // 1 KiB pages: thousands of keys split the root repeatedly (it keeps its page number).
        Fill(engine, "t", from: 1, count: 3000);
        using var reader = engine.BeginRead();
        var tree = reader.OpenTree("t")!;
        for (var i = 0; i <= 3000; i += 7)
        {
            Assert.True(tree.ContainsKey(TestDatabase.Key(i)));
        }

        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_writer_sees_its_own_drop_and_create_and_a_rollback_leaves_the_cached_tree_intact()
    {
        using var engine = TestDatabase.OpenMemory();
        Fill(engine, "t", from: 0, count: 10);
        using (var read = engine.BeginRead())
        {
            Assert.NotNull(read.OpenTree("t"));
        }

        using (var tx = engine.BeginWrite())
        {
            Assert.NotNull(tx.OpenTree("t"));
            Assert.True(tx.DropTree("t"));
            Assert.Null(tx.OpenTree("t"));
            var fresh = tx.CreateTree("t");
            Assert.False(fresh.ContainsKey(TestDatabase.Key(0)));
            Assert.Same(fresh, tx.OpenTree("t"));
            tx.Rollback();
        }

        using var reader = engine.BeginRead();
        Assert.True(reader.OpenTree("t")!.ContainsKey(TestDatabase.Key(9)));
        using var writer = engine.BeginWrite();
        Assert.True(writer.OpenTree("t")!.ContainsKey(TestDatabase.Key(9)));
    }

    [Fact]
    public async Task Readers_racing_a_writer_that_drops_and_recreates_a_tree_always_open_the_tree_of_their_snapshot()
    {
        using var engine = TestDatabase.OpenMemory(TestDatabase.Small(Durability.Full, autoCheckpoint: 16));
        Recreate(engine, generation: 0);
        using var stop = new CancellationTokenSource();
        var readers = Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
        {
            var checks = 0;
            while (!stop.IsCancellationRequested || checks == 0)
            {
                using var read = engine.BeginRead();

                // "meta" names the generation the same commit gave "t"; a stale cached root would disagree
                // (or land on pages since reused by another tree).
                Assert.True(read.OpenTree("meta")!.TryGet("gen"u8, out var expected));
                Assert.True(read.OpenTree("t")!.TryGet("gen"u8, out var actual));
                Assert.True(expected.Span.SequenceEqual(actual.Span));
                checks++;
            }

            return checks;
        })).ToArray();

        for (var generation = 1; generation <= 200; generation++)
        {
            Recreate(engine, generation);
        }

        await stop.CancelAsync();
        foreach (var checks in await Task.WhenAll(readers))
        {
            Assert.True(checks > 0);
        }

        Assert.True(engine.CheckIntegrity().IsValid);
    }

    private static void Recreate(StorageEngine engine, int generation)
    {
        using var tx = engine.BeginWrite();
        tx.DropTree("t");
        var tree = tx.CreateTree("t");
        var marker = BitConverter.GetBytes(generation);
        for (var i = 0; i < generation % 50; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i + generation, 100));
        }

        tree.Put("gen"u8, marker);
        tx.OpenOrCreateTree("meta").Put("gen"u8, marker);
        tx.Commit();
    }

    private static void Fill(StorageEngine engine, string name, int from, int count)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree(name);
        for (var i = from; i < from + count; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i));
        }

        tx.Commit();
    }
}
