using DocStore.Bson.Model;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace DocStore.Extensions.DependencyInjection.Tests;

/// <summary>
/// After a failed write the engine refuses every commit until it is reopened, so the health check must
/// stop reporting the database healthy. The failure is a real one: the WAL is a link to /dev/full, where
/// every write fails with "no space left on device".
/// </summary>
public sealed class FailedStorageHealthTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-full-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [LinuxFact]
    public async Task After_a_failed_write_the_health_check_is_unhealthy_with_the_failure()
    {
        var path = Path.Combine(_dir, "full.db");
        using (var created = DocStoreDatabase.Open(path))
        {
            created.GetCollection("notes").Insert(new BsonDocument { { "_id", 1 } });
        }

        File.Delete(path + "-wal");
        File.CreateSymbolicLink(path + "-wal", "/dev/full");

        await using var provider = new ServiceCollection()
            .AddLogging()
            .AddDocStore<DocStoreDatabase>(o => o.Path = path)
            .AddHealthChecks().AddDocStore<DocStoreDatabase>().Services
            .BuildServiceProvider();
        // Opening writes nothing, so it succeeds; the first write fails.
        var db = provider.GetRequiredService<DocStoreDatabase>();
        var health = provider.GetRequiredService<HealthCheckService>();
        Assert.Equal(HealthStatus.Healthy, (await health.CheckHealthAsync()).Entries["docstore"].Status);

        var write = Assert.Throws<StorageFailedException>(() => db.GetCollection("notes").Insert(new BsonDocument { { "_id", 2 } }));

        var entry = (await health.CheckHealthAsync()).Entries["docstore"];
        Assert.Equal(HealthStatus.Unhealthy, entry.Status);
        Assert.IsType<StorageFailedException>(entry.Exception);
        Assert.Contains("refuses commits", entry.Description, StringComparison.Ordinal);
        Assert.Contains(write.InnerException!.Message, entry.Description, StringComparison.Ordinal);
    }
}
