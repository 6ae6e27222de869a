using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// Full durability through the redo log (docs/storage.md, "Redo log"): commits are acknowledged once their
/// redo record is fsynced while their WAL frames are not, so after a power cut recovery must replay the
/// records of the commits the WAL lost, and nothing else.
/// </summary>
public sealed class RedoRecoveryTests
{
    private readonly StorageOptions _options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);

    private sealed class Files(byte[]? db = null, byte[]? wal = null, byte[]? redo = null)
    {
        public FaultInjectingStorageDevice Db { get; } = new("p.db", db);

        public FaultInjectingStorageDevice Wal { get; } = new("p.db-wal", wal);

        public FaultInjectingStorageDevice Redo { get; } = new("p.db-redo", redo);

        public StorageEngine Open(StorageOptions options) => StorageEngine.Open(Db, Wal, Redo, options);

        // What survives a power cut: each device's synced bytes, the first unsynced WAL write torn after tearBytes.
        public Files AfterPowerCut(int tearBytes = 0) => new(Db.PowerCut(), Wal.PowerCut(tearBytes), Redo.PowerCut());

        public StorageEngine Reopen(StorageOptions options, int tearBytes = 0) => AfterPowerCut(tearBytes).Open(options);
    }

    private static void Commit(StorageEngine engine, int id) => NumberedTransactions.Commit(engine, id, keys: 6);

    private static List<int> Present(StorageEngine engine, int upTo) => NumberedTransactions.Present(engine, upTo, keys: 6);

    private static void AssertIntact(StorageEngine engine)
    {
        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(900)]
    [InlineData(5000)]
    public void Commits_whose_wal_frames_were_lost_are_replayed_from_their_redo_records(int tearBytes)
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);

        // The tree exists now: later commits only change it, so they go through the redo log.
        var walFlushes = files.Wal.FlushCount;
        for (var id = 2; id <= 20; id++)
        {
            Commit(engine, id);
        }

        Assert.Equal(walFlushes, files.Wal.FlushCount);
        Assert.Equal(19, engine.Pager.Redo.RecordCount);
        Assert.True(files.Wal.UnsyncedWriteCount > 0);

        var cut = files.AfterPowerCut(tearBytes);
        using var recovered = cut.Open(_options);
        Assert.Equal(Enumerable.Range(1, 20), Present(recovered, 20));
        AssertIntact(recovered);

        // Replayed in memory: opening wrote nothing, and the records stay until the first write.
        Assert.Equal(0, cut.Db.UnsyncedWriteCount + cut.Wal.UnsyncedWriteCount + cut.Redo.UnsyncedWriteCount);
        Assert.Equal(0, cut.Db.FlushCount + cut.Wal.FlushCount + cut.Redo.FlushCount);
        Assert.Equal(19, recovered.Pager.Redo.RecordCount);

        // The first write puts the replayed commits in the WAL, checkpoints and starts the log afresh: the
        // database goes on as usual.
        Commit(recovered, 21);
        Assert.Equal(1, recovered.Pager.Redo.RecordCount);
        Assert.Equal(Enumerable.Range(1, 21), Present(recovered, 21));
        recovered.Dispose();
        using var again = cut.AfterPowerCut().Open(_options);
        Assert.Equal(Enumerable.Range(1, 21), Present(again, 21));
        AssertIntact(again);
    }

    /// <summary>How a redo record fails to reach the disk.</summary>
    public enum RedoFailure
    {
        /// <summary>The fsync after the record fails.</summary>
        Fsync,

        /// <summary>
        /// The record's write, handed over while the commit built its WAL frames, is reported failed only when
        /// the commit waits for it, after the frames are written.
        /// </summary>
        WriteAtCompletion,
    }

    [Theory]
    [InlineData(RedoFailure.Fsync)]
    [InlineData(RedoFailure.WriteAtCompletion)]
    public void A_commit_whose_redo_record_fails_is_not_acknowledged_and_the_earlier_ones_survive(RedoFailure failure)
    {
        var files = new Files();
        var engine = files.Open(_options);
        for (var id = 1; id <= 8; id++)
        {
            Commit(engine, id);
        }

        Fail(files.Redo, failure, on: true);
        Assert.Throws<StorageFailedException>(() => Commit(engine, 9));
        Fail(files.Redo, failure, on: false);
        Assert.Throws<StorageFailedException>(() => engine.BeginWrite());
        Assert.Equal(Enumerable.Range(1, 8), Present(engine, 9));

        engine.Dispose();
        using var recovered = files.Reopen(_options);
        Assert.Equal(Enumerable.Range(1, 8), Present(recovered, 9));
        AssertIntact(recovered);
    }

    private static void Fail(FaultInjectingStorageDevice device, RedoFailure failure, bool on)
    {
        if (failure == RedoFailure.Fsync)
        {
            device.FailFlush = on;
        }
        else
        {
            device.FailWriteAtEnd = on;
        }
    }

    [Fact]
    public void Deletes_are_replayed_too()
    {
        var files = new Files();
        var engine = files.Open(_options);
        for (var id = 1; id <= 6; id++)
        {
            Commit(engine, id);
        }

        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("t")!;
            for (var k = 0; k < 6; k++)
            {
                Assert.True(tree.Delete(TestDatabase.Key(3000 + k)));
            }

            tx.Commit();
        }

        using var recovered = files.Reopen(_options);
        Assert.Equal([1, 2, 4, 5, 6], Present(recovered, 6));
        AssertIntact(recovered);
    }

    [Fact]
    public void Creating_a_tree_commits_through_the_wal_fsync_and_later_records_replay_on_top_of_it()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        Commit(engine, 2);
        var records = engine.Pager.Redo.RecordCount;
        var walFlushes = files.Wal.FlushCount;
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("other").Put([1, 2, 3], [4, 5, 6]);
            tx.Commit();
        }

        Assert.Equal(records, engine.Pager.Redo.RecordCount);
        Assert.True(files.Wal.FlushCount > walFlushes);
        Commit(engine, 3);
        using (var tx = engine.BeginWrite())
        {
            tx.OpenTree("other")!.Put([7], [8]);
            tx.Commit();
        }

        using var recovered = files.Reopen(_options);
        Assert.Equal([1, 2, 3], Present(recovered, 3));
        using var read = recovered.BeginRead();
        var other = read.OpenTree("other")!;
        Assert.True(other.TryGet([1, 2, 3], out var first) && first.Span.SequenceEqual(new byte[] { 4, 5, 6 }));
        Assert.True(other.TryGet([7], out var second) && second.Span.SequenceEqual(new byte[] { 8 }));
    }

    [Fact]
    public void A_record_started_for_announced_changes_is_erased_when_the_transaction_rolls_back()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("t")!;
            tree.AnnouncePut(TestDatabase.Key(2000), TestDatabase.Value(2, 40));
            tx.StartRedoRecord();

            // Another committer's group fsync, which the record may meet while it is being written.
            files.Redo.Flush();
            tree.Put(TestDatabase.Key(2000), TestDatabase.Value(2, 40));

            // Disposed without a commit.
        }

        using (var cut = files.Reopen(_options))
        {
            using var read = cut.BeginRead();
            Assert.False(read.OpenTree("t")!.ContainsKey(TestDatabase.Key(2000)));
        }

        // The next record takes the erased one's place.
        Commit(engine, 3);
        using var recovered = files.Reopen(_options);
        Assert.Equal([1, 3], Present(recovered, 3));
        AssertIntact(recovered);
    }

    [Fact]
    public void Changes_that_differ_from_the_announced_ones_are_what_recovery_replays()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("t")!;
            tree.AnnouncePut([9, 9], [1]);
            tx.StartRedoRecord();
            tree.Put([8, 8], [2]);
            tx.Commit();
        }

        using var recovered = files.Reopen(_options);
        using var read = recovered.BeginRead();
        var t = read.OpenTree("t")!;
        Assert.False(t.ContainsKey([9, 9]));
        Assert.True(t.TryGet([8, 8], out var value) && value.Span.SequenceEqual(new byte[] { 2 }));
    }

    [Fact]
    public void A_checkpoint_makes_the_wal_durable_and_starts_a_new_redo_generation()
    {
        var files = new Files();
        var engine = files.Open(_options);
        for (var id = 1; id <= 10; id++)
        {
            Commit(engine, id);
        }

        Assert.True(engine.Pager.Redo.RecordCount > 0);
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.Pager.Redo.RecordCount);
        Assert.Equal(0, files.Wal.UnsyncedWriteCount);
        Commit(engine, 11);
        Assert.Equal(1, engine.Pager.Redo.RecordCount);

        using var recovered = files.Reopen(_options);
        Assert.Equal(Enumerable.Range(1, 11), Present(recovered, 11));
        AssertIntact(recovered);
    }

    [Fact]
    public void Concurrent_committers_share_fsyncs_and_every_acknowledged_commit_survives()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        Parallel.For(0, 4, worker =>
        {
            for (var i = 0; i < 10; i++)
            {
                Commit(engine, 2 + (worker * 10) + i);
            }
        });

        using var recovered = files.Reopen(_options);
        Assert.Equal(Enumerable.Range(1, 41), Present(recovered, 41));
        AssertIntact(recovered);
    }

    [Fact]
    public void What_recovery_replays_is_durable_before_the_engine_opens()
    {
        var files = new Files();
        var engine = files.Open(_options);
        for (var id = 1; id <= 5; id++)
        {
            Commit(engine, id);
        }

        // Recover onto devices that are themselves cut again right after the open: the replayed commits must
        // have been written and synced by then, not merely applied in memory.
        var survivors = files.AfterPowerCut();
        using (var recovered = survivors.Open(_options))
        {
            Assert.Equal(Enumerable.Range(1, 5), Present(recovered, 5));
        }

        using var again = survivors.AfterPowerCut().Open(_options);
        Assert.Equal(Enumerable.Range(1, 5), Present(again, 5));
        AssertIntact(again);
    }

    [Theory]
    [InlineData(Durability.Full, false)]
    [InlineData(Durability.Normal, true)]
    public void Records_left_by_a_run_that_used_the_redo_log_are_replayed_whatever_the_options_say_now(Durability durability, bool redoLog)
    {
        var files = new Files();
        var engine = files.Open(_options);
        for (var id = 1; id <= 7; id++)
        {
            Commit(engine, id);
        }

        var options = new StorageOptions
        {
            PageSize = _options.PageSize,
            CacheSizePages = _options.CacheSizePages,
            Durability = durability,
            AutoCheckpointFrames = 0,
            RedoLog = redoLog,
        };
        var survivors = files.AfterPowerCut();
        using var recovered = survivors.Open(options);
        Assert.Equal(Enumerable.Range(1, 7), Present(recovered, 7));
        AssertIntact(recovered);

        // Commits now go through the WAL alone.
        Commit(recovered, 8);
        Assert.Equal(0, recovered.Pager.Redo.RecordCount);
    }

    [Fact]
    public void A_transaction_that_departs_from_its_announcement_erases_the_early_record_at_once()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        var tx = engine.BeginWrite();
        var tree = tx.OpenTree("t")!;
        tree.AnnouncePut(TestDatabase.Key(2000), TestDatabase.Value(2, 40));
        tx.StartRedoRecord();
        files.Redo.Flush();
        tree.Put(TestDatabase.Key(2000), TestDatabase.Value(2, 40));
        tree.Put(TestDatabase.Key(3000), TestDatabase.Value(3, 40));
        Assert.Equal(1, engine.Pager.Counters.RedoRewrites);

        // The power fails with the transaction still open: recovery must not commit its first change alone.
        using (var cut = files.Reopen(_options))
        {
            using var read = cut.BeginRead();
            var t = read.OpenTree("t")!;
            Assert.False(t.ContainsKey(TestDatabase.Key(2000)));
            Assert.False(t.ContainsKey(TestDatabase.Key(3000)));
        }

        // Committed, it gets a record of what it did.
        tx.Commit();
        tx.Dispose();
        using var recovered = files.Reopen(_options);
        using var after = recovered.BeginRead();
        Assert.True(after.OpenTree("t")!.ContainsKey(TestDatabase.Key(2000)));
        Assert.True(after.OpenTree("t")!.ContainsKey(TestDatabase.Key(3000)));
    }

    [Fact]
    public void An_open_transaction_that_made_exactly_its_announced_changes_is_replayed_whole_or_not_at_all()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        using var tx = engine.BeginWrite();
        var tree = tx.OpenTree("t")!;
        for (var k = 0; k < 6; k++)
        {
            tree.AnnouncePut(NumberedTransactions.Key(2, k), NumberedTransactions.Value(2, k));
        }

        tx.StartRedoRecord();
        files.Redo.Flush();
        for (var k = 0; k < 3; k++)
        {
            tree.Put(NumberedTransactions.Key(2, k), NumberedTransactions.Value(2, k));
        }

        // Cut half way through the changes: the outcome of a commit that was never acknowledged is unknown,
        // but it is the whole transaction or none of it.
        using var cut = files.Reopen(_options);
        Assert.Contains(Present(cut, 2), new[] { [1], new List<int> { 1, 2 } });
    }

    [Fact]
    public void A_transaction_with_more_changes_than_a_record_takes_commits_through_the_wal_fsync()
    {
        var files = new Files();
        var engine = files.Open(_options);
        Commit(engine, 1);
        var records = engine.Pager.Redo.RecordCount;
        var walFlushes = files.Wal.FlushCount;
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenTree("t")!;
            for (var k = 0; k < 1000; k++)
            {
                tree.Put(TestDatabase.Key(500_000 + k), new byte[300]);
            }

            tx.Commit();
        }

        Assert.True(1000 * 300 > DocStore.Storage.Redo.RedoOperations.MaxLength);
        Assert.Equal(records, engine.Pager.Redo.RecordCount);
        Assert.True(files.Wal.FlushCount > walFlushes);
        Commit(engine, 2);
        using var recovered = files.Reopen(_options);
        Assert.Equal([1, 2], Present(recovered, 2));
        using var read = recovered.BeginRead();
        Assert.True(read.OpenTree("t")!.ContainsKey(TestDatabase.Key(500_999)));
    }
}
