using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary><c>Checkpoint()</c> reports whether the WAL is empty afterwards, whichever way it got there.</summary>
public sealed class CheckpointResultTests
{
    [Theory]
    [InlineData(Durability.Full, false)]
    [InlineData(Durability.None, false)]
    [InlineData(Durability.None, true)]
    public void A_checkpoint_of_an_already_empty_wal_reports_it_empty(Durability durability, bool inMemory)
    {
        using var engine = Open(durability, inMemory);
        Assert.True(engine.Checkpoint());
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("t").Put(TestDatabase.Key(1), TestDatabase.Value(1));
            tx.Commit();
        }

        Assert.True(engine.WalFrameCount > 0);
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_checkpoint_that_a_live_reader_holds_back_reports_the_wal_not_empty(bool inMemory)
    {
        using var engine = Open(Durability.Full, inMemory);
        using (var tx = engine.BeginWrite())
        {
            tx.CreateTree("t").Put(TestDatabase.Key(1), TestDatabase.Value(1));
            tx.Commit();
        }

        using (var reader = engine.BeginRead())
        {
            using (var tx = engine.BeginWrite())
            {
                tx.OpenTree("t")!.Put(TestDatabase.Key(2), TestDatabase.Value(2));
                tx.Commit();
            }

            Assert.False(engine.Checkpoint());
            Assert.True(engine.WalFrameCount > 0);
        }

        Assert.True(engine.Checkpoint());
        Assert.Equal(0, engine.WalFrameCount);
    }

    // In memory: the ':memory:' commit path (page copies published by reference); otherwise the WAL path
    // on memory devices, which frames and checksums every page like a file database.
    private static StorageEngine Open(Durability durability, bool inMemory)
    {
        var options = TestDatabase.Small(durability, cachePages: 16, autoCheckpoint: 100_000);
        return inMemory
            ? TestDatabase.OpenMemory(options)
            : TestDatabase.Open(new MemoryStorageDevice("c.db"), new MemoryStorageDevice("c.db-wal"), options);
    }
}
