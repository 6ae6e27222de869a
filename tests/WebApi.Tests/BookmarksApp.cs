using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;

namespace WebApi.Tests;

/// <summary>The sample app on the in-memory test server, with its database in a fresh temporary folder.</summary>
public sealed class BookmarksApp : WebApplicationFactory<Program>
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-webapi-").FullName;

    public string DatabasePath => Path.Combine(_dir, "bookmarks.db");

    protected override void ConfigureWebHost(IWebHostBuilder builder) =>
        builder.UseSetting("DocStore:Path", DatabasePath).UseSetting("DocStore:Durability", "Normal");

    public override async ValueTask DisposeAsync()
    {
        await base.DisposeAsync();
        Directory.Delete(_dir, recursive: true);
    }
}
