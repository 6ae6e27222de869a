using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>A failed write says what failed, and speaks of a commit only when a commit was attempted.</summary>
public sealed class FailureMessageTests
{
    [Fact]
    public void A_checkpoint_on_a_full_disk_does_not_speak_of_an_unacknowledged_commit()
    {
        var db = new FaultInjectingStorageDevice("m.db");
        var wal = new FaultInjectingStorageDevice("m.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(autoCheckpoint: 0));
        NumberedTransactions.Commit(engine, 1);
        db.FailWrite = true;
        var e = Assert.Throws<StorageFailedException>(() => engine.Checkpoint());
        Assert.Contains("checkpoint", e.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("commit is not acknowledged", e.Message, StringComparison.Ordinal);
        Assert.Contains("refuses commits until it is reopened", e.Message, StringComparison.Ordinal);

        // The commit the checkpoint was copying stays acknowledged and readable.
        Assert.Equal([1], NumberedTransactions.Present(engine, 1));
    }

    [Fact]
    public void A_failed_commit_says_it_is_not_acknowledged()
    {
        var db = new FaultInjectingStorageDevice("m.db");
        var wal = new FaultInjectingStorageDevice("m.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small());
        NumberedTransactions.Commit(engine, 1);
        wal.FailWrite = true;
        var e = Assert.Throws<StorageFailedException>(() => NumberedTransactions.Commit(engine, 2));
        Assert.Contains("this commit is not acknowledged", e.Message, StringComparison.Ordinal);
    }
}
