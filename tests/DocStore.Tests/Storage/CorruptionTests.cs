using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>Flipped bytes in database pages and WAL frames are reported as corruption naming the page.</summary>
public sealed class CorruptionTests
{
    private static (byte[] Db, byte[] Wal) BuildImages(int transactions, bool checkpoint)
    {
        var db = new MemoryStorageDevice("c.db");
        var wal = new MemoryStorageDevice("c.db-wal");
        var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0));
        for (var t = 0; t < transactions; t++)
        {
            using var tx = engine.BeginWrite();
            var tree = tx.OpenOrCreateTree("data");
            for (var i = 0; i < 40; i++)
            {
                tree.Put(TestDatabase.Key((t * 40) + i), TestDatabase.Value(i, 30));
            }

            tx.Commit();
        }

        if (checkpoint)
        {
            engine.Checkpoint();
        }

        // The engine is abandoned, not disposed: disposing would checkpoint and empty the WAL.
        return (db.ToArray(), wal.ToArray());
    }

    [Fact]
    public void Every_flipped_byte_of_a_checkpointed_tree_page_is_reported_by_reads_and_by_the_integrity_check()
    {
        var (db, wal) = BuildImages(5, checkpoint: true);
        const int pageSize = 1024;
        var pages = db.Length / pageSize;
        var random = new Random(7);
        for (var page = 1; page < pages; page++)
        {
            var corrupt = (byte[])db.Clone();
            var offset = (page * pageSize) + random.Next(pageSize);
            corrupt[offset] ^= (byte)(1 << random.Next(8));
            using var engine = TestDatabase.Open(new MemoryStorageDevice("c.db", corrupt), new MemoryStorageDevice("c.db-wal", wal));
            var report = engine.CheckIntegrity();
            Assert.False(report.IsValid);
            Assert.Contains(report.Problems, p => p.Contains($"page {page}", StringComparison.Ordinal));
            var ex = Assert.Throws<DatabaseCorruptException>(() => ReadEverything(engine));
            Assert.Equal(page, ex.PageNumber);
            Assert.Equal("c.db", ex.FileName);
            Assert.Contains($"page {page}", ex.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_flipped_byte_in_the_header_page_is_reported()
    {
        var (db, wal) = BuildImages(2, checkpoint: true);
        db[100] ^= 0x10;
        var ex = Assert.Throws<DatabaseCorruptException>(() => TestDatabase.Open(new MemoryStorageDevice("c.db", db), new MemoryStorageDevice("c.db-wal", wal)));
        Assert.Equal(0, ex.PageNumber);
    }

    [Fact]
    public void A_file_of_the_older_cell_format_is_refused_naming_both_versions()
    {
        // Version 1 files had six-byte cell headers; this build's cells start with varint lengths and would misread them.
        var (db, wal) = BuildImages(2, checkpoint: true);
        Assert.Equal(DocStoreInfo.FormatVersion, BinaryPrimitives.ReadInt32LittleEndian(db.AsSpan(HeaderPage.FormatVersionOffset)));
        BinaryPrimitives.WriteInt32LittleEndian(db.AsSpan(HeaderPage.FormatVersionOffset), 1);
        var ex = Assert.Throws<DatabaseCorruptException>(() => TestDatabase.Open(new MemoryStorageDevice("c.db", db), new MemoryStorageDevice("c.db-wal", wal)));
        Assert.Equal(0, ex.PageNumber);
        Assert.Contains($"format version 1 is not supported (this build reads {DocStoreInfo.FormatVersion})", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_flipped_byte_in_an_acknowledged_wal_frame_is_reported_at_open_naming_the_page()
    {
        var (db, wal) = BuildImages(6, checkpoint: false);
        var frames = WalFrames.Read(wal);
        Assert.True(frames.Count > 10);
        Assert.Contains(frames, f => f.Header.PayloadLength < 1024);
        Assert.Contains(frames, f => f.Header.PayloadLength == 1024);
        var lastCommit = frames.FindLastIndex(f => f.Header.IsCommit);
        var firstOfLastCommit = frames.FindLastIndex(lastCommit - 1, f => f.Header.IsCommit) + 1;
        var random = new Random(3);

        // Every frame but those of the last transaction (a later, durable frame vouches for them), whole
        // images and deltas alike; the flip lands anywhere but the page-number field, which names the page.
        for (var frame = 0; frame < firstOfLastCommit; frame++)
        {
            var location = frames[frame];
            var corrupt = (byte[])wal.Clone();
            var offset = location.Offset + 4 + random.Next(WalFormat.FrameHeaderSize + location.Header.PayloadLength - 4);
            corrupt[offset] ^= (byte)(1 << random.Next(8));
            var ex = Assert.Throws<DatabaseCorruptException>(() => TestDatabase.Open(new MemoryStorageDevice("c.db", db), new MemoryStorageDevice("c.db-wal", corrupt)));
            Assert.Equal("c.db-wal", ex.FileName);
            Assert.Equal(location.Header.PageNumber, (uint)ex.PageNumber);
        }
    }

    [Fact]
    public void A_flipped_byte_in_a_wal_frame_under_a_live_engine_is_reported_by_the_read_naming_the_page()
    {
        var db = new MemoryStorageDevice("c.db");
        var wal = new MemoryStorageDevice("c.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0, cachePages: 16));
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("data");
            for (var i = 0; i < 2000; i++)
            {
                tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, 30));
            }

            tx.Commit();
        }

        // Damage the page image of a tree page logged whole (frames are in page order; the first few are
        // the header and catalog pages); with a 16-page cache that image has been evicted.
        var frame = WalFrames.Read(wal.ToArray()).Where(f => f.Header.PayloadLength == 1024).Skip(4).First();
        var pageNumber = frame.Header.PageNumber;
        Assert.NotEqual(0u, pageNumber);
        Flip(wal, frame.PayloadOffset + 500);

        var ex = Assert.Throws<DatabaseCorruptException>(() => ReadEverything(engine));
        Assert.Equal(pageNumber, (uint)ex.PageNumber);
        Assert.Equal("c.db-wal", ex.FileName);
        var report = engine.CheckIntegrity();
        Assert.Contains(report.Problems, p => p.Contains($"page {pageNumber}", StringComparison.Ordinal));
    }

    [Fact]
    public void A_flipped_byte_in_a_delta_frame_under_a_live_engine_is_reported_by_the_read_naming_the_page()
    {
        var db = new MemoryStorageDevice("c.db");
        var wal = new MemoryStorageDevice("c.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0, cachePages: 16));
        for (var i = 0; i < 300; i++)
        {
            using var tx = engine.BeginWrite();
            tx.OpenOrCreateTree("data").Put(TestDatabase.Key(i), TestDatabase.Value(i, 30));
            tx.Commit();
        }

        // A delta of a tree page (not the header page 0 or the catalog root 1) from an early commit: long
        // evicted from the 16-page cache, so the read rebuilds it and must notice the damage.
        var frame = WalFrames.Read(wal.ToArray()).First(f => f.Header.PayloadLength < 1024 && f.Header.PageNumber > 1 && f.Header.PayloadLength > 8);
        Flip(wal, frame.PayloadOffset + frame.Header.PayloadLength - 1);

        // The snapshot at the frame's own LSN resolves the page to exactly that version.
        var ex = Assert.Throws<DatabaseCorruptException>(() => engine.Pager.Read(frame.Header.PageNumber, frame.Header.Lsn));
        Assert.Equal(frame.Header.PageNumber, (uint)ex.PageNumber);
        Assert.Equal("c.db-wal", ex.FileName);
        Assert.Contains($"LSN {frame.Header.Lsn}", ex.Message, StringComparison.Ordinal);
    }

    private static void Flip(MemoryStorageDevice device, long offset)
    {
        var flipped = new byte[1];
        device.Read(offset, flipped);
        flipped[0] ^= 0x04;
        device.Write(offset, flipped);
    }

    private static void ReadEverything(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        foreach (var name in tx.GetTreeNames())
        {
            var cursor = tx.OpenTree(name)!.CreateCursor();
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                _ = cursor.Value;
            }
        }
    }
}
