using System.Net.Mail;

namespace Bookmarks;

/// <summary>Request checks that answer 400 with a problem details body naming each bad field.</summary>
internal static class Validation
{
    public static Dictionary<string, string[]> Check(NewUser user)
    {
        var errors = new Dictionary<string, string[]>();
        if (string.IsNullOrWhiteSpace(user.Name))
        {
            errors["name"] = ["A name is required."];
        }

        if (string.IsNullOrWhiteSpace(user.Email))
        {
            errors["email"] = ["An email address is required."];
        }
        else if (!MailAddress.TryCreate(user.Email.Trim(), out var address) || address.Address != user.Email.Trim())
        {
            errors["email"] = [$"'{user.Email}' is not a valid email address."];
        }

        return errors;
    }

    public static Dictionary<string, string[]> Check(NewBookmark bookmark)
    {
        var errors = new Dictionary<string, string[]>();
        if (!Uri.TryCreate(bookmark.Url, UriKind.Absolute, out var uri) || (uri.Scheme != "http" && uri.Scheme != "https"))
        {
            errors["url"] = ["An absolute http or https URL is required."];
        }

        if (string.IsNullOrWhiteSpace(bookmark.Owner))
        {
            errors["owner"] = ["An owner is required."];
        }

        if (bookmark.Tags is { Count: > 20 })
        {
            errors["tags"] = ["At most 20 tags."];
        }

        return errors;
    }
}
