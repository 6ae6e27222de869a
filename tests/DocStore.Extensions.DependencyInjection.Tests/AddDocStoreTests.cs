using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection.Tests;

public sealed class AddDocStoreTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void The_context_is_one_singleton_that_the_provider_closes()
    {
        var path = Path.Combine(_dir, "notes.db");
        var services = new ServiceCollection().AddDocStore<NotesDb>(o => o.Path = path);
        NotesDb db;
        using (var provider = services.BuildServiceProvider())
        {
            db = provider.GetRequiredService<NotesDb>();
            Assert.Same(db, provider.GetRequiredService<NotesDb>());
            db.Notes.Insert(new Note { Id = 1, Text = "kept" });
            Assert.False(db.IsDisposed);
        }

        Assert.True(db.IsDisposed);

        // Closed means the file is free again and holds the write.
        using var reopened = NotesDb.Open(path);
        Assert.Equal("kept", reopened.Notes.Get(1)?.Text);
    }

    [Fact]
    public void A_missing_path_fails_naming_the_property()
    {
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(_ => { }).BuildServiceProvider();
        var e = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<NotesDb>());
        Assert.Contains("DocStoreHostOptions.Path", e.Message);
    }

    [Fact]
    public void The_untyped_database_registers_too()
    {
        using var provider = new ServiceCollection().AddDocStore<DocStoreDatabase>(o => o.Path = DocStoreContext.InMemoryPath).BuildServiceProvider();
        var db = provider.GetRequiredService<DocStoreDatabase>();
        Assert.True(db.IsInMemory);
    }

    [Fact]
    public async Task In_a_host_the_health_check_probes_and_stopping_closes_the_database()
    {
        var path = Path.Combine(_dir, "hosted.db");
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?> { ["DocStore:Path"] = path });
        builder.Services.AddDocStore<NotesDb>(builder.Configuration.GetSection("DocStore"));
        builder.Services.AddHealthChecks().AddDocStore<NotesDb>(tags: ["db"]);
        NotesDb db;
        using (var host = builder.Build())
        {
            await host.StartAsync();
            db = host.Services.GetRequiredService<NotesDb>();
            var health = host.Services.GetRequiredService<HealthCheckService>();

            var report = await health.CheckHealthAsync();
            Assert.Equal(HealthStatus.Healthy, report.Entries["docstore"].Status);
            Assert.Contains("db", report.Entries["docstore"].Tags);

            // A closed context is what the probe exists to catch.
            await db.DisposeAsync();
            report = await health.CheckHealthAsync();
            Assert.Equal(HealthStatus.Unhealthy, report.Entries["docstore"].Status);
            await host.StopAsync();
        }

        Assert.True(db.IsDisposed);
        using var reopened = NotesDb.Open(path);
        Assert.Equal(0, reopened.Notes.Count());
    }
}
