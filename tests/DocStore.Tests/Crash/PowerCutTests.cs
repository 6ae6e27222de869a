using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>Power cuts and failing fsyncs, modelled by the fault-injecting device.</summary>
public sealed class PowerCutTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(100)]
    [InlineData(1500)]
    [InlineData(3000)]
    public void Full_durability_keeps_exactly_the_acknowledged_commits_when_the_fsync_of_the_next_fails(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 40);
        var rig = PowerCutRig.Plain();
        var engine = rig.Open(options);
        for (var id = 1; id <= 12; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        rig.Wal.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => NumberedTransactions.Commit(engine, 13));

        // Nothing may be acknowledged on top of the unknown state, even once the disk recovers.
        rig.Wal.FailFlush = false;
        Assert.Throws<StorageFailedException>(() => engine.BeginWrite());
        Assert.True(rig.Wal.UnsyncedWriteCount > 0);

        using var recovered = rig.Reopen(tearBytes, options);
        Assert.Equal(Enumerable.Range(1, 12), NumberedTransactions.Present(recovered, 13));
        var report = recovered.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        NumberedTransactions.Commit(recovered, 14);
        Assert.Contains(14, NumberedTransactions.Present(recovered, 14));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(700)]
    [InlineData(5000)]
    public void Normal_durability_keeps_exactly_the_commits_synced_by_the_last_checkpoint(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        var rig = PowerCutRig.Plain();
        var engine = rig.Open(options);
        for (var id = 1; id <= 6; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        engine.Checkpoint();
        for (var id = 7; id <= 10; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        // A tear that covers commit 7's whole write (its frames are packed into one) leaves that commit on
        // disk complete, and recovery may keep it; a shorter one leaves a torn commit, which must go.
        var whole = tearBytes >= rig.Wal.FirstUnsyncedWriteLength;
        using var recovered = rig.Reopen(tearBytes, options);
        Assert.Equal(Enumerable.Range(1, whole ? 7 : 6), NumberedTransactions.Present(recovered, 10));
        Assert.True(recovered.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_checkpoint_cut_short_by_a_power_loss_is_redone_from_the_wal()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var rig = PowerCutRig.Plain();
        var engine = rig.Open(options);
        for (var id = 1; id <= 8; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        // The checkpoint writes database pages but its fsync fails: the cut tears the first page write.
        rig.Db.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => engine.Checkpoint());
        using var recovered = rig.Reopen(300, options);
        Assert.Equal(Enumerable.Range(1, 8), NumberedTransactions.Present(recovered, 8));
        Assert.True(recovered.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_failed_wal_write_fails_the_commit_and_later_ones()
    {
        var options = TestDatabase.Small(Durability.Full);
        var rig = PowerCutRig.Plain();
        var engine = rig.Open(options);
        NumberedTransactions.Commit(engine, 1);
        rig.Wal.FailWrite = true;
        Assert.Throws<StorageFailedException>(() => NumberedTransactions.Commit(engine, 2));
        rig.Wal.FailWrite = false;
        Assert.Throws<StorageFailedException>(() => NumberedTransactions.Commit(engine, 3));
        using var recovered = rig.Reopen(0, options);
        Assert.Equal([1], NumberedTransactions.Present(recovered, 3));
    }

    [Fact]
    public void Commits_in_the_wal_survive_a_power_cut_after_their_fsync()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var rig = PowerCutRig.Plain();
        var engine = rig.Open(options);
        for (var id = 1; id <= 5; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        Assert.Equal(0, rig.Wal.UnsyncedWriteCount);
        Assert.True(engine.WalFrameCount > 0);
        using var recovered = rig.Reopen(0, options);
        Assert.Equal(Enumerable.Range(1, 5), NumberedTransactions.Present(recovered, 5));

        // Read from the WAL until the first write or checkpoint, which opening no longer runs.
        Assert.True(recovered.WalFrameCount > 0);
        Assert.True(recovered.Checkpoint());
        Assert.Equal(0, recovered.WalFrameCount);
        Assert.Equal(Enumerable.Range(1, 5), NumberedTransactions.Present(recovered, 5));
    }
}
