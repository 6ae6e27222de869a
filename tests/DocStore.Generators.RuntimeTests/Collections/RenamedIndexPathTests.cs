using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>An index on a member renamed with <c>[Field("mail")]</c> is recorded, and kept by untyped writes, under the stored name.</summary>
public class RenamedIndexPathTests
{
    [Fact]
    public void The_catalog_records_the_stored_name_and_untyped_writes_index_it()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Invoices.Insert(new Invoice { Id = 1, Email = "typed@x.org" });
            using var tx = db.Engine.BeginRead();
            Assert.Equal(["mail"], CollectionCatalog.LoadIndexes(tx, "Invoices").Single(i => i.Definition.Name == "Email").Definition.Paths);
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            db.GetCollection("Invoices").Insert(new BsonDocument { { "Id", 2 }, { "mail", "untyped@x.org" } });
            db.Sql.Execute("INSERT INTO Invoices (Id, mail) VALUES (3, 'sql@x.org')");
            Assert.Equal(3, db.GetCollection("Invoices").Find("Email", "sql@x.org").Single()["Id"].AsInt32);
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal([2], db.Invoices.FindByEmail("untyped@x.org").Select(i => i.Id));
            Assert.Equal([3], db.Invoices.FindByEmail("sql@x.org").Select(i => i.Id));
            Assert.Equal([1], db.Invoices.FindByEmail("typed@x.org").Select(i => i.Id));
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Fact]
    public void An_index_recorded_under_the_member_name_is_rebuilt_under_the_stored_name()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Invoices.Insert(new Invoice { Id = 1, Email = "a@x.org" });
            db.Invoices.Insert(new Invoice { Id = 2, Email = "b@x.org" });

            // As earlier generators recorded it: the C# member name as the path.
            using var tx = db.Engine.BeginWrite();
            var index = CollectionCatalog.LoadIndexes(tx, "Invoices").Single(i => i.Definition.Name == "Email");
            CollectionCatalog.PutIndex(tx, "Invoices", index with { Definition = index.Definition with { Paths = ["Email"] } });
            tx.Commit();
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            using (var tx = db.Engine.BeginRead())
            {
                Assert.Equal(["mail"], CollectionCatalog.LoadIndexes(tx, "Invoices").Single(i => i.Definition.Name == "Email").Definition.Paths);
            }

            Assert.Equal([2], db.Invoices.FindByEmail("b@x.org").Select(i => i.Id));
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }
}
