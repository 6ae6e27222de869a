using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>Power cuts and failing fsyncs, modelled by the fault-injecting device.</summary>
public sealed class PowerCutTests
{
    private static void CommitTransaction(StorageEngine engine, int id, int keys = 10)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("t");
        for (var k = 0; k < keys; k++)
        {
            tree.Put(TestDatabase.Key((id * 1000) + k), TestDatabase.Value(id, 60 + (k * 37 % 400)));
        }

        tx.Commit();
    }

    private static List<int> TransactionsPresent(StorageEngine engine, int upTo, int keys = 10)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t");
        var present = new List<int>();
        for (var id = 1; id <= upTo; id++)
        {
            var found = 0;
            for (var k = 0; k < keys; k++)
            {
                found += tree is not null && tree.ContainsKey(TestDatabase.Key((id * 1000) + k)) ? 1 : 0;
            }

            Assert.True(found == 0 || found == keys, $"transaction {id} is partly visible ({found} of {keys} keys)");
            if (found == keys)
            {
                present.Add(id);
            }
        }

        return present;
    }

    private static StorageEngine Reopen(FaultInjectingStorageDevice db, FaultInjectingStorageDevice wal, int tearBytes, StorageOptions options) =>
        TestDatabase.Open(new FaultInjectingStorageDevice("p.db", db.PowerCut(tearBytes)), new FaultInjectingStorageDevice("p.db-wal", wal.PowerCut(tearBytes)), options);

    [Theory]
    [InlineData(0)]
    [InlineData(100)]
    [InlineData(1500)]
    [InlineData(3000)]
    public void Full_durability_keeps_exactly_the_acknowledged_commits_when_the_fsync_of_the_next_fails(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 40);
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var engine = TestDatabase.Open(db, wal, options);
        for (var id = 1; id <= 12; id++)
        {
            CommitTransaction(engine, id);
        }

        wal.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => CommitTransaction(engine, 13));

        // Nothing may be acknowledged on top of the unknown state, even once the disk recovers.
        wal.FailFlush = false;
        Assert.Throws<StorageFailedException>(() => engine.BeginWrite());
        Assert.True(wal.UnsyncedWriteCount > 0);

        using var recovered = Reopen(db, wal, tearBytes, options);
        Assert.Equal(Enumerable.Range(1, 12), TransactionsPresent(recovered, 13));
        var report = recovered.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        CommitTransaction(recovered, 14);
        Assert.Contains(14, TransactionsPresent(recovered, 14));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(700)]
    [InlineData(5000)]
    public void Normal_durability_keeps_exactly_the_commits_synced_by_the_last_checkpoint(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var engine = TestDatabase.Open(db, wal, options);
        for (var id = 1; id <= 6; id++)
        {
            CommitTransaction(engine, id);
        }

        engine.Checkpoint();
        for (var id = 7; id <= 10; id++)
        {
            CommitTransaction(engine, id);
        }

        using var recovered = Reopen(db, wal, tearBytes, options);
        Assert.Equal(Enumerable.Range(1, 6), TransactionsPresent(recovered, 10));
        Assert.True(recovered.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_checkpoint_cut_short_by_a_power_loss_is_redone_from_the_wal()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var engine = TestDatabase.Open(db, wal, options);
        for (var id = 1; id <= 8; id++)
        {
            CommitTransaction(engine, id);
        }

        // The checkpoint writes database pages but its fsync fails: the cut tears the first page write.
        db.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => engine.Checkpoint());
        using var recovered = Reopen(db, wal, tearBytes: 300, options);
        Assert.Equal(Enumerable.Range(1, 8), TransactionsPresent(recovered, 8));
        Assert.True(recovered.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_failed_wal_write_fails_the_commit_and_later_ones()
    {
        var options = TestDatabase.Small(Durability.Full);
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var engine = TestDatabase.Open(db, wal, options);
        CommitTransaction(engine, 1);
        wal.FailWrite = true;
        Assert.Throws<StorageFailedException>(() => CommitTransaction(engine, 2));
        wal.FailWrite = false;
        Assert.Throws<StorageFailedException>(() => CommitTransaction(engine, 3));
        using var recovered = Reopen(db, wal, 0, options);
        Assert.Equal([1], TransactionsPresent(recovered, 3));
    }

    [Fact]
    public void Commits_in_the_wal_survive_a_power_cut_after_their_fsync()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var db = new FaultInjectingStorageDevice("p.db");
        var wal = new FaultInjectingStorageDevice("p.db-wal");
        var engine = TestDatabase.Open(db, wal, options);
        for (var id = 1; id <= 5; id++)
        {
            CommitTransaction(engine, id);
        }

        Assert.Equal(0, wal.UnsyncedWriteCount);
        Assert.True(engine.WalFrameCount > 0);
        using var recovered = Reopen(db, wal, 0, options);
        Assert.Equal(Enumerable.Range(1, 5), TransactionsPresent(recovered, 5));
        Assert.Equal(0, recovered.WalFrameCount);
    }
}
