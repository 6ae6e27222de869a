using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Support;

namespace DocStore.Tests.Collections;

/// <summary>DropCollection and RenameCollection: what they free, keep and refuse.</summary>
public sealed class DropRenameCollectionTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("app.db");

    // Documents large enough that some live in overflow chains, and an index, so every kind of page is freed.
    private static void Load(DocStoreContext db, string name)
    {
        var things = db.GetCollection(name, IndexDefinition.On("Name"));
        for (var i = 0; i < 1500; i++)
        {
            things.Insert(new BsonDocument { { "_id", i }, { "Name", $"n{i % 97}" }, { "Pad", new string('x', i % 50 == 0 ? 20_000 : 300) } });
        }
    }

    [Fact]
    public void A_dropped_collections_pages_are_reused_when_the_same_data_is_loaded_again()
    {
        long pagesLoaded;
        using (var db = DocStoreDatabase.Open(Db))
        {
            Load(db, "things");
            db.GetCollection("kept").Insert(new BsonDocument { { "_id", 1 } });
            pagesLoaded = db.GetStatistics().PageCount;

            Assert.True(db.DropCollection("things"));

            Assert.Equal(["kept"], db.GetCollectionNames());
            Assert.True(db.GetStatistics().FreePages > pagesLoaded / 2, $"{db.GetStatistics().FreePages} free of {pagesLoaded}");
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }

        var bytesAfterDrop = new FileInfo(Db).Length;
        using (var db = DocStoreDatabase.Open(Db))
        {
            Assert.Equal(["kept"], db.GetCollectionNames());
            Load(db, "things");
            Assert.Equal(1500, db.GetCollection("things").Count());
            Assert.True(db.GetStatistics().PageCount <= pagesLoaded, $"{db.GetStatistics().PageCount} pages after reloading, {pagesLoaded} before the drop");
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }

        Assert.True(new FileInfo(Db).Length <= bytesAfterDrop, $"{new FileInfo(Db).Length} bytes after reloading, {bytesAfterDrop} after the drop");
    }

    [Fact]
    public void Dropping_an_empty_collection_works_and_a_missing_one_is_false()
    {
        using var db = DocStoreDatabase.Open(Db);
        db.GetCollection("empty");

        Assert.True(db.DropCollection("empty"));
        Assert.False(db.DropCollection("empty"));
        Assert.False(db.DropCollection("never"));

        Assert.Empty(db.GetCollectionNames());
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void An_object_opened_before_the_drop_fails_and_the_name_starts_afresh()
    {
        using var db = DocStoreDatabase.Open(Db);
        var stale = db.GetCollection("c", IndexDefinition.On("Name"));
        stale.Insert(new BsonDocument { { "_id", 1 }, { "Name", "a" } });

        db.DropCollection("c");

        var e = Assert.Throws<InvalidOperationException>(() => stale.Insert(new BsonDocument { { "_id", 2 }, { "Name", "b" } }));
        Assert.Contains("dropped or renamed", e.Message);
        var fresh = db.GetCollection("c");
        Assert.Equal(0, fresh.Count());
        Assert.Empty(fresh.Indexes);
        fresh.Insert(new BsonDocument { { "_id", 1 } });
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_collection_a_typed_model_holds_is_neither_dropped_nor_renamed()
    {
        using var db = CrashDb.Open(Db);
        db.CrashItems.Insert(new CrashItem { Id = 1, Code = "c1" });

        var drop = Assert.Throws<InvalidOperationException>(() => db.DropCollection("CrashItems"));
        Assert.Contains("typed model", drop.Message);
        var rename = Assert.Throws<InvalidOperationException>(() => db.RenameCollection("CrashItems", "Other"));
        Assert.Contains("typed model", rename.Message);

        Assert.Equal(1, db.CrashItems.FindByCode("c1")!.Id);
        Assert.Equal(["CrashItems"], db.GetCollectionNames());
    }

    [Fact]
    public async Task Rename_keeps_documents_indexes_and_the_sequence_under_the_new_name()
    {
        using (var db = DocStoreDatabase.Open(Db))
        {
            Load(db, "a");
            var stale = db.GetCollection("a");

            await db.RenameCollectionAsync("a", "b");

            Assert.Equal(["b"], db.GetCollectionNames());
            Assert.Throws<InvalidOperationException>(() => stale.Count());
            var b = db.GetCollection("b");
            Assert.Equal(1500, b.Count());
            Assert.Equal(["Name"], b.Indexes.Single().Paths);
            Assert.Equal(1500 / 97 + 1, b.Find(b.Indexes.Single().Name, "n1").Count());
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }

        using (var db = DocStoreDatabase.Open(Db))
        {
            Assert.Equal(["b"], db.GetCollectionNames());
            Assert.Equal(1500, db.GetCollection("b").Count());

            // The old name is free: a new, empty collection.
            Assert.Equal(0, db.GetCollection("a").Count());
            Assert.True(await db.DropCollectionAsync("a"));
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Fact]
    public void Rename_refuses_a_missing_source_and_a_taken_name_and_changes_nothing()
    {
        using var db = DocStoreDatabase.Open(Db);
        db.GetCollection("a").Insert(new BsonDocument { { "_id", 1 } });
        db.GetCollection("b").Insert(new BsonDocument { { "_id", 2 } });

        var missing = Assert.Throws<ArgumentException>(() => db.RenameCollection("nope", "c"));
        Assert.Contains("no collection 'nope'", missing.Message);
        var taken = Assert.Throws<ArgumentException>(() => db.RenameCollection("a", "b"));
        Assert.Contains("'b' exists", taken.Message);

        Assert.Equal(["a", "b"], db.GetCollectionNames());
        Assert.Equal(1, db.GetCollection("a").Get(1)!["_id"].AsInt32);
        Assert.Equal(2, db.GetCollection("b").Get(2)!["_id"].AsInt32);
    }
}
