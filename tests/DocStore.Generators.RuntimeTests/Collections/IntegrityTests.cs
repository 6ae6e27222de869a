using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>The context's integrity check verifies indexes against documents, both ways.</summary>
public class IntegrityTests
{
    [Fact]
    public void A_consistent_database_passes()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 300).Select(i => new Member { Id = i, Handle = "h" + i, Tags = { "a", "b" } }));
        var report = db.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
    }

    [Fact]
    public void A_missing_index_entry_is_reported()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "one", Score = 5 });
        var tree = IndexTree(db, "Score");
        using (var tx = db.Engine.BeginWrite())
        {
            var index = tx.OpenTree(tree)!;
            var cursor = index.CreateCursor();
            Assert.True(cursor.SeekFirst());
            index.Delete(cursor.Key.ToArray());
            tx.Commit();
        }

        var report = db.CheckIntegrity();
        Assert.False(report.IsValid);
        Assert.Contains(report.Problems, p => p.Contains("'Score'", StringComparison.Ordinal) && p.Contains("lacks", StringComparison.Ordinal));
    }

    [Fact]
    public void An_index_entry_without_a_document_is_reported()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "one" });
        var tree = IndexTree(db, "Handle");
        using (var tx = db.Engine.BeginWrite())
        {
            var builder = new Metadata.IndexKeyBuilder();
            builder.Append("ghost");
            var pk = new Metadata.IndexKeyBuilder();
            pk.Append(99L);
            tx.OpenTree(tree)!.Put(builder.ToArray(), pk.ToArray());
            tx.Commit();
        }

        var report = db.CheckIntegrity();
        Assert.Contains(report.Problems, p => p.Contains("\"ghost\"", StringComparison.Ordinal) && p.Contains("no document", StringComparison.Ordinal));
    }

    private static string IndexTree(AppDb db, string index)
    {
        using var tx = db.Engine.BeginRead();
        return CollectionCatalog.LoadIndexes(tx, "Members").Single(i => i.Name == index).Tree;
    }
}
