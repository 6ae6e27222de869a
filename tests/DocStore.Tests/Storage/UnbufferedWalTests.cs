using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// Under Full durability the WAL is written around the page cache where the system allows it, which needs
/// every frame write aligned; where it does not, writes stay buffered and nothing else changes.
/// </summary>
public sealed class UnbufferedWalTests
{
    private const int Alignment = 4096;

    [Fact]
    public void A_device_that_wants_aligned_writes_gets_only_aligned_frame_writes_and_recovery_reads_them_back()
    {
        var db = new MemoryStorageDevice("a.db");
        var wal = new AlignmentRecordingDevice("a.db-wal", Alignment);
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);

        // Small commits (one frame), and transactions of hundreds of whole pages, more than one batch write holds.
        for (var i = 0; i < 20; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        for (var round = 0; round < 2; round++)
        {
            using var tx = engine.BeginWrite();
            var tree = tx.OpenOrCreateTree("t");
            for (var i = 0; i < 700; i++)
            {
                tree.Put(TestDatabase.Key(1000 + i), TestDatabase.Value(round * 1000 + i, 600));
            }

            tx.Commit();
        }

        // Past the header's block, every write is whole aligned blocks.
        var frameWrites = wal.Writes.Where(w => w.Offset >= Alignment).ToList();
        Assert.True(frameWrites.Count > 20, $"only {frameWrites.Count} frame writes");
        Assert.All(frameWrites, w => Assert.True(w.Offset % Alignment == 0 && w.Length % Alignment == 0, $"write of {w.Length} bytes at {w.Offset}"));
        Assert.Contains(frameWrites, w => w.Length > 512 * 1024 / 2);

        // Abandoned, not disposed: recovery must find every commit in what was written.
        using var recovered = TestDatabase.Open(new MemoryStorageDevice("a.db", db.ToArray()), new MemoryStorageDevice("a.db-wal", wal.ToArray()), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        var reopened = read.OpenTree("t")!;
        for (var i = 0; i < 20; i++)
        {
            Assert.True(reopened.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 40)));
        }

        for (var i = 0; i < 700; i++)
        {
            Assert.True(reopened.TryGet(TestDatabase.Key(1000 + i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(1000 + i, 600)));
        }
    }

    [Fact]
    public void Frames_written_for_an_aligned_device_are_the_frames_a_buffered_device_gets()
    {
        // Same commits on both: the aligned log differs only in the zeros that pad each transaction.
        var plain = new MemoryStorageDevice("p.db-wal");
        var aligned = new AlignmentRecordingDevice("q.db-wal", Alignment);
        foreach (var wal in new IStorageDevice[] { plain, aligned })
        {
            var engine = TestDatabase.Open(new MemoryStorageDevice("x.db"), wal, TestDatabase.Small(Durability.Full, autoCheckpoint: 0));
            for (var i = 0; i < 40; i++)
            {
                TestDatabase.CommitPut(engine, i % 25, i, 60 + i);
            }
        }

        var expected = WalFrames.Read(plain.ToArray());
        var actual = WalFrames.Read(aligned.ToArray());
        Assert.Equal(expected.Count, actual.Count);
        for (var i = 0; i < expected.Count; i++)
        {
            Assert.Equal(expected[i].Offset, actual[i].Offset);
            Assert.Equal(expected[i].Header with { Salt = 0, Checksum = 0 }, actual[i].Header with { Salt = 0, Checksum = 0 });
        }
    }

    [Fact]
    public void A_file_database_with_unbuffered_writes_commits_reopens_and_reads_everything()
    {
        using var temp = new TempDirectory();
        var path = temp.File("u.db");
        var options = new StorageOptions { Durability = Durability.Full, AutoCheckpointFrames = 50 };
        using (var engine = StorageEngine.Open(path, options))
        {
            for (var i = 0; i < 300; i++)
            {
                TestDatabase.CommitPut(engine, i, i, 200 + (i % 7 * 300));
            }
        }

        using var reopened = StorageEngine.Open(path, options);
        Assert.True(reopened.CheckIntegrity().IsValid);
        using var read = reopened.BeginRead();
        var tree = read.OpenTree("t")!;
        for (var i = 0; i < 300; i++)
        {
            Assert.True(tree.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 200 + (i % 7 * 300))));
        }
    }

    [Fact]
    public void Only_full_durability_asks_for_unbuffered_writes_and_the_option_turns_them_off()
    {
        // Under Full durability the file that each commit fsyncs gets the unbuffered writes: the redo log, or
        // the WAL when the redo log is off. StorageEngine.Open opens the files as the options say; whether the
        // file system then takes such writes is the device's business (the test below).
        var cases = new[]
        {
            (Durability.Full, true, true, false, true),
            (Durability.Full, true, false, true, false),
            (Durability.Normal, true, true, false, false),
            (Durability.Full, false, true, false, false),
            (Durability.Full, false, false, false, false),
        };
        foreach (var (durability, option, redoLog, walExpected, redoExpected) in cases)
        {
            var options = new StorageOptions { Durability = durability, UnbufferedWalWrites = option, RedoLog = redoLog };
            Assert.Equal(durability == Durability.Full && redoLog, options.CommitsThroughRedo);
            Assert.Equal(walExpected, options.WalWritesUnbuffered);
            Assert.Equal(redoExpected, options.RedoWritesUnbuffered);
        }
    }

    [Fact]
    public void Reads_through_the_buffered_handle_see_what_unbuffered_writes_wrote()
    {
        // Recovery and cache misses read frames through the page cache, which may hold older bytes of the
        // same range: the system must drop them when an unbuffered write lands.
        using var temp = new TempDirectory();
        using var device = FileStorageDevice.Open(temp.File("c.bin"), unbufferedWrites: true);
        var block = AlignedBuffer.Allocate(4 * Alignment, Alignment);
        var read = new byte[block.Length];
        for (var round = 1; round <= 3; round++)
        {
            block.Span.Fill((byte)round);
            device.Write(Alignment, block.Span);
            device.Write(0, [(byte)round, 7, 7]);
            Assert.Equal(read.Length, device.Read(Alignment, read));
            Assert.All(read, b => Assert.Equal(round, b));
        }

        var head = new byte[3];
        device.Read(0, head);
        Assert.Equal([3, 7, 7], head);
        Assert.Equal(UnbufferedHandleAvailable(temp.Path), device.WritesUnbuffered);
    }

    private static bool UnbufferedHandleAvailable(string directory)
    {
        var probe = Path.Combine(directory, $"probe-{Guid.NewGuid():N}");
        File.WriteAllBytes(probe, []);
        try
        {
            using var handle = UnbufferedHandle.TryOpen(probe);
            return handle is not null;
        }
        finally
        {
            File.Delete(probe);
        }
    }
}
