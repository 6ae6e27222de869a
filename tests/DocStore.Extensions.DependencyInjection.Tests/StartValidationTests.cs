using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection.Tests;

/// <summary>A bad value fails the host's start, before any request opens the context.</summary>
public sealed class StartValidationTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    private async Task<OptionsValidationException> StartFails(Dictionary<string, string?> settings, Action<DocStoreHostOptions>? configure = null)
    {
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Configuration.AddInMemoryCollection(settings);
        builder.Services.AddDocStore<NotesDb>(builder.Configuration.GetSection("DocStore"), configure);
        using var host = builder.Build();
        return await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());
    }

    [Fact]
    public async Task Out_of_range_values_fail_the_start_naming_each_key_and_value()
    {
        var path = Path.Combine(_dir, "range.db");
        var e = await StartFails(new()
        {
            ["DocStore:Path"] = path,
            ["DocStore:CacheSizePages"] = "3",
            ["DocStore:PageSize"] = "1000",
            ["DocStore:JournalSizeLimit"] = "1024",
        });

        Assert.Equal(typeof(NotesDb).FullName, e.OptionsName);
        Assert.Equal(3, e.Failures.Count());
        Assert.Contains(e.Failures, f => f.Contains("'DocStore:CacheSizePages' is '3'", StringComparison.Ordinal));
        Assert.Contains(e.Failures, f => f.Contains("'DocStore:PageSize' is '1000'", StringComparison.Ordinal));
        Assert.Contains(e.Failures, f => f.Contains("'DocStore:JournalSizeLimit' is '1024'", StringComparison.Ordinal));
        Assert.False(File.Exists(path));
    }

    [Fact]
    public async Task A_value_that_does_not_convert_fails_the_start_naming_key_and_value()
    {
        var path = Path.Combine(_dir, "parse.db");
        var e = await StartFails(new() { ["DocStore:Path"] = path, ["DocStore:Durability"] = "Sometimes" });

        var failure = Assert.Single(e.Failures);
        Assert.Contains("DocStore:Durability", failure);
        Assert.Contains("Sometimes", failure);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public async Task An_undefined_enum_number_fails_the_start()
    {
        var e = await StartFails(new() { ["DocStore:Path"] = Path.Combine(_dir, "enum.db"), ["DocStore:Compression"] = "9" });

        Assert.Contains("'DocStore:Compression' is '9'", Assert.Single(e.Failures));
    }

    [Fact]
    public async Task A_negative_BusyTimeout_fails_the_start_naming_key_and_value()
    {
        var path = Path.Combine(_dir, "busy.db");
        var e = await StartFails(new() { ["DocStore:Path"] = path, ["DocStore:BusyTimeout"] = "-00:00:01" });

        var failure = Assert.Single(e.Failures);
        Assert.Contains("'DocStore:BusyTimeout' is '-00:00:01'", failure);
        Assert.Contains("non-negative or infinite", failure);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public async Task A_missing_path_fails_the_start_naming_the_key()
    {
        var e = await StartFails(new() { ["DocStore:Durability"] = "Normal" });

        Assert.Contains("'DocStore:Path'", Assert.Single(e.Failures));
    }

    [Fact]
    public async Task A_bad_value_from_the_callback_fails_the_start_too()
    {
        var e = await StartFails(new() { ["DocStore:Path"] = Path.Combine(_dir, "cb.db") }, o => o.AutoCheckpointFrames = -1);

        Assert.Contains("'DocStore:AutoCheckpointFrames' is '-1'", Assert.Single(e.Failures));
    }

    [Fact]
    public async Task Valid_options_start_and_the_context_is_not_opened_until_used()
    {
        var path = Path.Combine(_dir, "lazy.db");
        var builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?> { ["DocStore:Path"] = path, ["DocStore:CacheSizePages"] = "16" });
        builder.Services.AddDocStore<NotesDb>(builder.Configuration.GetSection("DocStore"));
        using var host = builder.Build();

        await host.StartAsync();
        Assert.False(File.Exists(path));
        Assert.Equal(16, host.Services.GetRequiredService<NotesDb>().Options.CacheSizePages);
        await host.StopAsync();
    }
}
