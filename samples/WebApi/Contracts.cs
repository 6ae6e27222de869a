namespace Bookmarks;

/// <summary>The body of POST /users.</summary>
public sealed record NewUser(string? Name, string? Email);

/// <summary>The body of POST /bookmarks.</summary>
public sealed record NewBookmark(string? Url, string? Title, string? Owner, List<string>? Tags);

/// <summary>A bookmark as the API returns it.</summary>
public sealed record BookmarkView(string Id, string Url, string Title, string Owner, IReadOnlyList<string> Tags, DateTime CreatedUtc)
{
    public static BookmarkView From(Bookmark b) => new(b.Id.ToString(), b.Url, b.Title, b.Owner.Name, b.Tags, b.CreatedUtc);
}

/// <summary>One page of results and the token for the next (null on the last page).</summary>
public sealed record PageView<T>(IReadOnlyList<T> Items, string? Next);
