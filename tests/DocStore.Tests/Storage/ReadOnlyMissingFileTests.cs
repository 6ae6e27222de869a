using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>A read-only open cannot rebuild a deleted database file from the logs beside it: it says so with <see cref="DatabaseReadOnlyException"/>.</summary>
public sealed class ReadOnlyMissingFileTests
{
    [Fact]
    public void A_deleted_file_beside_its_logs_is_a_read_only_error_naming_the_file()
    {
        using var dir = new TempDirectory();
        var path = dir.File("gone.db");
        using (var writer = DocStoreDatabase.Open(path))
        {
            writer.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        }

        File.Delete(path);
        Assert.True(File.Exists(path + "-wal"));

        var error = Assert.Throws<DatabaseReadOnlyException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true }));
        Assert.Equal(path, error.FileName);
        Assert.Equal(DocStoreErrorCode.ReadOnly, error.ErrorCode);
        Assert.True(File.Exists(path + "-wal"));
        Assert.False(File.Exists(path));
    }
}
