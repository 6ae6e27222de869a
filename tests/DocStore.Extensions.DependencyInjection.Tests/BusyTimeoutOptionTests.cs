using DocStore.Data;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection.Tests;

public sealed class BusyTimeoutOptionTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-busy-").FullName;

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        Directory.Delete(_dir, recursive: true);
    }

    private static ServiceProvider FromSection(string path, params (string Key, string Value)[] keys)
    {
        var pairs = keys.Select(k => KeyValuePair.Create("DocStore:" + k.Key, (string?)k.Value)).Append(KeyValuePair.Create("DocStore:Path", (string?)path));
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(pairs).Build();
        return new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore")).BuildServiceProvider();
    }

    [Fact]
    public void A_sections_BusyTimeout_key_reaches_the_context()
    {
        using var provider = FromSection(Path.Combine(_dir, "section.db"), ("Sharing", "Shared"), ("BusyTimeout", "00:00:10"));

        var db = provider.GetRequiredService<NotesDb>();

        Assert.Equal(TimeSpan.FromSeconds(10), db.Options.BusyTimeout);
        Assert.Equal(DocStoreSharing.Shared, db.Options.Sharing);
    }

    [Fact]
    public void An_infinite_BusyTimeout_from_the_section_is_accepted()
    {
        using var provider = FromSection(Path.Combine(_dir, "infinite.db"), ("Sharing", "Shared"), ("BusyTimeout", "-00:00:00.001"));

        var db = provider.GetRequiredService<NotesDb>();

        Assert.Equal(Timeout.InfiniteTimeSpan, db.Options.BusyTimeout);
    }

    [Fact]
    public void An_assigned_DocStoreOptions_keeps_its_BusyTimeout()
    {
        var path = Path.Combine(_dir, "callback.db");
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(o =>
        {
            o.Path = path;
            o.Options = new DocStoreOptions { BusyTimeout = TimeSpan.Zero };
        }).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();

        Assert.Equal(TimeSpan.Zero, db.Options.BusyTimeout);
    }

    [Fact]
    public void BusyTimeout_left_unset_opens_with_the_engines_default()
    {
        var host = new DocStoreHostOptions { Path = Path.Combine(_dir, "unset.db") };

        Assert.Null(host.BusyTimeout);
        Assert.Equal(new DocStoreOptions().BusyTimeout, host.Options.BusyTimeout);
    }

    [Fact]
    public void A_configured_BusyTimeout_other_than_the_open_databases_conflicts_naming_it()
    {
        var path = Path.Combine(_dir, "conflict.db");
        using var connection = new DocStoreConnection($"Data Source={path};Busy Timeout=2;Pooling=False");
        connection.Open();

        using var provider = FromSection(path, ("BusyTimeout", "00:00:10"));
        var e = Assert.Throws<DatabaseLockedException>(() => provider.GetRequiredService<NotesDb>());

        Assert.Contains("BusyTimeout", e.Message);
    }

    [Fact]
    public void An_unset_BusyTimeout_does_not_conflict_with_an_open_connections()
    {
        var path = Path.Combine(_dir, "beside.db");
        using var connection = new DocStoreConnection($"Data Source={path};Busy Timeout=2;Pooling=False");
        connection.Open();

        using var provider = FromSection(path, ("Compression", "None"));
        var db = provider.GetRequiredService<NotesDb>();
        db.Notes.Insert(new Note { Id = 1, Text = "beside a connection" });

        Assert.Equal(1, db.Notes.Count());
    }

    [Fact]
    public void A_negative_BusyTimeout_from_code_fails_naming_the_property_and_value()
    {
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(o =>
        {
            o.Path = Path.Combine(_dir, "negative.db");
            o.BusyTimeout = TimeSpan.FromSeconds(-2);
        }).BuildServiceProvider();

        var e = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<NotesDb>());

        var failure = Assert.Single(e.Failures);
        Assert.Contains("'DocStoreHostOptions.BusyTimeout' is '-00:00:02'", failure);
        Assert.Contains("non-negative or infinite", failure);
        Assert.False(File.Exists(Path.Combine(_dir, "negative.db")));
    }
}
