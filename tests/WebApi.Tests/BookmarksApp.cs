using System.Diagnostics;
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
        await DeleteFolderAsync();
    }

    // With minimal hosting the app's own Run disposes the host too, on its thread, and the factory's dispose
    // can return while that one is still closing the database (whose last checkpoint may write a file): the
    // delete is tried again until that close is over. The limit only catches a hang.
    private async Task DeleteFolderAsync()
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                Directory.Delete(_dir, recursive: true);
                return;
            }
            catch (IOException) when (waited.Elapsed < TimeSpan.FromMinutes(10))
            {
                await Task.Delay(100);
            }
        }
    }
}
