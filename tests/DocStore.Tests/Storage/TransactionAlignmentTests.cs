using DocStore.BTree;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>Each transaction's frames start on a fresh 4 KiB of the log; the bytes skipped before them are not part of it.</summary>
public sealed class TransactionAlignmentTests
{
    [Fact]
    public void Every_transaction_starts_at_a_multiple_of_the_alignment_and_its_frames_follow_each_other()
    {
        var wal = new MemoryStorageDevice("t.db-wal");
        using var engine = TestDatabase.Open(new MemoryStorageDevice("t.db"), wal, TestDatabase.Small(autoCheckpoint: 0));
        for (var i = 0; i < 30; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        var frames = WalFrames.Read(wal.ToArray());
        Assert.Equal(engine.WalFrameCount, frames.Count);
        for (var i = 0; i < frames.Count; i++)
        {
            var startsTransaction = i == 0 || frames[i - 1].Header.IsCommit;
            if (startsTransaction)
            {
                Assert.Equal(0, frames[i].Offset % WalFormat.TransactionAlignment);
            }
            else
            {
                Assert.Equal(frames[i - 1].Offset + frames[i - 1].Length, frames[i].Offset);
            }
        }
    }

    [Fact]
    public void Garbage_between_transactions_is_ignored_by_recovery()
    {
        var db = new MemoryStorageDevice("g.db");
        var wal = new MemoryStorageDevice("g.db-wal");
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);
        for (var i = 0; i < 12; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        // Fill every gap after a commit frame with random bytes, as stale data of any kind would be.
        var image = wal.ToArray();
        var random = new Random(8);
        foreach (var frame in WalFrames.Read(image).Where(f => f.Header.IsCommit))
        {
            var end = frame.Offset + frame.Length;
            var next = (int)Math.Min(WalFormat.TransactionStart(end), image.Length);
            random.NextBytes(image.AsSpan(end, next - end));
        }

        // The engine is abandoned, not disposed: the WAL still holds every commit.
        using var recovered = TestDatabase.Open(new MemoryStorageDevice("g.db", db.ToArray()), new MemoryStorageDevice("g.db-wal", image), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        var tree = read.OpenTree("t")!;
        for (var i = 0; i < 12; i++)
        {
            Assert.True(tree.TryGet(TestDatabase.Key(i), out var value));
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 40)));
        }
    }
}
