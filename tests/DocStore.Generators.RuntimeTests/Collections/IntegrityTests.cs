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

    [Fact]
    public void A_unique_entry_pointing_at_another_document_is_reported_once()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 50).Select(i => new Member { Id = i, Handle = "h" + i }));
        var tree = IndexTree(db, "Handle");
        using (var tx = db.Engine.BeginWrite())
        {
            // Member 7's handle entry now names member 8, which has a handle of its own.
            var index = tx.OpenTree(tree)!;
            index.Put(Key("h7"), Key(8));
            tx.Commit();
        }

        var report = db.CheckIntegrity();
        var problem = Assert.Single(report.Problems);
        Assert.Contains("'Handle'", problem, StringComparison.Ordinal);
        Assert.Contains("\"h7\"", problem, StringComparison.Ordinal);
        Assert.Contains("points at", problem, StringComparison.Ordinal);
    }

    [Fact]
    public void Two_documents_holding_one_unique_value_are_both_named()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 50).Select(i => new Member { Id = i, Handle = "h" + i }));
        using (var tx = db.Engine.BeginWrite())
        {
            // Member 31's stored bytes become member 30's, handle included, behind the indexes' back.
            var primary = tx.OpenTree(CollectionCatalog.FindCollection(tx, "Members")!.PrimaryTree)!;
            Assert.True(primary.TryGet(Key(30), out var thirty));
            primary.Put(Key(31), thirty.ToArray());
            tx.Commit();
        }

        var report = db.CheckIntegrity();
        Assert.False(report.IsValid);
        Assert.Contains(report.Problems, p => p.Contains("\"h30\"", StringComparison.Ordinal) && p.Contains("held by documents 30 and 31", StringComparison.Ordinal));
        Assert.Contains(report.Problems, p => p.Contains("\"h31\"", StringComparison.Ordinal) && p.Contains("no document", StringComparison.Ordinal));
    }

    [Fact]
    public void A_large_consistent_collection_passes_and_one_lost_entry_among_thousands_is_found()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 5000).Select(i => new Member { Id = i, Handle = "h" + i, Score = i % 13, Tags = { "t" + (i % 7) } }));
        Assert.True(db.CheckIntegrity().IsValid);

        var tree = IndexTree(db, "Score");
        using (var tx = db.Engine.BeginWrite())
        {
            var index = tx.OpenTree(tree)!;
            var cursor = index.CreateCursor();
            Assert.True(cursor.SeekFirst());
            for (var i = 0; i < 2500; i++)
            {
                Assert.True(cursor.MoveNext());
            }

            index.Delete(cursor.Key.ToArray());
            tx.Commit();
        }

        var problem = Assert.Single(db.CheckIntegrity().Problems);
        Assert.Contains("'Score' lacks the entry", problem, StringComparison.Ordinal);
    }

    private static byte[] Key(string value)
    {
        var builder = new Metadata.IndexKeyBuilder();
        builder.Append(value);
        return builder.ToArray();
    }

    private static byte[] Key(long value)
    {
        var builder = new Metadata.IndexKeyBuilder();
        builder.Append(value);
        return builder.ToArray();
    }

    private static string IndexTree(AppDb db, string index)
    {
        using var tx = db.Engine.BeginRead();
        return CollectionCatalog.LoadIndexes(tx, "Members").Single(i => i.Definition.Name == index).Tree;
    }
}
