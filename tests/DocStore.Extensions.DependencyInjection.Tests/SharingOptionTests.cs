using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace DocStore.Extensions.DependencyInjection.Tests;

public sealed class SharingOptionTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-sharing-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void A_sections_Sharing_key_reaches_the_context()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["DocStore:Path"] = Path.Combine(_dir, "section.db"),
            ["DocStore:Sharing"] = "Shared",
        }).Build();
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore")).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();

        Assert.Equal(DocStoreSharing.Shared, db.Options.Sharing);
    }

    [Fact]
    public void An_assigned_DocStoreOptions_keeps_its_Sharing()
    {
        var path = Path.Combine(_dir, "callback.db");
        using var provider = new ServiceCollection().AddDocStore<NotesDb>(o =>
        {
            o.Path = path;
            o.Options = new DocStoreOptions { Sharing = DocStoreSharing.Shared };
        }).BuildServiceProvider();

        var db = provider.GetRequiredService<NotesDb>();

        Assert.Equal(DocStoreSharing.Shared, db.Options.Sharing);
    }

    [Fact]
    public void Sharing_left_unset_opens_exclusively()
    {
        var host = new DocStoreHostOptions { Path = Path.Combine(_dir, "unset.db") };

        Assert.Null(host.Sharing);
        Assert.Equal(DocStoreSharing.Exclusive, host.Options.Sharing);
    }
}
