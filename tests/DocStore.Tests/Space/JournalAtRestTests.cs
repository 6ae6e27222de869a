using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>A database whose writers have stopped ends up as its file alone, even when readers kept the first try from emptying the journal.</summary>
public sealed class JournalAtRestTests
{
    [Fact]
    public void An_idle_checkpoint_held_off_by_a_reader_tries_again_once_it_leaves()
    {
        using var dir = new TempDirectory();
        var path = dir.File("rest.db");
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { Durability = Durability.Normal });
        var items = db.GetCollection("items");
        for (var i = 1; i <= 200; i++)
        {
            items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('r', 300) } });
        }

        // A reader of the last commit's snapshot, open across the idle checkpoint a second after it.
        using (var reader = db.Engine.BeginRead())
        {
            Thread.Sleep(TimeSpan.FromSeconds(2.5));
            Assert.True(new FileInfo(path + "-wal").Length > 32, "the reader did not hold the journal");
        }

        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(15);
        while (new FileInfo(path + "-wal").Length > 32 && DateTime.UtcNow < deadline)
        {
            Thread.Sleep(50);
        }

        Assert.True(new FileInfo(path + "-wal").Length <= 32, $"the WAL is still {new FileInfo(path + "-wal").Length} bytes");
        Assert.Equal(200, items.Count());
    }
}
