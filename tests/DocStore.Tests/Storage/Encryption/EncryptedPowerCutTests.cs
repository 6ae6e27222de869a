using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Crash;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// The power-cut cases of <c>PowerCutTests</c> under encryption: the fault-injecting devices hold the
/// encrypted bytes, and a torn write tears ciphertext (<see cref="PowerCutRig.Encrypted"/>).
/// </summary>
public sealed class EncryptedPowerCutTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(100)]
    [InlineData(1500)]
    [InlineData(3000)]
    public void Full_durability_keeps_exactly_the_acknowledged_commits_when_the_fsync_of_the_next_fails(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 40);
        var rig = PowerCutRig.Encrypted(EncryptedFilesTests.TestKey);
        var engine = rig.Open(options);
        for (var id = 1; id <= 12; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        rig.Wal.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => NumberedTransactions.Commit(engine, 13));
        using var recovered = rig.Reopen(tearBytes, options);
        Assert.Equal(Enumerable.Range(1, 12), NumberedTransactions.Present(recovered, 13));
        Assert.True(recovered.CheckIntegrity().IsValid);
        NumberedTransactions.Commit(recovered, 14);
        Assert.Contains(14, NumberedTransactions.Present(recovered, 14));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(700)]
    [InlineData(5000)]
    public void Normal_durability_keeps_at_least_the_commits_synced_by_the_last_checkpoint_and_never_half_a_transaction(int tearBytes)
    {
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        var rig = PowerCutRig.Encrypted(EncryptedFilesTests.TestKey);
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

        using var recovered = rig.Reopen(tearBytes, options);
        var present = NumberedTransactions.Present(recovered, 10);
        Assert.Equal(Enumerable.Range(1, present.Count), present);
        Assert.InRange(present.Count, 6, 7);
        Assert.True(recovered.CheckIntegrity().IsValid);
    }

    [Theory]
    [InlineData(300)]
    [InlineData(1500)]
    public void A_checkpoint_torn_by_a_power_loss_is_redone_from_the_wal(int tearBytes)
    {
        // A torn page of the database file cannot be decrypted: the WAL's deltas that rest on it are replayed
        // onto its image in the double-write file.
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var rig = PowerCutRig.Encrypted(EncryptedFilesTests.TestKey);
        var engine = rig.Open(options);
        for (var id = 1; id <= 8; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        engine.Checkpoint();
        for (var id = 9; id <= 16; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        rig.Db.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => engine.Checkpoint());
        using var recovered = rig.Reopen(tearBytes, options);
        Assert.Equal(Enumerable.Range(1, 16), NumberedTransactions.Present(recovered, 16));
        Assert.True(recovered.CheckIntegrity().IsValid);
    }
}
