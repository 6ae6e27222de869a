using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>
/// Closing a database while a write transaction is open rolls the transaction back at once; the transaction
/// then says the database was closed. The write lock waits without limit here, so a close that waited for
/// the transaction to end, instead of ending it, would never return (the hang guard would fail the test).
/// </summary>
public sealed class DisposeWithOpenWriterTests
{

    [Fact]
    public void Disposing_the_engine_rolls_back_an_idle_writer_promptly()
    {
        using var dir = new TempDirectory();
        var path = dir.File("open-writer.db");
        var options = new StorageOptions { PageSize = 1024, WriteLockTimeout = Timeout.InfiniteTimeSpan };
        var engine = StorageEngine.Open(path, options);
        TestDatabase.CommitPut(engine, 1, 1, 40);
        var tx = engine.BeginWrite();
        tx.OpenTree("t")!.Put(TestDatabase.Key(2), TestDatabase.Value(2, 40));

        HangGuard.Wait(Task.Run(engine.Dispose), "the close of an engine with an open writer");

        var e = Assert.Throws<ObjectDisposedException>(() => tx.Commit());
        Assert.Contains("was closed", e.Message, StringComparison.Ordinal);
        Assert.Throws<ObjectDisposedException>(() => tx.OpenTree("t"));
        tx.Dispose();

        using var reopened = StorageEngine.Open(path, options);
        using var read = reopened.BeginRead();
        var tree = read.OpenTree("t")!;
        Assert.True(tree.ContainsKey(TestDatabase.Key(1)));
        Assert.False(tree.ContainsKey(TestDatabase.Key(2)));
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Disposing_the_context_rolls_back_its_open_transaction_promptly()
    {
        using var dir = new TempDirectory();
        var path = dir.File("open-transaction.db");
        var options = new DocStoreOptions { PageSize = 1024, WriteLockTimeout = Timeout.InfiniteTimeSpan };
        var db = DocStoreDatabase.Open(path, options);
        var people = db.GetCollection("people");
        people.Insert(new BsonDocument { { "_id", 1 }, { "Name", "kept" } });
        var tx = db.BeginTransaction();
        people.Insert(tx, new BsonDocument { { "_id", 2 }, { "Name", "rolled back" }, { "NewField", true } });

        HangGuard.Wait(Task.Run(db.Dispose), "the close of a context with an open transaction");

        var commit = Assert.Throws<ObjectDisposedException>(() => tx.Commit());
        Assert.Contains("was closed", commit.Message, StringComparison.Ordinal);
        var insert = Assert.Throws<ObjectDisposedException>(() => people.Insert(tx, new BsonDocument { { "_id", 3 } }));
        Assert.Contains("closed", insert.Message, StringComparison.Ordinal);
        tx.Dispose();

        using var reopened = DocStoreDatabase.Open(path, options);
        var again = reopened.GetCollection("people");
        Assert.NotNull(again.Get(1));
        Assert.Null(again.Get(2));
        Assert.True(reopened.CheckIntegrity().IsValid);
    }
}
