using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>The WAL grows by chunks of zeroed frames, so most commits overwrite space the file already has.</summary>
public sealed class WalPreallocationTests
{
    private const int WholeFrame = 40 + 1024;

    [Fact]
    public void The_wal_grows_in_chunks_and_commits_inside_a_chunk_do_not_change_its_length()
    {
        var db = new MemoryStorageDevice("w.db");
        var wal = new MemoryStorageDevice("w.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0));
        Commit(engine, 0);
        var length = wal.Length;
        Assert.Equal(WalEnd(wal) + (64 * WholeFrame), length);
        // Each commit takes a 4 KiB block of log (they are fsynced through it): ten fit in the chunk.
        for (var id = 1; id < 10; id++)
        {
            Commit(engine, id);
        }

        Assert.True(engine.WalFrameCount < 64);
        Assert.Equal(length, wal.Length);
    }

    [Fact]
    public void Zeroed_frames_ahead_of_the_log_end_it_at_recovery_and_after_a_power_cut()
    {
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);
        for (var id = 0; id < 5; id++)
        {
            Commit(engine, id);
        }

        var walAfterCut = wal.PowerCut();
        Assert.True(walAfterCut.Length > WalEnd(walAfterCut));
        using var recovered = TestDatabase.Open(
            new MemoryStorageDevice("p.db", db.PowerCut()),
            new MemoryStorageDevice("p.db-wal", walAfterCut),
            options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        var tree = read.OpenTree("t")!;
        for (var id = 0; id < 5; id++)
        {
            Assert.True(tree.ContainsKey(TestDatabase.Key(id)));
        }
    }

    [Fact]
    public void A_clean_close_cuts_the_wal_back_to_its_header_and_the_next_open_finds_everything()
    {
        var db = new MemoryStorageDevice("c.db");
        var wal = new MemoryStorageDevice("c.db-wal");
        using (var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0)))
        {
            for (var id = 0; id < 20; id++)
            {
                Commit(engine, id);
            }

            Assert.True(wal.Length > 64 * WholeFrame);
        }

        Assert.Equal(32, wal.Length);
        using var reopened = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0));
        Assert.True(reopened.CheckIntegrity().IsValid);
        using var read = reopened.BeginRead();
        var tree = read.OpenTree("t")!;
        for (var id = 0; id < 20; id++)
        {
            Assert.True(tree.ContainsKey(TestDatabase.Key(id)));
        }
    }

    [Fact]
    public void After_a_burst_of_large_commits_a_restart_cuts_the_wal_back_to_what_later_generations_use()
    {
        var db = new MemoryStorageDevice("b.db");
        var wal = new MemoryStorageDevice("b.db-wal");
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        using var engine = TestDatabase.Open(db, wal, options);
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenOrCreateTree("t");
            for (var id = 0; id < 400; id++)
            {
                tree.Put(TestDatabase.Key(id), TestDatabase.Value(id, 400));
            }

            tx.Commit();
        }

        Assert.True(engine.Checkpoint());
        var afterBurst = wal.Length;
        Assert.True(afterBurst > 200_000, $"the burst's log: {afterBurst} bytes");

        // A small generation: the restart keeps what it used and one preallocation, well under the burst's.
        Commit(engine, 1000);
        Assert.True(engine.Checkpoint());
        Assert.True(wal.Length <= 32 + (2 * 64 * WholeFrame) && wal.Length < afterBurst, $"after a small generation: {wal.Length} bytes");

        // And generations of similar size leave the length alone.
        var settled = wal.Length;
        Commit(engine, 1001);
        Assert.True(engine.Checkpoint());
        Assert.Equal(settled, wal.Length);
        using var read = engine.BeginRead();
        Assert.True(read.OpenTree("t")!.ContainsKey(TestDatabase.Key(399)));
        Assert.True(read.OpenTree("t")!.ContainsKey(TestDatabase.Key(1001)));
    }

    private static long WalEnd(MemoryStorageDevice wal) => WalEnd(wal.ToArray());

    private static long WalEnd(byte[] wal) => WalFrames.Read(wal) is { Count: > 0 } frames ? frames[^1].Offset + frames[^1].Length : 32;

    private static void Commit(StorageEngine engine, int id) => TestDatabase.CommitPut(engine, id, id, 100);
}
