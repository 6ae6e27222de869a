using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// <see cref="DocStoreContext.GetStatistics"/>, <see cref="DocStoreContext.CheckIntegrity"/> and
/// <see cref="DocStoreContext.Backup(string)"/> read every page once. Pages the cache does not hold are read
/// past it, so the pages an application is using stay cached, and a walk over a large file leaves no page
/// image behind per page it read.
/// </summary>
public sealed class UpkeepCacheTests
{
    private const int Documents = 3000;

    // 1 KiB pages and a 64-page cache: the database is some twenty times the cache.
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, CacheSizePages = 64, Durability = Durability.Normal };

    [Theory]
    [InlineData("statistics")]
    [InlineData("integrity check")]
    [InlineData("backup")]
    public void A_walk_over_the_database_leaves_the_page_cache_as_it_was(string operation)
    {
        using var dir = new TempDirectory();
        var path = dir.File("walk.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("items", IndexDefinition.On("Group")).InsertMany(Enumerable.Range(1, Documents).Select(Document));
        }

        // Reopened, the cache holds only what the application reads: a few documents.
        using var reopened = DocStoreDatabase.Open(path, Options);
        var items = reopened.GetCollection("items", IndexDefinition.On("Group"));
        for (var id = 1; id <= 20; id++)
        {
            Assert.Equal(Document(id), items.Get(id));
        }

        var cached = reopened.Engine.Pager.CachedPageCount;
        Assert.InRange(cached, 1, 40);

        switch (operation)
        {
            case "statistics":
                var stats = reopened.GetStatistics()["items"]!;
                Assert.Equal(Documents, stats.DocumentCount);
                Assert.Equal(Documents, stats.Indexes.Single().EntryCount);
                Assert.True(stats.TotalPages > 20 * Options.CacheSizePages / 2, $"{stats.TotalPages} pages");
                break;
            case "integrity check":
                var report = reopened.CheckIntegrity();
                Assert.True(report.IsValid, report.ToString());
                Assert.True(report.PagesChecked > 10 * Options.CacheSizePages, $"{report.PagesChecked} pages checked");
                break;
            default:
                reopened.Backup(dir.File("copy.db"));
                using (var copy = DocStoreDatabase.Open(dir.File("copy.db"), Options))
                {
                    Assert.Equal(Enumerable.Range(1, Documents).Select(Document), copy.GetCollection("items").Scan());
                }

                break;
        }

        // The walk read past the cache: it holds what it held (a header or free-list page at most besides).
        Assert.InRange(reopened.Engine.Pager.CachedPageCount, cached, cached + 4);
        for (var id = 1; id <= 20; id++)
        {
            Assert.Equal(Document(id), items.Get(id));
        }
    }

    private static BsonDocument Document(int id) => new() { { "_id", id }, { "Group", id % 10 }, { "Body", new string((char)('a' + (id % 26)), 200) } };
}
