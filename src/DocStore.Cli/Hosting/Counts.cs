using System.Globalization;

namespace DocStore.Cli.Hosting;

/// <summary>A count with its noun, singular for one: "1 document", "2 documents", never "document(s)".</summary>
internal static class Counts
{
    /// <summary><paramref name="count"/> followed by <paramref name="noun"/>, with <paramref name="plural"/> (default noun + "s") unless the count is 1.</summary>
    public static string Of(long count, string noun, string? plural = null) =>
        count.ToString(CultureInfo.InvariantCulture) + " " + (count == 1 ? noun : plural ?? noun + "s");
}
