using System.Buffers.Text;
using System.Text;

namespace Bookmarks;

/// <summary>
/// The page tokens the API hands out: the store's continuation with the query it continues (its filter), so
/// a token brought back with another filter is a 400 instead of a page of some other list.
/// </summary>
internal static class PageTokens
{
    /// <summary>The token for the page after this one of <paramref name="query"/>; null on the last page.</summary>
    public static string? Wrap(string query, string? continuation) =>
        continuation is null ? null : Base64Url.EncodeToString(Encoding.UTF8.GetBytes(query + "\n" + continuation));

    /// <summary>The store's continuation in <paramref name="token"/>, or the reason it cannot continue <paramref name="query"/>.</summary>
    public static (string? Continuation, string? Error) Unwrap(string query, string token)
    {
        if (!Base64Url.IsValid(token.AsSpan()))
        {
            return (null, "The page token is not one this API returned.");
        }

        var text = Encoding.UTF8.GetString(Base64Url.DecodeFromChars(token.AsSpan()));
        var split = text.IndexOf('\n', StringComparison.Ordinal);
        if (split < 0)
        {
            return (null, "The page token is not one this API returned.");
        }

        var issuedFor = text[..split];
        return issuedFor == query
            ? (text[(split + 1)..], null)
            : (null, $"The page token continues another query ({issuedFor}), not {query}; start again without 'after'.");
    }
}
