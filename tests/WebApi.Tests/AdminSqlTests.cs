using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Bookmarks;

namespace WebApi.Tests;

public sealed class AdminSqlTests : IAsyncLifetime, IDisposable
{
    private readonly BookmarksApp _app = new();
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        _client = _app.CreateClient();
        Assert.Equal(HttpStatusCode.Created, (await _client.PostAsJsonAsync("/users", new NewUser("ada", "ada@example.org"))).StatusCode);
        foreach (var (url, tag) in new[] { ("https://example.org/1", "db"), ("https://example.org/2", "db"), ("https://example.org/3", "web") })
        {
            Assert.Equal(HttpStatusCode.Created, (await _client.PostAsJsonAsync("/bookmarks", new NewBookmark(url, "t", "ada", [tag]))).StatusCode);
        }
    }

    public async Task DisposeAsync() => await _app.DisposeAsync();

    public void Dispose() => _client.Dispose();

    [Fact]
    public async Task A_query_returns_rows_as_json()
    {
        var response = await _client.PostAsJsonAsync("/admin/sql", new AdminQuery("SELECT Tags[] AS tag, COUNT(*) AS n FROM Bookmarks GROUP BY Tags[] ORDER BY n DESC"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var rows = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("rows").EnumerateArray().ToList();
        Assert.Equal([2, 1], rows.Select(r => r.GetProperty("n").GetInt32()));

        var count = await _client.PostAsJsonAsync("/admin/sql", new AdminQuery("SELECT COUNT(*) AS n FROM Bookmarks WHERE Owner.Name = 'ada'"));
        Assert.Equal(3, (await count.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("rows")[0].GetProperty("n").GetInt32());
    }

    [Fact]
    public async Task Dates_show_as_iso_text_in_rows_and_in_whole_documents()
    {
        var page = await _client.GetFromJsonAsync<PageView<BookmarkView>>("/bookmarks?limit=100");
        var created = page!.Items.ToDictionary(b => b.Url, b => b.CreatedUtc);

        foreach (var sql in new[] { "SELECT Url, CreatedUtc FROM Bookmarks", "SELECT * FROM Bookmarks" })
        {
            var response = await _client.PostAsJsonAsync("/admin/sql", new AdminQuery(sql));
            var text = await response.Content.ReadAsStringAsync();
            Assert.DoesNotContain("$binary", text, StringComparison.Ordinal);
            var rows = JsonDocument.Parse(text).RootElement.GetProperty("rows").EnumerateArray().ToList();
            Assert.Equal(3, rows.Count);
            foreach (var row in rows)
            {
                // Round-trip text of a UTC DateTime: every tick, and a Z.
                var shown = row.GetProperty("CreatedUtc").GetString()!;
                Assert.EndsWith("Z", shown, StringComparison.Ordinal);
                var expected = created[row.GetProperty("Url").GetString()!];
                Assert.Equal(expected.ToString("o", System.Globalization.CultureInfo.InvariantCulture), shown);
            }
        }
    }

    [Fact]
    public async Task A_write_changes_nothing_and_a_syntax_error_is_a_400()
    {
        var delete = await _client.PostAsJsonAsync("/admin/sql", new AdminQuery("DELETE FROM Bookmarks"));
        Assert.Equal(HttpStatusCode.OK, delete.StatusCode);
        var answer = await delete.Content.ReadFromJsonAsync<JsonElement>();
        Assert.True(answer.GetProperty("rolledBack").GetBoolean());
        Assert.Equal("The statement ran in a transaction that was rolled back: nothing was written.", answer.GetProperty("message").GetString());
        var page = await _client.GetFromJsonAsync<PageView<BookmarkView>>("/bookmarks?limit=100");
        Assert.Equal(3, page!.Items.Count);

        var bad = await _client.PostAsJsonAsync("/admin/sql", new AdminQuery("SELECT FROM"));
        Assert.Equal(HttpStatusCode.BadRequest, bad.StatusCode);
        Assert.Contains("Syntax error", await bad.Content.ReadAsStringAsync());
    }
}
