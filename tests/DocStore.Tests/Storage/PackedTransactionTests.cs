using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// A commit that nothing fsyncs through the WAL (a redo record carries it, or durability is below Full) is
/// packed right after the previous commit's frames; one the WAL's own fsync makes durable starts on the next
/// 4 KiB. Recovery takes the next transaction from whichever of the two holds it.
/// </summary>
public sealed class PackedTransactionTests
{
    [Fact]
    public void Commits_under_Normal_durability_follow_each_other_directly()
    {
        var wal = new MemoryStorageDevice("p.db-wal");
        using var engine = TestDatabase.Open(new MemoryStorageDevice("p.db"), wal, TestDatabase.Small(Durability.Normal, autoCheckpoint: 0));
        for (var i = 0; i < 30; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        var frames = WalFrames.Read(wal.ToArray());
        Assert.Equal(engine.WalFrameCount, frames.Count);
        Assert.Equal(WalFormat.HeaderSize, frames[0].Offset);
        for (var i = 1; i < frames.Count; i++)
        {
            Assert.Equal(frames[i - 1].Offset + frames[i - 1].Length, frames[i].Offset);
        }

        // Thirty small commits in far less than the thirty 4 KiB blocks aligned starts would take.
        Assert.True(frames[^1].Offset + frames[^1].Length < 8 * WalFormat.TransactionAlignment);
    }

    [Fact]
    public void A_log_mixing_packed_and_aligned_transactions_recovers_every_commit_from_the_WAL_alone()
    {
        var db = new MemoryStorageDevice("m.db");
        var wal = new MemoryStorageDevice("m.db-wal");
        var options = new StorageOptions { PageSize = 1024, Durability = Durability.Full, AutoCheckpointFrames = 0 };
        var placed = new List<string>();
        var engine = StorageEngine.Open(db, wal, new MemoryStorageDevice("m.db-redo"), options);
        for (var i = 0; i < 40; i++)
        {
            // Creating a tree goes through the WAL's own fsync (aligned); a put into an existing tree through a
            // redo record (packed).
            var name = $"t{i / 7}";
            using var tx = engine.BeginWrite();
            tx.OpenOrCreateTree(name).Put(TestDatabase.Key(i), TestDatabase.Value(i, 60));
            tx.Commit();
            placed.Add(name);
        }

        var image = wal.ToArray();
        var frames = WalFrames.Read(image);
        Assert.Equal(engine.WalFrameCount, frames.Count);
        var starts = Enumerable.Range(1, frames.Count - 1).Where(n => frames[n - 1].Header.IsCommit)
            .Select(n => (Start: frames[n].Offset, After: frames[n - 1].Offset + frames[n - 1].Length)).ToList();
        Assert.Contains(starts, s => s.Start == s.After);
        Assert.Contains(starts, s => s.Start != s.After && s.Start % WalFormat.TransactionAlignment == 0);

        // Recover from copies of the database file and the WAL alone (no redo log to fill a gap), while the
        // abandoned engine still holds every commit in its log.
        using var recovered = StorageEngine.Open(new MemoryStorageDevice("m.db", db.ToArray()), new MemoryStorageDevice("m.db-wal", image), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        for (var i = 0; i < placed.Count; i++)
        {
            Assert.True(read.OpenTree(placed[i])!.TryGet(TestDatabase.Key(i), out var value), $"key {i} in {placed[i]}");
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 60)));
        }

        GC.KeepAlive(engine);
    }

    [Fact]
    public void A_torn_packed_commit_is_dropped_and_the_ones_before_it_survive()
    {
        var db = new MemoryStorageDevice("t.db");
        var wal = new MemoryStorageDevice("t.db-wal");
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);
        for (var i = 0; i < 10; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        // Cut the log inside the last commit's frames, as a crash during its write would.
        var image = wal.ToArray();
        var frames = WalFrames.Read(image);
        var last = frames[^1];
        var cut = image.AsSpan(0, last.Offset + (last.Length / 2)).ToArray();
        using var recovered = TestDatabase.Open(new MemoryStorageDevice("t.db", db.ToArray()), new MemoryStorageDevice("t.db-wal", cut), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        var tree = read.OpenTree("t")!;
        for (var i = 0; i < 9; i++)
        {
            Assert.True(tree.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 40)));
        }

        Assert.False(tree.TryGet(TestDatabase.Key(9), out _));
        GC.KeepAlive(engine);
    }
}
