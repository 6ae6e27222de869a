using System.Net;
using System.Net.Http.Json;
using Bookmarks;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;

namespace WebApi.Tests;

/// <summary>Where the database file goes, as the sample's README says: a relative path is the content root's.</summary>
public sealed class DatabaseLocationTests
{
    [Fact]
    public async Task A_relative_path_is_taken_from_the_content_root_not_the_working_folder()
    {
        var root = Directory.CreateTempSubdirectory("docstore-webapi-root-").FullName;
        try
        {
            await using (var app = new WebApplicationFactory<Program>().WithWebHostBuilder(b =>
                b.UseContentRoot(root).UseSetting("DocStore:Path", "data/relative.db").UseSetting("DocStore:Durability", "Normal")))
            {
                Directory.CreateDirectory(Path.Combine(root, "data"));
                using var client = app.CreateClient();
                Assert.Equal(HttpStatusCode.Created, (await client.PostAsJsonAsync("/users", new NewUser("ada", "ada@example.org"))).StatusCode);
            }

            Assert.True(File.Exists(Path.Combine(root, "data", "relative.db")), "no database under the content root");
            Assert.False(File.Exists(Path.Combine(Environment.CurrentDirectory, "data", "relative.db")), "the database went to the working folder");
        }
        finally
        {
            await DeleteAsync(root);
        }
    }

    // The app's host may still be closing the database when the factory's dispose returns (see BookmarksApp).
    private static async Task DeleteAsync(string folder)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                Directory.Delete(folder, recursive: true);
                return;
            }
            catch (IOException) when (attempt < 50)
            {
                await Task.Delay(100);
            }
        }
    }
}
