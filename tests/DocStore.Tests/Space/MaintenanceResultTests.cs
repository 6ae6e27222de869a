using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>What <see cref="DocStoreContext.Backup"/> and <see cref="DocStoreContext.Compact()"/> report they did.</summary>
public sealed class MaintenanceResultTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal };

    [Fact]
    public void Compaction_reports_the_pages_and_bytes_it_gave_back()
    {
        using var dir = new TempDirectory();
        var path = dir.File("churn.db");
        using var db = DocStoreDatabase.Open(path, Options);
        var items = Churned(db);
        var before = db.GetStatistics();

        var result = db.Compact();

        var after = db.GetStatistics();
        Assert.Equal(before.PageCount, result.PagesBefore);
        Assert.Equal(after.PageCount, result.PagesAfter);
        Assert.True(result.PagesAfter < result.PagesBefore / 2, $"pages {result.PagesBefore} -> {result.PagesAfter}");
        Assert.Equal(after.TotalFileBytes, result.BytesAfter);
        Assert.True(result.BytesBefore >= before.DatabaseFileBytes, $"{result.BytesBefore} bytes before, the file alone {before.DatabaseFileBytes}");
        Assert.Equal(result.BytesBefore - result.BytesAfter, result.BytesSaved);
        Assert.True(result.BytesSaved > 0);
        Assert.True(result.Duration > TimeSpan.Zero);
        Assert.Equal(100, items.Count());
    }

    [Fact]
    public void A_result_prints_its_sizes_pages_and_duration()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("print.db"), Options);
        Churned(db);

        var result = db.Compact();

        var inv = System.Globalization.CultureInfo.InvariantCulture;
        Assert.Equal(
            $"{result.BytesBefore.ToString("N0", inv)} bytes ({result.PagesBefore.ToString("N0", inv)} pages) to {result.BytesAfter.ToString("N0", inv)} bytes ({result.PagesAfter.ToString("N0", inv)} pages), {result.BytesSaved.ToString("N0", inv)} bytes saved, in {result.Duration.TotalMilliseconds.ToString("0", inv)} ms",
            result.ToString());
    }

    [Fact]
    public void A_dense_copy_and_a_backup_report_the_copy_they_wrote()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("source.db"), Options);
        Churned(db);
        var pages = db.GetStatistics().PageCount;

        var dense = db.Compact(dir.File("dense.db"));
        var backup = db.Backup(dir.File("backup.db"));
        var fromFile = DocStoreContext.BackupFile(dir.File("source.db"), dir.File("file.db"));

        Assert.Equal(new FileInfo(dir.File("dense.db")).Length, dense.BytesAfter);
        Assert.Equal(dense.BytesAfter / 1024, dense.PagesAfter);
        Assert.True(dense.PagesAfter < pages / 2, $"{pages} pages, the dense copy {dense.PagesAfter}");
        Assert.Equal(pages, dense.PagesBefore);

        // A backup copies every page, free ones too.
        Assert.Equal(new FileInfo(dir.File("backup.db")).Length, backup.BytesAfter);
        Assert.Equal(pages, backup.PagesBefore);
        Assert.Equal(pages, backup.PagesAfter);
        Assert.Equal(new FileInfo(dir.File("file.db")).Length, fromFile.BytesAfter);
        Assert.Equal(pages, fromFile.PagesAfter);
    }

    [Fact]
    public void An_in_memory_database_counts_its_pages_as_its_bytes()
    {
        using var dir = new TempDirectory();
        using var memory = DocStoreDatabase.OpenInMemory(Options);
        memory.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });

        var result = memory.Backup(dir.File("saved.db"));

        Assert.Equal(result.PagesBefore * 1024, result.BytesBefore);
        Assert.Equal(result.BytesBefore, result.BytesAfter);
        Assert.Equal(0, result.BytesSaved);
    }

    // 1,000 documents of which 900 are deleted: most pages end up free.
    private static BsonCollection Churned(DocStoreDatabase db)
    {
        var items = db.GetCollection("items");
        items.InsertMany(Enumerable.Range(1, 1000).Select(i => new BsonDocument { { "_id", i }, { "Body", new string('x', 300) } }));
        for (var i = 1; i <= 1000; i++)
        {
            if (i % 10 != 0)
            {
                items.Delete(i);
            }
        }

        return items;
    }
}
