using System.Globalization;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>The line `docstore backup` and `docstore compact` print about what they did.</summary>
internal static class MaintenanceReport
{
    /// <summary>A copy: "136.0 KiB, 17 pages in 0.06 s" (the database's logs are not copied, so no saving is claimed).</summary>
    public static string Copy(MaintenanceResult result) =>
        $"{StatsCommand.Bytes(result.BytesAfter)}, {Counts.Of(result.PagesAfter, "page")} in {Seconds(result)}";

    /// <summary>A compaction: "1.34 MiB -> 0.20 MiB (171 -> 26 pages, 1.14 MiB saved) in 0.05 s".</summary>
    public static string Compaction(MaintenanceResult result)
    {
        var saved = result.BytesSaved > 0 ? $", {StatsCommand.Bytes(result.BytesSaved)} saved" : "";
        return $"{StatsCommand.Bytes(result.BytesBefore)} -> {StatsCommand.Bytes(result.BytesAfter)} " +
            $"({result.PagesBefore} -> {Counts.Of(result.PagesAfter, "page")}{saved}) in {Seconds(result)}";
    }

    private static string Seconds(MaintenanceResult result) =>
        result.Duration.TotalSeconds.ToString("0.00", CultureInfo.InvariantCulture) + " s";
}
