using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;

namespace DocStore.Tests.Collections;

/// <summary>The context's integrity check reports what it finds in damaged pages and goes on, instead of stopping at the first.</summary>
public sealed class ContextIntegrityTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal };

    [Fact]
    public void Damaged_pages_of_a_collection_and_of_its_index_are_reported_not_thrown()
    {
        using var dir = new TempDirectory();
        var path = dir.File("damaged.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            var people = db.GetCollection("people", IndexDefinition.On("Age"));
            var others = db.GetCollection("others");
            for (var i = 0; i < 400; i++)
            {
                people.Insert(new BsonDocument { { "_id", i + 1 }, { "Age", i % 90 }, { "Name", new string('n', 40) + i } });
                others.Insert(new BsonDocument { { "_id", i + 1 }, { "Note", "kept" } });
            }
        }

        uint primaryLeaf, indexLeaf;
        using (var engine = StorageEngine.Open(path))
        using (var tx = engine.BeginRead())
        {
            primaryLeaf = FirstLeaf(tx, CollectionCatalog.FindCollection(tx, "people")!.PrimaryTree);
            indexLeaf = FirstLeaf(tx, CollectionCatalog.LoadIndexes(tx, "people").Single().Tree);
        }

        Flip(path, primaryLeaf);
        Flip(path, indexLeaf);

        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("people", IndexDefinition.On("Age"));
            db.GetCollection("others");
            var report = db.CheckIntegrity();
            Assert.False(report.IsValid);
            Assert.Contains(report.Problems, p => p.StartsWith($"page {primaryLeaf} ", StringComparison.Ordinal));
            Assert.Contains(report.Problems, p => p.StartsWith($"page {indexLeaf} ", StringComparison.Ordinal));
            Assert.Contains(report.Problems, p => p.StartsWith("collection 'people'", StringComparison.Ordinal) && p.Contains($"page {primaryLeaf}", StringComparison.Ordinal));
            Assert.Contains(report.Problems, p => p.StartsWith("collection 'people'", StringComparison.Ordinal) && p.Contains($"page {indexLeaf}", StringComparison.Ordinal));

            // The intact collection is checked all the same and has nothing to report.
            Assert.DoesNotContain(report.Problems, p => p.Contains("'others'", StringComparison.Ordinal));
        }
    }

    private static uint FirstLeaf(global::DocStore.Transactions.Transaction tx, string tree)
    {
        var page = tx.OpenTree(tree)!.RootPage;
        Assert.Equal(PageType.Branch, PageLayout.GetType(tx.ReadPage(page)));
        while (PageLayout.GetType(tx.ReadPage(page)) == PageType.Branch)
        {
            page = Node.Child(tx.ReadPage(page), 0);
        }

        return page;
    }

    private static void Flip(string path, uint page)
    {
        using var file = File.Open(path, FileMode.Open, FileAccess.ReadWrite);
        file.Position = (page * 1024L) + 600;
        var b = file.ReadByte();
        file.Position--;
        file.WriteByte((byte)(b ^ 0x20));
    }
}
