using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;

namespace DocStore.Tests.BTree;

/// <summary>
/// Values whose remainder after whole overflow pages is too large for their leaf cell share pages of two
/// halves (docs/storage.md, "Overflow pages"): at 8 KiB pages a 6 KiB value takes half a page and a tail in
/// its leaf instead of a page of its own.
/// </summary>
public sealed class OverflowHalvesTests
{
    private const int PageSize = 8192;
    private const int Payload = PageSize - 16;
    private const int Half = Payload / 2;

    private static StorageOptions Options(Durability durability = Durability.None) =>
        new() { PageSize = PageSize, Durability = durability };

    private static void Put(StorageEngine engine, int key, int length)
    {
        using var tx = engine.BeginWrite();
        (tx.OpenTree("t") ?? tx.CreateTree("t")).Put(TestDatabase.Key(key), TestDatabase.Value(key, length));
        tx.Commit();
    }

    private static void AssertHolds(StorageEngine engine, IReadOnlyDictionary<int, int> lengths)
    {
        using (var tx = engine.BeginRead())
        {
            var tree = tx.OpenTree("t")!;
            foreach (var (key, length) in lengths)
            {
                Assert.True(tree.TryGet(TestDatabase.Key(key), out var value), $"key {key} is missing");
                Assert.Equal(TestDatabase.Value(key, length), value.ToArray());
            }
        }

        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
    }

    private static (long Halves, long HalvesPages, long OverflowPages, long FreePages) Space(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var pages = new HashSet<uint>();
        var tree = global::DocStore.Engine.Statistics.TreeSpaceWalker.Walk(tx, tx.OpenTree("t")!.RootPage, pages);
        return (tree.OverflowHalves, pages.Count, tree.OverflowPages, HeaderPage.GetFreeCount(tx.ReadPage(0)));
    }

    [Theory]
    [InlineData(Payload + 100, Payload, 0, 100)] // the remainder fits the cell: whole pages and a tail
    [InlineData(6000, 0, Half, 6000 - Half)] // too large for the cell: half a page, the rest in the cell
    [InlineData((2 * Payload) + 6000, 2 * Payload, Half, 6000 - Half)]
    [InlineData(Half - 2, 0, Half - 2, 0)] // a remainder a cell cannot hold, but a half can: the half alone
    [InlineData(Payload - 3, Payload - 3, 0, 0)] // too large for a half and the cell together: a partial page
    public void A_value_is_split_into_whole_pages_a_half_and_a_tail_by_its_length_alone(int length, int chain, int half, int tail)
    {
        // A 4-byte key; the cell's room for a tail is half a page less the key, the lengths and the references.
        var keyLength = length == Half - 2 ? 1000 : 4;

        var split = Node.SplitOverflow(keyLength, length, PageSize);

        Assert.Equal(new OverflowSplit(chain, half, tail), split);
        Assert.Equal(length, split.Chain + split.Half + split.Tail);
        Assert.False(Node.IsInline(keyLength, length, PageSize));
    }

    [Fact]
    public void Values_of_four_to_eight_KiB_pair_up_in_shared_pages_and_read_back_exactly()
    {
        using var engine = TestDatabase.OpenMemory(Options());
        var lengths = Enumerable.Range(1, 40).ToDictionary(i => i, i => 4200 + (i * 97));
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            foreach (var (key, length) in lengths)
            {
                tree.Put(TestDatabase.Key(key), TestDatabase.Value(key, length));
            }

            tx.Commit();
        }

        AssertHolds(engine, lengths);
        var space = Space(engine);
        Assert.Equal((40, 20, 0), (space.Halves, space.HalvesPages, space.OverflowPages));
    }

    [Fact]
    public void Single_commits_and_a_reopen_still_pair_halves_through_the_header()
    {
        using var dir = new TempDirectory();
        var path = dir.File("halves.db");
        var lengths = new Dictionary<int, int>();
        for (var i = 1; i <= 9; i++)
        {
            // Reopen between commits: the page with a free half is named in the header, not remembered in memory.
            using var engine = StorageEngine.Open(path, Options(Durability.Normal));
            Put(engine, i, 5000 + i);
            lengths[i] = 5000 + i;
            AssertHolds(engine, lengths);
        }

        using var reopened = StorageEngine.Open(path, Options(Durability.Normal));
        Assert.Equal(5, Space(reopened).HalvesPages);
    }

    [Fact]
    public void A_freed_half_goes_to_the_next_value_and_a_page_whose_halves_are_both_freed_to_the_free_list()
    {
        using var engine = TestDatabase.OpenMemory(Options());
        var lengths = new Dictionary<int, int>();
        for (var i = 1; i <= 4; i++)
        {
            Put(engine, i, 6000 + i);
            lengths[i] = 6000 + i;
        }

        Assert.Equal(2, Space(engine).HalvesPages);

        // Deleting one value of a pair leaves its partner readable; the next value takes the freed half.
        Delete(engine, 1);
        lengths.Remove(1);
        AssertHolds(engine, lengths);
        Put(engine, 5, 7000);
        lengths[5] = 7000;
        AssertHolds(engine, lengths);
        Assert.Equal(2, Space(engine).HalvesPages);

        // Both halves of a page freed: the page goes to the free list.
        var freeBefore = Space(engine).FreePages;
        Delete(engine, 3);
        Delete(engine, 4);
        lengths.Remove(3);
        lengths.Remove(4);
        AssertHolds(engine, lengths);
        Assert.Equal(1, Space(engine).HalvesPages);
        Assert.True(Space(engine).FreePages > freeBefore, "the emptied page of halves was not freed");

        // Growing a value past its half and shrinking it back moves it between forms without leaking a page.
        Put(engine, 2, Payload + 50);
        Put(engine, 5, 300);
        lengths[2] = Payload + 50;
        lengths[5] = 300;
        AssertHolds(engine, lengths);
        Assert.Equal(0, Space(engine).HalvesPages);
    }

    [Fact]
    public void A_rolled_back_value_leaves_its_half_and_the_header_as_they_were()
    {
        using var engine = TestDatabase.OpenMemory(Options());
        Put(engine, 1, 6000);
        using (var tx = engine.BeginWrite())
        {
            // Takes the free half of the header's page, then is abandoned.
            tx.OpenTree("t")!.Put(TestDatabase.Key(2), TestDatabase.Value(2, 6500));
        }

        Put(engine, 3, 6100);
        AssertHolds(engine, new Dictionary<int, int> { [1] = 6000, [3] = 6100 });
        Assert.Equal(1, Space(engine).HalvesPages);
    }

    [Fact]
    public void Commits_the_wal_lost_are_replayed_from_the_redo_log_into_the_same_halves()
    {
        var options = new StorageOptions { PageSize = PageSize, Durability = Durability.Full, AutoCheckpointFrames = 0 };
        var db = new FaultInjectingStorageDevice("h.db");
        var wal = new FaultInjectingStorageDevice("h.db-wal");
        var redo = new FaultInjectingStorageDevice("h.db-redo");
        var lengths = new Dictionary<int, int>();
        using (var engine = StorageEngine.Open(db, wal, redo, options))
        {
            // Creating the tree commits through the WAL's fsync; the puts and deletes after it through redo records only.
            using (var tx = engine.BeginWrite())
            {
                tx.CreateTree("t");
                tx.Commit();
            }

            for (var i = 1; i <= 15; i++)
            {
                Put(engine, i, 4500 + (i * 211));
                lengths[i] = 4500 + (i * 211);
                if (i % 4 == 0)
                {
                    Delete(engine, i - 2);
                    lengths.Remove(i - 2);
                }
            }

            Assert.True(wal.UnsyncedWriteCount > 0, "the WAL frames of the puts were synced: nothing to replay");
        }

        using var recovered = StorageEngine.Open(
            new FaultInjectingStorageDevice("h.db", db.PowerCut()),
            new FaultInjectingStorageDevice("h.db-wal", wal.PowerCut()),
            new FaultInjectingStorageDevice("h.db-redo", redo.PowerCut()),
            options);
        AssertHolds(recovered, lengths);

        // The replayed header still names a page with a free half: the next value pairs without a leak.
        Put(recovered, 100, 6000);
        lengths[100] = 6000;
        AssertHolds(recovered, lengths);
    }

    [Fact]
    public void Compaction_pairs_the_halves_that_deletes_left_alone()
    {
        using var dir = new TempDirectory();
        var path = dir.File("compact.db");
        using var engine = StorageEngine.Open(path, Options(Durability.Normal));
        var lengths = new Dictionary<int, int>();
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 1; i <= 40; i++)
            {
                tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, 4500 + (i * 50)));
                lengths[i] = 4500 + (i * 50);
            }

            tx.Commit();
        }

        // Every other value deleted: each page of halves keeps one.
        for (var i = 1; i <= 40; i += 2)
        {
            Delete(engine, i);
            lengths.Remove(i);
        }

        Assert.Equal(20, Space(engine).HalvesPages);
        engine.Compaction.Compact();

        AssertHolds(engine, lengths);
        Assert.Equal(10, Space(engine).HalvesPages);
    }

    // Commits a damaged page on purpose, which the invariants build's check before every commit refuses,
    // so .ci/run's invariants run leaves this test out.
    [Fact]
    [Trait("InvariantsRun", "Excluded")]
    public void The_check_reports_a_half_in_use_that_no_value_names_and_a_value_naming_a_free_half()
    {
        using var engine = TestDatabase.OpenMemory(Options());
        Put(engine, 1, 6000);
        Put(engine, 2, 6000);
        uint halves;
        using (var tx = engine.BeginRead())
        {
            var pages = new HashSet<uint>();
            global::DocStore.Engine.Statistics.TreeSpaceWalker.Walk(tx, tx.OpenTree("t")!.RootPage, pages);
            halves = pages.Single();
        }

        using (var tx = engine.BeginWrite())
        {
            // The second half marked free while a value still names it (as a bug, not a torn write, would leave it).
            OverflowHalves.SetInUse(tx.GetWritable(halves), 1);
            tx.Commit();
        }

        var report = engine.CheckIntegrity();
        Assert.False(report.IsValid);
        Assert.Contains($"page {halves}: a page of overflow halves marks halves 1 in use, values name halves 3", report.ToString(), StringComparison.Ordinal);
        using (var tx = engine.BeginRead())
        {
            var error = Assert.Throws<DatabaseCorruptException>(() => tx.OpenTree("t")!.TryGet(TestDatabase.Key(2), out _));
            Assert.Contains($"half 1 of page {halves}, which is not a half in use", error.Message, StringComparison.Ordinal);
        }
    }

    // Commits a damaged cell on purpose (see above).
    [Fact]
    [Trait("InvariantsRun", "Excluded")]
    public void The_check_reports_a_value_naming_a_page_that_holds_no_halves()
    {
        using var engine = TestDatabase.OpenMemory(Options());
        Put(engine, 1, 6000);
        uint leaf;
        using (var tx = engine.BeginWrite())
        {
            // The value's reference now names its own leaf.
            leaf = tx.OpenTree("t")!.RootPage;
            var page = tx.GetWritable(leaf);
            Node.ValueAt(page, 0, out _, out var valueOffset);
            OverflowHalves.WriteReference(page.AsSpan(valueOffset + 4), leaf, 0);
            tx.Commit();
        }

        var report = engine.CheckIntegrity();
        Assert.False(report.IsValid);
        Assert.Contains($"page {leaf}: value 0 in tree 't' names half 0 of page {leaf}, which is not a page of halves", report.ToString(), StringComparison.Ordinal);
        Assert.Contains("leaked", report.ToString(), StringComparison.Ordinal);
    }

    private static void Delete(StorageEngine engine, int key)
    {
        using var tx = engine.BeginWrite();
        Assert.True(tx.OpenTree("t")!.Delete(TestDatabase.Key(key)));
        tx.Commit();
    }
}
