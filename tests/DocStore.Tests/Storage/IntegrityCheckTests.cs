using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Integrity;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Tests.Storage;

/// <summary>The integrity check finds structural damage that checksums cannot (the bytes were written on purpose).</summary>
public sealed class IntegrityCheckTests
{
    private static StorageEngine Populated()
    {
        var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        var tree = tx.CreateTree("t");
        for (var i = 0; i < 400; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, i % 50 == 0 ? 3000 : 40));
        }

        tx.Commit();
        return engine;
    }

    private static uint FirstLeaf(WriteTransaction tx)
    {
        var page = tx.OpenTree("t")!.RootPage;
        while (PageLayout.GetType(tx.ReadPage(page)) == PageType.Branch)
        {
            page = global::DocStore.BTree.Node.Child(tx.ReadPage(page), 0);
        }

        return page;
    }

    [Fact]
    public void A_healthy_database_passes()
    {
        using var engine = Populated();
        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        Assert.True(report.PagesChecked > 10);
        Assert.Equal(2, report.TreesChecked);
    }

    [Fact]
    public void A_page_allocated_but_never_linked_is_reported_as_leaked()
    {
        using var engine = Populated();
        using var tx = engine.BeginWrite();
        var page = tx.AllocatePage();
        tx.NewPage(page, PageType.Leaf);
        var report = IntegrityChecker.Check(tx);
        Assert.Contains(report.Problems, p => p.Contains($"page {page}: leaked", StringComparison.Ordinal));
    }

    [Fact]
    public void A_page_both_in_a_tree_and_on_the_free_list_is_reported_as_owned_twice()
    {
        using var engine = Populated();
        using var tx = engine.BeginWrite();
        var leaf = FirstLeaf(tx);
        global::DocStore.Transactions.FreeSpace.FreeList.Free(tx, leaf);
        var report = IntegrityChecker.Check(tx);
        Assert.Contains(report.Problems, p => p.Contains($"page {leaf}: owned twice", StringComparison.Ordinal));
    }

    [Fact]
    public void Keys_out_of_order_and_outside_their_separators_are_reported()
    {
        using var engine = Populated();
        using var tx = engine.BeginWrite();
        var leaf = FirstLeaf(tx);
        var page = tx.GetWritable(leaf);

        // Swap the first two slots: the keys are now descending.
        var slots = page.AsSpan(PageLayout.HeaderSize);
        var first = BinaryPrimitives.ReadUInt16LittleEndian(slots);
        BinaryPrimitives.WriteUInt16LittleEndian(slots, BinaryPrimitives.ReadUInt16LittleEndian(slots[2..]));
        BinaryPrimitives.WriteUInt16LittleEndian(slots[2..], first);
        var report = IntegrityChecker.Check(tx);
        Assert.Contains(report.Problems, p => p.Contains($"page {leaf}: keys 0 and 1", StringComparison.Ordinal));
    }

    [Fact]
    public void A_wrong_free_page_count_in_the_header_is_reported()
    {
        using var engine = Populated();
        using var tx = engine.BeginWrite();
        var header = tx.GetWritable(0);
        HeaderPage.SetFreeCount(header, HeaderPage.GetFreeCount(header) + 3);
        var report = IntegrityChecker.Check(tx);
        Assert.Contains(report.Problems, p => p.StartsWith("page 0: the header counts", StringComparison.Ordinal));
    }

    [Fact]
    public void A_huge_page_count_in_the_header_is_reported_without_allocating_for_it()
    {
        using var engine = Populated();
        using var tx = engine.BeginWrite();
        var header = tx.GetWritable(0);
        HeaderPage.SetPageCount(header, 0x7FFF_FFF0);
        var report = IntegrityChecker.Check(tx);
        Assert.Contains(report.Problems, p => p.StartsWith("page 0: the header counts 2147483632 pages", StringComparison.Ordinal));
    }

    [Fact]
    public void A_page_count_beyond_the_file_is_reported_as_disagreeing_with_its_length()
    {
        var db = new global::DocStore.Storage.Devices.MemoryStorageDevice("h.db");
        var wal = new global::DocStore.Storage.Devices.MemoryStorageDevice("h.db-wal");
        using (var engine = TestDatabase.Open(db, wal))
        {
            TestDatabase.CommitPut(engine, 1, 1, 40);
        }

        // A checksum-valid header (as a bug, not a torn write, would leave it) that claims every page there is.
        var image = db.ToArray();
        var page = image.AsSpan(0, 1024);
        HeaderPage.SetPageCount(page, uint.MaxValue);
        PageChecksum.Stamp(page, 0);
        using var damaged = TestDatabase.Open(new global::DocStore.Storage.Devices.MemoryStorageDevice("h.db", image), new global::DocStore.Storage.Devices.MemoryStorageDevice("h.db-wal", wal.ToArray()));
        var report = damaged.CheckIntegrity();
        var problem = Assert.Single(report.Problems, p => p.StartsWith("page 0: the header counts", StringComparison.Ordinal));
        Assert.Contains($"{image.Length} bytes", problem, StringComparison.Ordinal);
    }
}
