using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Bookmarks;

namespace WebApi.Tests;

public sealed class BookmarksApiTests : IAsyncLifetime, IDisposable
{
    private readonly BookmarksApp _app = new();
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        _client = _app.CreateClient();
        var created = await _client.PostAsJsonAsync("/users", new NewUser("ada", "ada@example.org"));
        Assert.Equal(HttpStatusCode.Created, created.StatusCode);
    }

    public async Task DisposeAsync() => await _app.DisposeAsync();

    public void Dispose() => _client.Dispose();

    [Fact]
    public async Task A_bookmark_is_created_read_and_counted_on_its_owner()
    {
        var response = await _client.PostAsJsonAsync("/bookmarks", new NewBookmark("https://example.org/a", "A", "ada", ["db", "dotnet"]));
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var created = (await response.Content.ReadFromJsonAsync<BookmarkView>())!;

        var read = await _client.GetFromJsonAsync<BookmarkView>(response.Headers.Location!.ToString());
        Assert.Equal("https://example.org/a", read!.Url);
        Assert.Equal(["db", "dotnet"], read.Tags);
        Assert.Equal(created.Id, read.Id);
        Assert.Equal(1, (await _client.GetFromJsonAsync<User>("/users/ada"))!.BookmarkCount);

        Assert.Equal(HttpStatusCode.NoContent, (await _client.DeleteAsync($"/bookmarks/{created.Id}")).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await _client.GetAsync($"/bookmarks/{created.Id}")).StatusCode);
        Assert.Equal(0, (await _client.GetFromJsonAsync<User>("/users/ada"))!.BookmarkCount);
    }

    [Fact]
    public async Task Invalid_input_is_a_400_problem_naming_the_fields()
    {
        var response = await _client.PostAsJsonAsync("/bookmarks", new NewBookmark("not a url", "", "", null));
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType!.MediaType);
        var errors = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("errors");
        Assert.True(errors.TryGetProperty("url", out _));
        Assert.True(errors.TryGetProperty("owner", out _));
    }

    [Fact]
    public async Task An_unknown_owner_is_refused_and_nothing_is_written()
    {
        var response = await _client.PostAsJsonAsync("/bookmarks", new NewBookmark("https://example.org/x", "X", "nobody", null));
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var page = await _client.GetFromJsonAsync<PageView<BookmarkView>>("/bookmarks");
        Assert.Empty(page!.Items);
    }

    [Fact]
    public async Task Duplicates_are_409_and_leave_the_count_alone()
    {
        Assert.Equal(HttpStatusCode.Created, (await _client.PostAsJsonAsync("/bookmarks", new NewBookmark("https://example.org/dup", "1", "ada", null))).StatusCode);
        var again = await _client.PostAsJsonAsync("/bookmarks", new NewBookmark("https://example.org/dup", "2", "ada", null));
        Assert.Equal(HttpStatusCode.Conflict, again.StatusCode);
        Assert.Equal("application/problem+json", again.Content.Headers.ContentType!.MediaType);
        Assert.Equal("A bookmark with this URL exists.", await Detail(again));

        // The failed insert rolled back its transaction, so the owner's count was not raised.
        Assert.Equal(1, (await _client.GetFromJsonAsync<User>("/users/ada"))!.BookmarkCount);

        var email = await _client.PostAsJsonAsync("/users", new NewUser("ada2", "ada@example.org"));
        Assert.Equal(HttpStatusCode.Conflict, email.StatusCode);
        Assert.Equal("A user with this email exists.", await Detail(email));
        var name = await _client.PostAsJsonAsync("/users", new NewUser("ada", "other@example.org"));
        Assert.Equal(HttpStatusCode.Conflict, name.StatusCode);
        Assert.Equal("A user with this name exists.", await Detail(name));
    }

    [Fact]
    public async Task Each_email_message_says_what_the_check_found()
    {
        var missing = await _client.PostAsJsonAsync("/users", new NewUser("bob", " "));
        var invalid = await _client.PostAsJsonAsync("/users", new NewUser("bob", "bob.example.org"));

        Assert.Equal(["An email address is required."], await Errors(missing, "email"));
        Assert.Equal(["'bob.example.org' is not a valid email address."], await Errors(invalid, "email"));
    }

    [Fact]
    public async Task A_page_token_used_with_another_filter_is_a_400()
    {
        for (var i = 0; i < 3; i++)
        {
            Assert.Equal(HttpStatusCode.Created, (await _client.PostAsJsonAsync("/bookmarks", new NewBookmark($"https://example.org/t{i}", "t", "ada", ["db"]))).StatusCode);
        }

        var first = (await _client.GetFromJsonAsync<PageView<BookmarkView>>("/bookmarks?tag=db&limit=1"))!;
        var token = Uri.EscapeDataString(first.Next!);

        Assert.Equal(HttpStatusCode.OK, (await _client.GetAsync($"/bookmarks?tag=db&limit=1&after={token}")).StatusCode);
        foreach (var other in new[] { "tag=web&", "owner=ada&", "" })
        {
            var response = await _client.GetAsync($"/bookmarks?{other}limit=1&after={token}");
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            Assert.Contains("continues another query (tag=db)", await Detail(response));
        }
    }

    private static async Task<string?> Detail(HttpResponseMessage response) =>
        (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("detail").GetString();

    private static async Task<string[]> Errors(HttpResponseMessage response, string field)
    {
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var errors = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("errors");
        return [.. errors.GetProperty(field).EnumerateArray().Select(e => e.GetString() ?? "")];
    }

    [Fact]
    public async Task Pages_follow_the_continuation_through_a_tag_and_an_owner()
    {
        for (var i = 0; i < 7; i++)
        {
            var tags = i % 2 == 0 ? new List<string> { "even" } : ["odd"];
            Assert.Equal(HttpStatusCode.Created, (await _client.PostAsJsonAsync("/bookmarks", new NewBookmark($"https://example.org/{i}", $"#{i}", "ada", tags))).StatusCode);
        }

        var seen = new List<string>();
        string? next = null;
        var pages = 0;
        do
        {
            var page = (await _client.GetFromJsonAsync<PageView<BookmarkView>>($"/bookmarks?tag=even&limit=3{(next is null ? "" : "&after=" + Uri.EscapeDataString(next))}"))!;
            seen.AddRange(page.Items.Select(b => b.Url));
            next = page.Next;
            pages++;
        }
        while (next is not null);

        Assert.Equal(["https://example.org/0", "https://example.org/2", "https://example.org/4", "https://example.org/6"], seen.Order());
        Assert.Equal(2, pages);

        var byOwner = (await _client.GetFromJsonAsync<PageView<BookmarkView>>("/bookmarks?owner=ada&limit=100"))!;
        Assert.Equal(7, byOwner.Items.Count);
        Assert.Null(byOwner.Next);

        Assert.Equal(HttpStatusCode.BadRequest, (await _client.GetAsync("/bookmarks?after=%%%")).StatusCode);
    }

    [Fact]
    public async Task The_health_endpoint_reports_the_database()
    {
        var response = await _client.GetAsync("/health");
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("Healthy", await response.Content.ReadAsStringAsync());
    }
}
