using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace DocStore.Extensions.DependencyInjection.Tests;

public sealed class OptionsBindingTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    private IConfiguration Configuration(params (string Key, string Value)[] pairs) =>
        new ConfigurationBuilder().AddInMemoryCollection(pairs.Select(p => KeyValuePair.Create(p.Key, (string?)p.Value))).Build();

    [Fact]
    public void A_section_alone_sets_its_keys_and_leaves_the_rest_at_the_defaults()
    {
        var configuration = Configuration(
            ("DocStore:Path", Path.Combine(_dir, "section.db")),
            ("DocStore:Durability", "normal"),
            ("DocStore:CacheSizePages", "512"),
            ("DocStore:WriteLockTimeout", "00:00:03"),
            ("DocStore:Compression", "brotli"),
            ("DocStore:JournalSizeLimit", "8388608"));
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore")).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();
        Assert.Equal(Path.Combine(_dir, "section.db"), db.Path);
        Assert.Equal(Durability.Normal, db.Options.Durability);
        Assert.Equal(512, db.Options.CacheSizePages);
        Assert.Equal(TimeSpan.FromSeconds(3), db.Options.WriteLockTimeout);
        Assert.Equal(ValueCompression.Brotli, db.Options.Compression);
        Assert.Equal(8L << 20, db.Options.JournalSizeLimit);
        Assert.Equal(new DocStoreOptions().AutoCheckpointFrames, db.Options.AutoCheckpointFrames);
    }

    [Fact]
    public void A_callback_alone_sets_the_path_and_options()
    {
        var path = Path.Combine(_dir, "callback.db");
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(o =>
        {
            o.Path = path;
            o.Durability = Durability.Normal;
            o.Options = new DocStoreOptions { CacheSizePages = 128 };
        }).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();
        Assert.Equal(path, db.Path);
        Assert.Equal(Durability.Normal, db.Options.Durability);
        Assert.Equal(128, db.Options.CacheSizePages);
    }

    [Fact]
    public void A_callback_after_a_section_wins_per_key_and_keeps_the_sections_other_keys()
    {
        var configuration = Configuration(
            ("DocStore:Path", Path.Combine(_dir, "both.db")),
            ("DocStore:Durability", "Normal"),
            ("DocStore:CacheSizePages", "512"),
            ("DocStore:Compression", "Brotli"));

        // Assigning a whole DocStoreOptions used to replace every key the section gave.
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore"), o =>
        {
            o.Options = new DocStoreOptions { CacheSizePages = 64 };
            o.WriteLockTimeout = TimeSpan.FromSeconds(7);
        }).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();
        Assert.Equal(Path.Combine(_dir, "both.db"), db.Path);
        Assert.Equal(64, db.Options.CacheSizePages);
        Assert.Equal(TimeSpan.FromSeconds(7), db.Options.WriteLockTimeout);
        Assert.Equal(Durability.Normal, db.Options.Durability);
        Assert.Equal(ValueCompression.Brotli, db.Options.Compression);
    }

    [Fact]
    public void The_callback_sees_the_sections_values()
    {
        var configuration = Configuration(("DocStore:Path", "relative.db"), ("DocStore:CacheSizePages", "300"));
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore"), o =>
        {
            o.Path = Path.Combine(_dir, o.Path);
            o.CacheSizePages = o.Options.CacheSizePages * 2;
        }).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();
        Assert.Equal(Path.Combine(_dir, "relative.db"), db.Path);
        Assert.Equal(600, db.Options.CacheSizePages);
    }

    [Fact]
    public void Two_context_types_in_one_provider_each_get_their_own_section()
    {
        var configuration = Configuration(
            ("Notes:Path", Path.Combine(_dir, "notes.db")),
            ("Notes:Durability", "Normal"),
            ("Archive:Path", Path.Combine(_dir, "archive.db")),
            ("Archive:CacheSizePages", "64"));
        var services = new ServiceCollection()
            .AddDocStore<NotesDb>(configuration.GetSection("Notes"))
            .AddDocStore<ArchiveDb>(configuration.GetSection("Archive"), o => o.Compression = ValueCompression.Brotli);
        using var provider = services.BuildServiceProvider();

        var notes = provider.GetRequiredService<NotesDb>();
        var archive = provider.GetRequiredService<ArchiveDb>();
        var defaults = new DocStoreOptions();
        Assert.Equal(Path.Combine(_dir, "notes.db"), notes.Path);
        Assert.Equal(Durability.Normal, notes.Options.Durability);
        Assert.Equal(defaults.CacheSizePages, notes.Options.CacheSizePages);
        Assert.Equal(defaults.Compression, notes.Options.Compression);
        Assert.Equal(Path.Combine(_dir, "archive.db"), archive.Path);
        Assert.Equal(defaults.Durability, archive.Options.Durability);
        Assert.Equal(64, archive.Options.CacheSizePages);
        Assert.Equal(ValueCompression.Brotli, archive.Options.Compression);
    }

    [Fact]
    public void Registering_a_context_type_again_keeps_the_first_registration()
    {
        var first = Path.Combine(_dir, "first.db");
        using var provider = new ServiceCollection()
            .AddDocStore<NotesDb>(o => o.Path = first)
            .AddDocStore<NotesDb>(o => o.Path = Path.Combine(_dir, "second.db"))
            .BuildServiceProvider();

        Assert.Equal(first, provider.GetRequiredService<NotesDb>().Path);
        Assert.False(File.Exists(Path.Combine(_dir, "second.db")));
    }
}
