using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A database file of 0 bytes beside logs that hold commits is not a new database: it is rebuilt from the
/// logs when they describe all of it, and refused with <see cref="DatabaseCorruptException"/> otherwise,
/// the logs left untouched. Nothing is lost without a word.
/// </summary>
public sealed class EmptyDatabaseFileTests
{
    private static StorageOptions Options(Durability durability = Durability.Full) => TestDatabase.Small(durability, autoCheckpoint: 0);

    [Fact]
    public void A_first_generation_wal_beside_an_empty_file_rebuilds_the_database()
    {
        var db = new MemoryStorageDevice("e.db");
        var wal = new MemoryStorageDevice("e.db-wal");
        var engine = TestDatabase.Open(db, wal, Options());
        for (var id = 1; id <= 6; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        // Abandoned (no dispose, whose checkpoint would empty the WAL); then the file loses its bytes.
        using var rebuilt = TestDatabase.Open(new MemoryStorageDevice("e.db"), new MemoryStorageDevice("e.db-wal", wal.ToArray()), Options());
        Assert.Equal(Enumerable.Range(1, 6), NumberedTransactions.Present(rebuilt, 6));
        Assert.True(rebuilt.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Redo_records_beside_an_empty_file_are_replayed_on_the_rebuilt_database()
    {
        var options = new StorageOptions { PageSize = 1024, AutoCheckpointFrames = 0, UnbufferedWalWrites = false };
        var db = new FaultInjectingStorageDevice("r.db");
        var wal = new FaultInjectingStorageDevice("r.db-wal");
        var redo = new FaultInjectingStorageDevice("r.db-redo");
        var engine = StorageEngine.Open(db, wal, redo, options);
        for (var id = 1; id <= 5; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        // A power cut keeps what was fsynced: the redo records (the WAL frames of those commits were not).
        using var rebuilt = StorageEngine.Open(new MemoryStorageDevice("r.db"), new MemoryStorageDevice("r.db-wal", wal.PowerCut()), new MemoryStorageDevice("r.db-redo", redo.PowerCut()), options);
        Assert.Equal(Enumerable.Range(1, 5), NumberedTransactions.Present(rebuilt, 5));
        Assert.True(rebuilt.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_wal_that_continues_a_checkpointed_database_is_refused_and_kept()
    {
        var db = new MemoryStorageDevice("e.db");
        var wal = new MemoryStorageDevice("e.db-wal");
        var engine = TestDatabase.Open(db, wal, Options());
        NumberedTransactions.Commit(engine, 1);
        Assert.True(engine.Checkpoint());
        NumberedTransactions.Commit(engine, 2);
        var walBytes = wal.ToArray();

        var emptyWal = new MemoryStorageDevice("e.db-wal", walBytes);
        var e = Assert.Throws<DatabaseCorruptException>(() => TestDatabase.Open(new MemoryStorageDevice("e.db"), emptyWal, Options()));
        Assert.Equal("e.db", e.FileName);
        Assert.Contains("empty", e.Message, StringComparison.Ordinal);
        Assert.Contains("e.db-wal", e.Message, StringComparison.Ordinal);
        Assert.Equal(walBytes, emptyWal.ToArray());
    }

    [Fact]
    public void A_wal_restarted_from_the_first_lsn_beside_a_database_that_held_more_is_refused_and_kept()
    {
        // A database closed cleanly, then its WAL deleted: the next session starts a WAL at LSN 1 whose
        // frames change pages the file holds. With the file gone, that WAL cannot rebuild it.
        var db = new MemoryStorageDevice("d.db");
        using (var first = TestDatabase.Open(db, new MemoryStorageDevice("d.db-wal"), Options()))
        {
            for (var id = 1; id <= 4; id++)
            {
                NumberedTransactions.Commit(first, id);
            }
        }

        var wal = new MemoryStorageDevice("d.db-wal");
        var second = TestDatabase.Open(db, wal, Options());
        NumberedTransactions.Commit(second, 5);
        var walBytes = wal.ToArray();

        var kept = new MemoryStorageDevice("d.db-wal", walBytes);
        var e = Assert.Throws<DatabaseCorruptException>(() => TestDatabase.Open(new MemoryStorageDevice("d.db"), kept, Options()));
        Assert.Equal("d.db", e.FileName);
        Assert.Equal(walBytes, kept.ToArray());
    }

    [Fact]
    public void A_database_file_truncated_after_a_clean_close_is_refused_and_its_logs_kept()
    {
        using var dir = new TempDirectory();
        var path = dir.File("truncated.db");
        using (var engine = StorageEngine.Open(path, new StorageOptions { PageSize = 1024 }))
        {
            NumberedTransactions.Commit(engine, 1);
        }

        File.WriteAllBytes(path, []);
        var wal = File.ReadAllBytes(path + "-wal");
        var redo = File.ReadAllBytes(path + "-redo");
        var e = Assert.Throws<DatabaseCorruptException>(() => StorageEngine.Open(path, new StorageOptions { PageSize = 1024 }));
        Assert.Equal(path, e.FileName);
        Assert.Equal(wal, File.ReadAllBytes(path + "-wal"));
        Assert.Equal(redo, File.ReadAllBytes(path + "-redo"));
        Assert.Empty(File.ReadAllBytes(path));

        // The same when the file is missing altogether.
        File.Delete(path);
        Assert.Throws<DatabaseCorruptException>(() => StorageEngine.Open(path, new StorageOptions { PageSize = 1024 }));
        Assert.Equal(wal, File.ReadAllBytes(path + "-wal"));
    }

    [Fact]
    public void Logs_that_hold_nothing_let_a_new_database_start()
    {
        using var engine = TestDatabase.Open(new MemoryStorageDevice("n.db"), new MemoryStorageDevice("n.db-wal", new byte[7]), Options());
        NumberedTransactions.Commit(engine, 1);
        Assert.Equal([1], NumberedTransactions.Present(engine, 1));
    }
}
