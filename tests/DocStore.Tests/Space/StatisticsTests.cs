using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary><see cref="DocStoreContext.GetStatistics"/> counts what the database holds, from one snapshot.</summary>
public sealed class StatisticsTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal };

    [Fact]
    public void Counts_documents_index_entries_and_pages_of_every_collection()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("stats.db"), Options);
        var people = db.GetCollection("people", IndexDefinition.On("Age"), IndexDefinition.UniqueOn("Email"), IndexDefinition.On("Tags[]"));
        var notes = db.GetCollection("notes");
        for (var i = 1; i <= 500; i++)
        {
            people.Insert(new BsonDocument { { "_id", i }, { "Age", i % 70 }, { "Email", $"p{i}@example.org" }, { "Tags", new BsonArray { "a", "b" + (i % 3), "a" } } });
        }

        notes.Insert(new BsonDocument { { "_id", 1 }, { "Text", new string('x', 5000) } });

        var stats = db.GetStatistics();

        Assert.Equal(1024, stats.PageSize);
        Assert.Equal(500, stats["people"]!.DocumentCount);
        Assert.Equal(500, stats["people"]!.Indexes.Single(i => i.Paths.SequenceEqual(["Age"])).EntryCount);
        Assert.Equal(500, stats["people"]!.Indexes.Single(i => i.IsUnique).EntryCount);

        // A multikey index has one entry per distinct element of a document.
        Assert.Equal(1000, stats["people"]!.Indexes.Single(i => i.IsMultikey).EntryCount);
        Assert.Equal(1, stats["notes"]!.DocumentCount);
        // Four whole pages of the note's 5,000 bytes, then half a shared page, the rest in its leaf.
        Assert.Equal(4, stats["notes"]!.Documents.OverflowPages);
        Assert.Equal(1, stats["notes"]!.Documents.OverflowHalves);
        Assert.Equal(1, stats.OverflowHalvesPages);
        Assert.Null(stats["missing"]);

        // Every page is the header's, a tree's, shared by halves or free: nothing is lost in the breakdown.
        var treePages = stats.Collections.Sum(c => c.TotalPages) + stats.CatalogPages + stats.OtherTreePages;
        Assert.Equal(stats.PageCount, 1 + treePages + stats.OverflowHalvesPages + stats.FreePages);
        var documents = stats["people"]!.Documents;
        Assert.True(documents.Depth >= 2 && documents.InteriorPages >= 1);
        Assert.InRange(documents.FillFactor, 0.3, 1.0);
        Assert.True(stats.DatabaseFileBytes > 0 && stats.WalFileBytes > 0);
        Assert.Contains("people.Age", stats.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Deleting_documents_grows_the_free_list()
    {
        using var db = DocStoreDatabase.OpenInMemory(Options);
        var items = db.GetCollection("items", IndexDefinition.On("N"));
        for (var i = 1; i <= 1000; i++)
        {
            items.Insert(new BsonDocument { { "_id", i }, { "N", i }, { "Body", new string('b', 100) } });
        }

        var before = await db.GetStatisticsAsync();
        for (var i = 1; i <= 900; i++)
        {
            items.Delete(i);
        }

        var after = await db.GetStatisticsAsync();

        Assert.Equal(1000, before["items"]!.DocumentCount);
        Assert.Equal(100, after["items"]!.DocumentCount);
        Assert.Equal(100, after["items"]!.Indexes.Single().EntryCount);
        Assert.True(after.FreePages > before.FreePages + 50, $"free pages {before.FreePages} -> {after.FreePages}");
        Assert.True(after["items"]!.TotalPages < before["items"]!.TotalPages / 4);
        Assert.Equal(0, after.TotalFileBytes);
    }

    [Fact]
    public async Task Cancellation_stops_the_async_walk()
    {
        using var db = DocStoreDatabase.OpenInMemory(Options);
        db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.GetStatisticsAsync(cancelled.Token));
    }
}
