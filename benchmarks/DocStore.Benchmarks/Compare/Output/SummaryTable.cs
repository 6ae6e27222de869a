using System.Globalization;
using System.Text;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// The README's short comparison: DocStore's rate divided by SQLite's and LiteDB's on a few workloads a
/// reader recognises, then the range over every workload of the run. Dependency-free, so the docs tests
/// compile this file too and rebuild the block from the JSON.
/// </summary>
public static class SummaryTable
{
    /// <summary>The rows: a reader's name for the workload, and its name in the JSON.</summary>
    public static IReadOnlyList<(string Label, string Workload)> Rows { get; } =
    [
        ("get by key, cached", "get_warm"),
        ("get by key, 16-page cache", "get_cold_16pages"),
        ("find by unique index", "find_unique_email"),
        ("insert, one durable commit each", "insert_single_durable"),
        ("insert, 100 per durable commit", "insert_batch100_durable"),
        ("range of ~1,000 by a plain index", "range_age_1000"),
        ("full scan of 10K documents", "scan_medium"),
        ("4 reader threads with 1 writer", "concurrent_4readers_1writer"),
        ("YCSB A (50% read, 50% update)", "ycsb_a"),
    ];

    private static readonly string[] Peers = ["SQLite", "LiteDB"];

    /// <summary>The block's Markdown from the run's records (engine, workload, operations per second).</summary>
    public static string Render(IReadOnlyList<(string Engine, string Workload, double OpsPerSec)> records)
    {
        double? Rate(string engine, string workload)
        {
            foreach (var record in records)
            {
                if (record.Engine == engine && record.Workload == workload)
                {
                    return record.OpsPerSec;
                }
            }

            return null;
        }

        string Cell(string peer, string workload) =>
            Rate("DocStore", workload) is { } own && Rate(peer, workload) is { } other ? ResultFormat.Ratio(own, other) : "-";

        var text = new StringBuilder();
        text.Append("| workload | ÷ SQLite | ÷ LiteDB |\n| --- | ---: | ---: |\n");
        foreach (var (label, workload) in Rows)
        {
            text.Append(CultureInfo.InvariantCulture, $"| {label} (`{workload}`) | {Cell("SQLite", workload)} | {Cell("LiteDB", workload)} |\n");
        }

        var workloads = records.Where(r => r.Engine == "DocStore").Select(r => r.Workload).ToList();
        var ranges = new List<string>();
        var ahead = workloads.Count;
        foreach (var peer in Peers)
        {
            var ratios = workloads
                .Where(w => Rate(peer, w) is not null)
                .Select(w => Rate("DocStore", w)!.Value / Rate(peer, w)!.Value)
                .ToList();
            if (ratios.Count > 0)
            {
                ranges.Add($"{Times(ratios.Min())} to {Times(ratios.Max())} {peer}");
                ahead = Math.Min(ahead, workloads.Count(w => Rate(peer, w) is not { } p || Rate("DocStore", w)!.Value > p));
            }
        }

        text.Append(CultureInfo.InvariantCulture, $"\nIn this run DocStore was ahead of both peers on {ahead} of its {workloads.Count} workloads: {string.Join(" and ", ranges)}.\n");
        return text.ToString();
    }

    private static string Times(double ratio) => ratio.ToString(ratio >= 100 ? "0" : "0.00", CultureInfo.InvariantCulture) + "×";
}
