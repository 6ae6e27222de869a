using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Documents, indexes and the catalog live in the database file and survive a reopen.</summary>
public class PersistenceTests
{
    [Fact]
    public void Documents_and_every_index_survive_a_reopen()
    {
        using var temp = new TempDatabase();
        ObjectId adaId;
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            adaId = db.People.Insert(new Person { Email = "ada@example.org", Age = 36, Address = new() { City = "London" }, Tags = { "math" } });
            db.People.Insert(new Person { Email = "alan@example.org", Age = 41, Address = new() { City = "Wilmslow" }, Tags = { "math", "logic" } });
        }

        Assert.True(File.Exists(temp.Path));
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(2, db.People.Count());
            Assert.Equal(adaId, db.People.FindByEmail("ada@example.org")!.Id);
            Assert.Equal(["ada@example.org"], db.People.FindByAgeRange(30, 40).Select(p => p.Email));
            Assert.Equal(["alan@example.org"], db.People.FindByAddressCity("Wilmslow").Select(p => p.Email));
            Assert.Equal(2, db.People.CountByTags("math"));
            Assert.Equal("London", db.People.Get(adaId)!.Address.City);
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Fact]
    public void The_catalog_records_the_collection_its_field_names_and_its_indexes()
    {
        using var db = AppDb.OpenInMemory();
        db.People.Insert(new Person { Email = "ada@example.org" });
        using var tx = db.Engine.BeginRead();

        Assert.Contains("People", CollectionCatalog.CollectionNames(tx));
        var record = CollectionCatalog.FindCollection(tx, "People")!;
        Assert.NotNull(tx.OpenTree(record.PrimaryTree));
        var names = CollectionCatalog.LoadFields(tx, "People").Select(f => f.Name).ToList();
        Assert.Equal(["Id", "Email", "Age", "Address", "Tags", "Street", "City"], names);
        var indexes = CollectionCatalog.LoadIndexes(tx, "People");
        Assert.Equal(["Address.City"], indexes.Single(i => i.Definition.Name == "AddressCity").Definition.Paths);
        Assert.True(indexes.Single(i => i.Definition.Name == "Email").Definition.Unique);
        Assert.True(indexes.Single(i => i.Definition.Name == "Tags").Definition.Multikey);
        Assert.All(indexes, i => Assert.NotNull(tx.OpenTree(i.Tree)));
    }

    [Fact]
    public void New_field_names_are_committed_with_the_document_that_needs_them()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Members.Insert(new Member { Handle = "a", Extra = { ["first-key"] = 1 } });
            db.Members.Insert(new Member { Handle = "b", Extra = { ["second-key"] = 2 } });
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.True(db.Members.Fields.TryGetId("second-key", out _));
            Assert.Equal(2, db.Members.FindByHandle("b")!.Extra["second-key"]);
            Assert.Equal(1, db.Members.FindByHandle("a")!.Extra["first-key"]);
        }
    }

    [Fact]
    public void Sequence_keys_continue_after_a_reopen()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(1, db.Members.Insert(new Member { Handle = "a" }));
            Assert.Equal(2, db.Members.Insert(new Member { Handle = "b" }));
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(3, db.Members.Insert(new Member { Handle = "c" }));
        }
    }

    [Fact]
    public async Task Async_twins_write_and_read_the_same_data()
    {
        using var db = AppDb.OpenInMemory();
        var id = await db.Members.InsertAsync(new Member { Handle = "async", Score = 5 });
        var keys = await db.Members.InsertManyAsync([new Member { Handle = "m1" }, new Member { Handle = "m2" }]);
        Assert.Equal(2, keys.Count);
        Assert.True(await db.Members.UpdateAsync(new Member { Id = id, Handle = "async", Score = 6 }));
        Assert.Equal(6, (await db.Members.GetAsync(id))!.Score);
        Assert.Equal(3, await db.Members.CountAsync());
        Assert.True(await db.Members.DeleteAsync(id));
        Assert.Equal(id + 10, await db.Members.UpsertAsync(new Member { Id = id + 10, Handle = "up" }));
        Assert.Null(db.Members.Get(id));
    }
}
