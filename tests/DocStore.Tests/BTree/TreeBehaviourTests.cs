using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.BTree;

public sealed class TreeBehaviourTests
{
    private static uint PageCount(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        return HeaderPage.GetPageCount(tx.ReadPage(0));
    }

    private static void Fill(WriteTransaction tx, string name, int count, int valueLength)
    {
        var tree = tx.OpenOrCreateTree(name);
        for (var i = 0; i < count; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, valueLength));
        }
    }

    [Fact]
    public void Keys_inserted_in_order_fill_leaf_pages()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            Fill(tx, "t", 10_000, 20);
            tx.Commit();
        }

        // A leaf cell here is 1 + 11 + 1 + 20 bytes (two lengths, key, value) plus a 2-byte slot; a 1 KiB page has 1008 usable bytes.
        const int perLeaf = 1008 / 35;
        var minimumLeaves = (10_000 + perLeaf - 1) / perLeaf;
        var pages = PageCount(engine);
        Assert.True(pages < minimumLeaves * 1.1, $"{pages} pages for {minimumLeaves} full leaves");
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void An_index_of_runs_growing_at_their_ends_fills_its_leaves()
    {
        // Keys as an index on a field with 50 values has them: a value, then the document id, ids arriving
        // in order, so each run of equal values grows at its end. A leaf split in the middle of a run would
        // leave its first half half-full for good; splits between runs leave full pages behind.
        const int entries = 20_000;
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenOrCreateTree("index");
            for (var id = 0; id < entries; id++)
            {
                var key = new byte[14];
                System.Text.Encoding.ASCII.GetBytes($"value{(id * 7919) % 50:D2}---").CopyTo(key, 0);
                System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(key.AsSpan(10), id);
                tree.Put(key, []);
            }

            tx.Commit();
        }

        // 14-byte key, two length bytes and a slot: 18 bytes, 56 to a 1 KiB page's 1008 usable bytes. Splits
        // at the balanced point took 500 pages here (1.40x), splits between runs 418 (1.17x).
        const int minimumLeaves = (entries + 55) / 56;
        var pages = PageCount(engine);
        Assert.True(pages < minimumLeaves * 1.25, $"{pages} pages for {minimumLeaves} full leaves");
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_tree_deeper_than_the_first_path_allocation_splits_and_merges_at_every_level()
    {
        // Longest keys at 1 KiB pages leave four cells a page, so a few thousand keys make a tree deeper than
        // the path a change starts with (6 branches, so 7 levels): the path must grow while splits and merges
        // run through it.
        // The keys differ only in their last bytes, so no separator in a branch can be shorter than a key.
        using var engine = TestDatabase.OpenMemory();
        var keyLength = TreeLimits.MaxKeyLength(1024);
        static byte[] LongKey(int i, int length)
        {
            var key = new byte[length];
            key.AsSpan().Fill((byte)'k');
            System.Text.Encoding.ASCII.GetBytes($"{i:D8}").CopyTo(key, length - 8);
            return key;
        }

        var order = Enumerable.Range(0, 20_000).OrderBy(i => (i * 7919) % 20_011).ToArray();
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenOrCreateTree("deep");
            foreach (var i in order)
            {
                tree.Put(LongKey(i, keyLength), BitConverter.GetBytes(i));
            }

            tx.Commit();
        }

        var depth = Depth(engine, "deep");
        Assert.True(depth > 7, $"the tree is only {depth} levels deep");
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("deep")!;
            foreach (var i in order.Where(i => i % 3 != 0))
            {
                Assert.True(tree.Delete(LongKey(i, keyLength)));
            }

            tx.Commit();
        }

        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        using var read = engine.BeginRead();
        var kept = read.OpenTree("deep")!;
        for (var i = 0; i < 20_000; i++)
        {
            var found = kept.TryGet(LongKey(i, keyLength), out var value);
            Assert.Equal(i % 3 == 0, found);
            if (found)
            {
                Assert.Equal(i, BitConverter.ToInt32(value.Span));
            }
        }
    }

    /// <summary>Levels from the root of tree <paramref name="name"/> down to its leftmost leaf.</summary>
    private static int Depth(StorageEngine engine, string name)
    {
        using var tx = engine.BeginRead();
        var page = tx.ReadPage(tx.OpenTree(name)!.RootPage);
        var levels = 1;
        while (PageLayout.GetType(page) == PageType.Branch)
        {
            page = tx.ReadPage(Node.Child(page, 0));
            levels++;
        }

        return levels;
    }

    [Fact]
    public void Deleting_everything_and_inserting_it_again_does_not_grow_the_file()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            Fill(tx, "t", 3000, 150);
            tx.Commit();
        }

        var grown = PageCount(engine);
        for (var round = 0; round < 3; round++)
        {
            using (var tx = engine.BeginWrite())
            {
                var tree = tx.OpenTree("t")!;
                for (var i = 0; i < 3000; i++)
                {
                    Assert.True(tree.Delete(TestDatabase.Key(i)));
                }

                tx.Commit();
            }

            var report = engine.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
            using (var tx = engine.BeginWrite())
            {
                Fill(tx, "t", 3000, 150);
                tx.Commit();
            }

            Assert.Equal(grown, PageCount(engine));
        }
    }

    [Fact]
    public void Dropping_a_tree_frees_its_pages_for_reuse()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            Fill(tx, "a", 2000, 300);
            tx.Commit();
        }

        var grown = PageCount(engine);
        using (var tx = engine.BeginWrite())
        {
            Assert.True(tx.DropTree("a"));
            Assert.False(tx.DropTree("a"));
            tx.Commit();
        }

        Assert.True(engine.CheckIntegrity().IsValid);
        using (var tx = engine.BeginWrite())
        {
            Fill(tx, "b", 2000, 300);
            tx.Commit();
        }

        Assert.Equal(grown, PageCount(engine));
        using var read = engine.BeginRead();
        Assert.Equal(["b"], read.GetTreeNames());
    }

    [Theory]
    [InlineData(1024)]
    [InlineData(8192)]
    public void Values_up_to_16_MiB_round_trip_through_overflow_chains(int pageSize)
    {
        using var engine = TestDatabase.OpenMemory(new StorageOptions { PageSize = pageSize, Durability = Durability.None });
        var big = TestDatabase.Value(1, 16 * 1024 * 1024);
        var medium = TestDatabase.Value(2, pageSize * 3);
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("blobs");
            tree.Put("big"u8, big);
            tree.Put("medium"u8, medium);
            tree.Put("small"u8, [1, 2, 3]);
            tx.Commit();
        }

        using (var tx = engine.BeginWrite())
        {
            // Replacing an overflow value frees its old chain.
            tx.OpenTree("blobs")!.Put("medium"u8, TestDatabase.Value(3, pageSize * 2));
            tx.Commit();
        }

        using var read = engine.BeginRead();
        var blobs = read.OpenTree("blobs")!;
        Assert.True(blobs.TryGet("big"u8, out var value));
        Assert.True(value.Span.SequenceEqual(big));
        Assert.True(blobs.TryGet("medium"u8, out value));
        Assert.True(value.Span.SequenceEqual(TestDatabase.Value(3, pageSize * 2)));
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Oversized_keys_and_values_are_rejected_with_an_argument_exception()
    {
        using var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        var tree = tx.CreateTree("t");
        Assert.Equal(240, tree.MaxKeyLength);
        tree.Put(new byte[240], [1]);
        var ex = Assert.Throws<ArgumentException>(() => tree.Put(new byte[241], [1]));
        Assert.Contains("241", ex.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => tree.Put([1], new byte[TreeLimits.MaxValueLength + 1]));
        Assert.False(tree.Delete(new byte[241]));
    }

    [Fact]
    public void Empty_keys_and_values_are_ordinary_entries()
    {
        using var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        var tree = tx.CreateTree("t");
        tree.Put([], []);
        tree.Put([0], [9]);
        Assert.True(tree.TryGet([], out var value));
        Assert.True(value.IsEmpty);
        var cursor = tree.CreateCursor();
        Assert.True(cursor.SeekFirst());
        Assert.Equal(0, cursor.Key.Length);
        Assert.True(cursor.MoveNext());
        Assert.Equal([0], cursor.Key.ToArray());
        Assert.False(cursor.MoveNext());
    }

    [Fact]
    public void A_cursor_notices_changes_made_through_its_transaction()
    {
        using var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        var tree = tx.CreateTree("t");
        tree.Put([1], [1]);
        tree.Put([2], [2]);
        var cursor = tree.CreateCursor();
        Assert.True(cursor.SeekFirst());
        tree.Put([3], [3]);
        Assert.Throws<InvalidOperationException>(() => cursor.MoveNext());
        Assert.True(cursor.Seek([2]));
        Assert.True(cursor.MoveNext());
        Assert.Equal([3], cursor.Key.ToArray());
    }

    [Fact]
    public void An_in_memory_database_saved_to_a_file_reopens_with_the_same_contents()
    {
        using var dir = new TempDirectory();
        var path = dir.File("saved.db");
        using (var engine = TestDatabase.OpenMemory())
        {
            using (var tx = engine.BeginWrite())
            {
                Fill(tx, "a", 1500, 100);
                Fill(tx, "b", 10, 3000);
                tx.Commit();
            }

            using (var tx = engine.BeginWrite())
            {
                var a = tx.OpenTree("a")!;
                for (var i = 0; i < 1500; i += 2)
                {
                    a.Delete(TestDatabase.Key(i));
                }

                tx.Commit();
            }

            engine.Backups.SaveTo(path);
        }

        using var saved = StorageEngine.Open(path);
        Assert.Equal(1024, saved.PageSize);
        var report = saved.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        using var read = saved.BeginRead();
        var tree = read.OpenTree("a")!;
        for (var i = 0; i < 1500; i++)
        {
            Assert.Equal(i % 2 == 1, tree.TryGet(TestDatabase.Key(i), out var value));
            if (i % 2 == 1)
            {
                Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 100)));
            }
        }

        Assert.True(read.OpenTree("b")!.TryGet(TestDatabase.Key(9), out var blob));
        Assert.True(blob.Span.SequenceEqual(TestDatabase.Value(9, 3000)));
    }

    [Fact]
    public void A_file_database_reopens_with_its_committed_contents()
    {
        using var dir = new TempDirectory();
        var path = dir.File("reopen.db");
        using (var engine = StorageEngine.Open(path, TestDatabase.Small()))
        {
            using var tx = engine.BeginWrite();
            Fill(tx, "t", 500, 50);
            tx.Commit();
        }

        using (var engine = StorageEngine.Open(path, new StorageOptions { PageSize = 4096 }))
        {
            Assert.Equal(1024, engine.PageSize);
            using var tx = engine.BeginRead();
            var tree = tx.OpenTree("t")!;
            Assert.True(tree.TryGet(TestDatabase.Key(499), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(499, 50)));
        }
    }

    [Fact]
    public void Creating_an_existing_tree_throws_and_bad_names_are_rejected()
    {
        using var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        tx.CreateTree("t");
        Assert.Throws<InvalidOperationException>(() => tx.CreateTree("t"));
        Assert.Throws<ArgumentException>(() => tx.CreateTree(""));
        Assert.Same(tx.OpenTree("t"), tx.OpenOrCreateTree("t"));
    }
}
