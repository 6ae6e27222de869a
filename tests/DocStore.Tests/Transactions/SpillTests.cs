using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;
using DocStore.Transactions;
using static DocStore.Tests.Support.TestDatabase;

namespace DocStore.Tests.Transactions;

/// <summary>
/// A write transaction larger than its spill bound writes its pages to the WAL as uncommitted frames at safe
/// points, so it holds at most the bound in memory there, and commits or rolls back exactly as a small one.
/// </summary>
public sealed class SpillTests
{
    private const int Bound = 16;
    private const int ValueLength = 200;

    private static StorageOptions Options(Durability durability = Durability.Full, int autoCheckpoint = 0, long journalLimit = StorageOptions.DefaultJournalSizeLimit) => new()
    {
        PageSize = 1024,
        CacheSizePages = 64,
        Durability = durability,
        AutoCheckpointFrames = autoCheckpoint,
        JournalSizeLimit = journalLimit,
        SpillThresholdPages = Bound,
        WriteLockTimeout = HangGuard.Limit,
    };

    // Puts keys [from, from + count) with a safe point before each; returns the most pages held at one.
    private static int PutSpilling(WriteTransaction tx, int from, int count, int seed = 0)
    {
        var tree = tx.OpenOrCreateTree("t");
        var most = 0;
        for (var i = from; i < from + count; i++)
        {
            tx.SpillIfLarge();
            most = Math.Max(most, tx.PrivatePageCount);
            tree.Put(Key(i), Value(i + seed, ValueLength));
        }

        return most;
    }

    // One transaction that puts the keys and commits.
    private static void CommitKeys(StorageEngine engine, int from, int count)
    {
        using var tx = engine.BeginWrite();
        PutSpilling(tx, from, count);
        tx.Commit();
    }

    private static void AssertHolds(StorageEngine engine, int from, int count, int seed = 0)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t");
        Assert.NotNull(tree);
        for (var i = from; i < from + count; i++)
        {
            Assert.True(tree.TryGet(Key(i), out var value), $"key {i} is missing");
            Assert.Equal(Value(i + seed, ValueLength), value.ToArray());
        }
    }

    private static int CountKeys(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        if (tx.OpenTree("t") is not { } tree)
        {
            return 0;
        }

        var cursor = tree.CreateCursor();
        var count = 0;
        for (var more = cursor.SeekFirst(); more; more = cursor.MoveNext())
        {
            count++;
        }

        return count;
    }

    // A database on memory devices, whose bytes can be taken at any moment: what a crash then would leave
    // (everything written counts as on disk; these tests are not about fsyncs).
    private sealed class Devices(byte[]? db = null, byte[]? wal = null, byte[]? redo = null)
    {
        public MemoryStorageDevice Db { get; } = new("spill.db", db);

        public MemoryStorageDevice Wal { get; } = new("spill.db-wal", wal);

        public MemoryStorageDevice Redo { get; } = new("spill.db-redo", redo);

        public StorageEngine Open(StorageOptions options) => StorageEngine.Open(Db, Wal, Redo, options, "spill.db");

        public Devices Crash() => new(Db.ToArray(), Wal.ToArray(), Redo.ToArray());
    }

    [Fact]
    public void A_transaction_of_many_times_its_bound_holds_at_most_the_bound_at_safe_points_and_commits_all()
    {
        using var dir = new TempDirectory();
        var path = dir.File("spill.db");
        using (var engine = StorageEngine.Open(path, Options()))
        {
            using (var tx = engine.BeginWrite())
            {
                var most = PutSpilling(tx, 0, 3000);
                Assert.True(most <= Bound, $"{most} pages held at a safe point, bound {Bound}");

                // Between safe points one put adds a few pages at most (a split along the path).
                Assert.True(tx.PeakPrivatePages <= Bound + 8, $"peak {tx.PeakPrivatePages} pages");
                Assert.True(tx.SpilledFrames > 3000L * ValueLength / 1024, $"only {tx.SpilledFrames} frames spilled");

                // The transaction reads its own spilled pages back.
                var tree = tx.OpenTree("t")!;
                Assert.True(tree.TryGet(Key(17), out var value));
                Assert.Equal(Value(17, ValueLength), value.ToArray());
                tx.Commit();
            }

            Assert.True(engine.Pager.Counters.SpilledFrames > 0);
            AssertHolds(engine, 0, 3000);
            Assert.True(engine.CheckIntegrity().IsValid);

            // Deleting most of it again in one spilling transaction frees pages that were spilled.
            using (var tx = engine.BeginWrite())
            {
                var tree = tx.OpenTree("t")!;
                for (var i = 0; i < 3000; i++)
                {
                    tx.SpillIfLarge();
                    if (i % 10 != 0)
                    {
                        Assert.True(tree.Delete(Key(i)));
                    }
                }

                Assert.True(tx.SpilledFrames > 0);
                tx.Commit();
            }

            Assert.Equal(300, CountKeys(engine));
            Assert.True(engine.CheckIntegrity().IsValid);
        }

        using (var engine = StorageEngine.Open(path, Options()))
        {
            Assert.Equal(300, CountKeys(engine));
            Assert.True(engine.CheckIntegrity().IsValid);
        }
    }

    [Fact]
    public void Readers_see_nothing_of_a_spilling_transaction_until_it_commits_and_old_snapshots_never()
    {
        using var dir = new TempDirectory();
        using var engine = StorageEngine.Open(dir.File("readers.db"), Options(Durability.Normal));
        CommitKeys(engine, 0, 100);

        using var before = engine.BeginRead();
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 0, 2000, seed: 1);
            Assert.True(tx.SpilledFrames > 0);
            using (var during = engine.BeginRead())
            {
                var tree = during.OpenTree("t")!;
                Assert.False(tree.TryGet(Key(150), out _));
                Assert.True(tree.TryGet(Key(50), out var old));
                Assert.Equal(Value(50, ValueLength), old.ToArray());
            }

            tx.Commit();
        }

        AssertHolds(engine, 0, 2000, seed: 1);
        var beforeTree = before.OpenTree("t")!;
        Assert.False(beforeTree.TryGet(Key(150), out _));
        Assert.True(beforeTree.TryGet(Key(50), out var kept));
        Assert.Equal(Value(50, ValueLength), kept.ToArray());
    }

    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    public void A_rolled_back_spill_is_written_over_by_the_next_transaction(Durability durability)
    {
        var devices = new Devices();
        using (var engine = devices.Open(Options(durability)))
        {
            CommitKeys(engine, 0, 50);

            var frames = engine.WalFrameCount;
            using (var tx = engine.BeginWrite())
            {
                PutSpilling(tx, 1000, 2000);
                Assert.True(tx.SpilledFrames > 0);
                Assert.Equal(frames, engine.WalFrameCount);
                tx.Rollback();
            }

            Assert.False(engine.Pager.Spills.HasSpilled);
            Assert.Equal(50, CountKeys(engine));
            CommitKeys(engine, 50, 5);

            AssertHolds(engine, 0, 55);

            // What recovery finds now: the small commit, not the dead frames it wrote over.
            using (var reopened = devices.Crash().Open(Options(durability)))
            {
                Assert.Equal(55, CountKeys(reopened));
                Assert.True(reopened.CheckIntegrity().IsValid);
            }
        }

        using (var engine = devices.Open(Options(durability)))
        {
            Assert.Equal(55, CountKeys(engine));
            Assert.True(engine.CheckIntegrity().IsValid);
        }
    }

    [Fact]
    public void Spilled_batches_and_the_final_frames_follow_the_aligned_start_contiguously()
    {
        var devices = new Devices();
        using var engine = devices.Open(Options());
        CommitKeys(engine, 0, 7);

        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 100, 1500);
            Assert.True(tx.SpilledFrames > 3 * Bound);
            tx.Commit();
        }

        var frames = WalFrames.Read(devices.Wal.ToArray());
        var commits = frames.Select((f, i) => (f, i)).Where(x => x.f.Header.IsCommit).Select(x => x.i).ToList();
        Assert.Equal(2, commits.Count);
        Assert.Equal(frames.Count - 1, commits[1]);
        var first = frames[commits[0] + 1];
        Assert.Equal(0, first.Offset % WalFormat.TransactionAlignment);
        for (var i = commits[0] + 2; i < frames.Count; i++)
        {
            Assert.Equal(frames[i - 1].Offset + frames[i - 1].Length, frames[i].Offset);
            Assert.False(frames[i - 1].Header.IsCommit);
        }

        // And recovery takes the whole transaction.
        using var reopened = devices.Crash().Open(Options());
        AssertHolds(reopened, 100, 1500);
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void On_a_device_that_wants_aligned_writes_every_spilled_batch_is_written_aligned()
    {
        var db = new MemoryStorageDevice("aligned.db");
        var wal = new AlignmentRecordingDevice("aligned.db-wal", 4096);
        var options = new StorageOptions { PageSize = 1024, Durability = Durability.Full, RedoLog = false, AutoCheckpointFrames = 0, SpillThresholdPages = Bound, WalPreallocationFrames = 0 };
        Devices crashed;
        using (var engine = StorageEngine.Open(db, wal, null, options, "aligned.db"))
        {
            CommitKeys(engine, 0, 5);

            using (var tx = engine.BeginWrite())
            {
                PutSpilling(tx, 5, 1200);
                Assert.True(tx.SpilledFrames > 3 * Bound);
                tx.Commit();
            }

            Assert.All(wal.Writes.Where(w => w.Offset != 0), w => Assert.True(w.Offset % 4096 == 0 && w.Length % 4096 == 0, $"write of {w.Length} bytes at {w.Offset}"));
            AssertHolds(engine, 0, 1205);
            crashed = new Devices(db.ToArray(), wal.ToArray());
        }

        using var reopened = crashed.Open(options);
        AssertHolds(reopened, 0, 1205);
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_pending_log_restart_happens_before_the_first_spill_or_not_at_all(bool readerLeavesFirst)
    {
        var devices = new Devices();
        using var engine = devices.Open(Options(Durability.Normal));
        CommitKeys(engine, 0, 200);

        // A reader registered before the checkpoint holds its restart back: it is left pending.
        var reader = engine.BeginRead();
        Assert.False(engine.Checkpoint());
        Assert.NotEqual(0, engine.WalFrameCount);
        if (readerLeavesFirst)
        {
            reader.Dispose();
        }

        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 200, 1500);
            Assert.True(tx.SpilledFrames > 0);
            reader.Dispose();
            tx.Commit();
        }

        AssertHolds(engine, 0, 1700);
        using var reopened = devices.Crash().Open(Options(Durability.Normal));
        AssertHolds(reopened, 0, 1700);
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_checkpoint_and_an_idle_trim_while_frames_are_spilled_copy_and_cut_nothing_of_them()
    {
        var devices = new Devices();
        using var engine = devices.Open(Options(Durability.Normal));
        CommitKeys(engine, 0, 100);

        Assert.True(engine.Checkpoint());
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 100, 1500);
            Assert.True(tx.SpilledFrames > 0);

            // The background checkpoint's unlocked phase, and the cut of an empty log at idle: the log holds
            // no commit, only the spilled frames.
            engine.Pager.Checkpoints.CopyCommitted();
            engine.Pager.Checkpoints.TrimEmptyLog();
            Assert.True(devices.Wal.Length > tx.SpilledFrames * 1024);
            using (var reopened = devices.Crash().Open(Options(Durability.Normal)))
            {
                Assert.Equal(100, CountKeys(reopened));
                Assert.True(reopened.CheckIntegrity().IsValid);
            }

            PutSpilling(tx, 1600, 100);
            tx.Commit();
        }

        AssertHolds(engine, 0, 1700);
        Assert.True(engine.Checkpoint());
        AssertHolds(engine, 0, 1700);
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_spilled_transaction_commits_through_the_wal_not_a_redo_record()
    {
        var devices = new Devices();
        using var engine = devices.Open(Options(Durability.Full));
        Assert.True(engine.Pager.Redo.RecordsCommits);
        CommitKeys(engine, 0, 5);

        CommitKeys(engine, 5, 5);

        var records = engine.Pager.Redo.RecordCount;
        Assert.True(records > 0);
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 10, 1500);
            Assert.True(tx.SpilledFrames > 0);
            tx.Commit();
        }

        Assert.Equal(records, engine.Pager.Redo.RecordCount);

        // Without the redo log, the WAL alone holds the commit.
        var crashed = devices.Crash();
        crashed.Redo.SetLength(0);
        using var reopened = crashed.Open(Options(Durability.Full));
        AssertHolds(reopened, 0, 1510);
    }

    [Fact]
    public void Spills_are_not_fsynced_and_the_commit_fsyncs_the_wal_so_a_power_cut_keeps_none_or_all()
    {
        var db = new FaultInjectingStorageDevice("power.db");
        var wal = new FaultInjectingStorageDevice("power.db-wal");
        var redo = new FaultInjectingStorageDevice("power.db-redo");
        using var engine = StorageEngine.Open(db, wal, redo, Options(Durability.Full), "power.db");
        CommitKeys(engine, 0, 20);

        var walFlushes = wal.FlushCount;
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 20, 1500);
            Assert.True(tx.SpilledFrames > 0);
            Assert.Equal(walFlushes, wal.FlushCount);
            using (var cut = Reopen(db.PowerCut(), wal.PowerCut(tearBytes: 100), redo.PowerCut()))
            {
                Assert.Equal(20, CountKeys(cut));
                Assert.True(cut.CheckIntegrity().IsValid);
            }

            tx.Commit();
        }

        Assert.True(wal.FlushCount > walFlushes);
        using var after = Reopen(db.PowerCut(), wal.PowerCut(), redo.PowerCut());
        AssertHolds(after, 0, 1520);
        Assert.True(after.CheckIntegrity().IsValid);
    }

    private static StorageEngine Reopen(byte[] db, byte[] wal, byte[] redo) =>
        new Devices(db, wal, redo).Open(Options(Durability.Full));

    [Fact]
    public void A_failed_spill_write_fails_the_transaction_and_leaves_the_database_as_it_was()
    {
        var db = new FaultInjectingStorageDevice("fail.db");
        var wal = new FaultInjectingStorageDevice("fail.db-wal");
        using (var engine = StorageEngine.Open(db, wal, null, Options(Durability.Normal), "fail.db"))
        {
            CommitKeys(engine, 0, 20);

            using (var tx = engine.BeginWrite())
            {
                PutSpilling(tx, 20, 300);
                wal.FailWrite = true;
                Assert.Throws<StorageFailedException>(() => PutSpilling(tx, 320, 300));
            }

            wal.FailWrite = false;
            Assert.Throws<StorageFailedException>(() =>
            {
                using var tx = engine.BeginWrite();
                PutSpilling(tx, 0, 1);
                tx.Commit();
            });
        }

        using var reopened = new Devices(db.ToArray(), wal.ToArray()).Open(Options(Durability.Normal));
        Assert.Equal(20, CountKeys(reopened));
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void The_checkpoint_after_a_huge_commit_cuts_the_log_back_to_the_journal_bound()
    {
        using var dir = new TempDirectory();
        var path = dir.File("bound.db");
        const long limit = 64 << 10;
        using var engine = StorageEngine.Open(path, Options(Durability.Normal, autoCheckpoint: 16, journalLimit: limit));
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 0, 3000);
            Assert.True(tx.SpilledFrames * 1024 > 4 * limit);
            tx.Commit();
        }

        Assert.True(new FileInfo(path + "-wal").Length <= limit, $"the WAL is {new FileInfo(path + "-wal").Length} bytes");
        AssertHolds(engine, 0, 3000);
    }

    [Fact]
    public void A_memory_database_does_not_spill()
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory, Options());
        using (var tx = engine.BeginWrite())
        {
            PutSpilling(tx, 0, 1000);
            Assert.Equal(0, tx.SpilledFrames);
            Assert.True(tx.PeakPrivatePages > Bound);
            tx.Commit();
        }

        AssertHolds(engine, 0, 1000);
    }

    [Fact]
    public void A_collection_transaction_spills_between_documents_on_every_write_path()
    {
        using var dir = new TempDirectory();
        var path = dir.File("docs.db");
        var options = new DocStoreOptions { PageSize = 1024, Durability = Durability.Normal, SpillThresholdPages = Bound };
        using (var db = DocStoreDatabase.Open(path, options))
        {
            var people = db.GetCollection("people", IndexDefinition.On("Age"));
            using (var tx = db.BeginTransaction())
            {
                for (var i = 0; i < 1000; i++)
                {
                    people.Insert(tx, Person(i, "first"));
                }

                people.InsertMany(tx, Enumerable.Range(1000, 1000).Select(i => Person(i, "many")));
                for (var i = 0; i < 2000; i += 3)
                {
                    people.Update(tx, Person(i, "updated"));
                }

                for (var i = 1; i < 2000; i += 3)
                {
                    people.Delete(tx, i);
                }

                people.Upsert(tx, Person(5000, "upserted"));
                Assert.True(tx.Write.SpilledFrames > 0);
                Assert.True(tx.Write.PeakPrivatePages <= Bound + 24, $"peak {tx.Write.PeakPrivatePages} pages");
                tx.Commit();
            }

            AssertPeople(people);
        }

        using (var db = DocStoreDatabase.Open(path, options))
        {
            AssertPeople(db.GetCollection("people", IndexDefinition.On("Age")));
            Assert.True(db.CheckIntegrity().IsValid);
        }
    }

    private static BsonDocument Person(int id, string note) =>
        new() { { "_id", id }, { "Age", id % 90 }, { "Note", note + new string('x', 150) } };

    private static void AssertPeople(BsonCollection people)
    {
        Assert.Equal(2000 - 667 + 1, people.Count());
        Assert.StartsWith("updated", people.Get(0)!["Note"].AsString, StringComparison.Ordinal);
        Assert.Null(people.Get(1));
        Assert.StartsWith("many", people.Get(1001)!["Note"].AsString, StringComparison.Ordinal);
        Assert.StartsWith("upserted", people.Get(5000)!["Note"].AsString, StringComparison.Ordinal);
        var ageFour = Enumerable.Range(0, 2000).Count(i => i % 90 == 4 && i % 3 != 1);
        Assert.Equal(ageFour, people.CountBy("Age", 4));
    }
}
