using System.Globalization;

namespace DocStore.Linq.Running;

/// <summary>
/// The continuation token of a LINQ page: the position of the next row in the query's order. Positions,
/// not keys: a page after rows were inserted or deleted before it may repeat or skip rows.
/// </summary>
internal static class PageToken
{
    private const string Prefix = "linq-at-";

    public static string Encode(long position) => Prefix + position.ToString(CultureInfo.InvariantCulture);

    public static long Decode(string token)
    {
        if (token.StartsWith(Prefix, StringComparison.Ordinal)
            && long.TryParse(token.AsSpan(Prefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out var position))
        {
            return position;
        }

        throw new ArgumentException($"'{token}' is not a continuation token of a LINQ query's page (ToPage returns them).", nameof(token));
    }
}
