using System.Text.Json;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Output;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare;

/// <summary>
/// <c>compare-tables [--json docs/benchmarks-compare.json] [--root .]</c>: rewrites the comparison tables of
/// docs/benchmarks.md (block <c>compare-table</c>) and README.md (block <c>compare-summary</c>) from a compare
/// run's JSON, without running anything. <c>BenchmarkTablesTests</c> fails while they disagree.
/// Returns 0 on success, 2 on a missing file or block.
/// </summary>
public static class CompareTablesCommand
{
    public static int Run(string[] args, TextWriter output)
    {
        var root = Commands.CommandArgs.Text(args, "--root") ?? ".";
        var jsonPath = Commands.CommandArgs.Text(args, "--json") ?? Path.Combine(root, "docs", "benchmarks-compare.json");
        try
        {
            var report = JsonSerializer.Deserialize(File.ReadAllText(jsonPath), CompareJsonContext.Default.CompareReport)
                ?? throw new InvalidDataException($"{jsonPath} holds no report.");
            var scale = Scale.For(Enum.Parse<RunMode>(report.Mode, ignoreCase: true));
            var names = report.Records.Select(r => r.Workload).ToHashSet(StringComparer.Ordinal);
            var workloads = WorkloadCatalog.All.Concat(WorkloadCatalog.OnRequest).Where(w => names.Contains(w.Name)).ToList();

            Rewrite(Path.Combine(root, "docs", "benchmarks.md"), "compare-table", ResultTable.Format(report.Records, workloads, scale, report.FsyncFloorByWorkload), output);
            Rewrite(Path.Combine(root, "README.md"), "compare-summary", SummaryTable.Render([.. report.Records.Select(r => (r.Engine, r.Workload, r.OpsPerSec))]), output);
            return 0;
        }
        catch (Exception e) when (e is IOException or InvalidOperationException or InvalidDataException or JsonException or ArgumentException)
        {
            output.WriteLine(e.Message);
            return 2;
        }
    }

    private static void Rewrite(string path, string block, string content, TextWriter output)
    {
        var page = File.ReadAllText(path);
        var updated = MarkedBlock.Replace(page, block, content);
        if (updated != page)
        {
            File.WriteAllText(path, updated);
        }

        output.WriteLine($"{path}: {(updated == page ? "already up to date" : "rewrote")} the block {block}");
    }
}
