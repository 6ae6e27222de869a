using System.Text.Json;
using DocStore.Benchmarks.Compare.Output;
using DocStore.Guide.Tests.Infrastructure;

namespace DocStore.Guide.Tests;

/// <summary>
/// The comparison tables of docs/benchmarks.md and README.md say what docs/benchmarks-compare.json, the
/// reference run, measured.
/// </summary>
public sealed class BenchmarkTablesTests
{
    private const string Fix = "Rewrite the tables from the JSON: dotnet run -c Release --project benchmarks/DocStore.Benchmarks -- compare-tables";

    private static readonly List<Record> Records = LoadRecords();

    [Fact]
    public void The_readme_summary_is_the_one_the_json_gives()
    {
        var readme = File.ReadAllText(Path.Combine(Repository.Root, "README.md"));
        var expected = SummaryTable.Render([.. Records.Select(r => (r.Engine, r.Workload, r.OpsPerSec))]);
        Assert.True(MarkedBlock.Read(readme, "compare-summary") == expected,
            $"README.md's compare-summary block differs from docs/benchmarks-compare.json. {Fix}\nExpected:\n{expected}");
    }

    [Fact]
    public void Every_figure_of_the_benchmarks_table_is_the_jsons()
    {
        var page = File.ReadAllText(Path.Combine(Repository.Root, "docs", "benchmarks.md"));
        var rows = MarkdownTable.Rows(MarkedBlock.Read(page, "compare-table"));
        var problems = new List<string>();
        if (rows.Count != Records.Count)
        {
            problems.Add($"the table has {rows.Count} rows, the JSON {Records.Count} records");
        }

        // Columns: workload, unit, engine, ops/s, p50, p99, alloc, file, ratio, floor. The unit and the floor
        // in the row's unit come from the workload catalogue, not from the JSON alone, and are not checked.
        foreach (var (record, cells) in Records.Zip(rows))
        {
            var docStore = Records.First(r => r.Workload == record.Workload && r.Engine == "DocStore");
            var expected = new[]
            {
                record.Workload, cells[1], record.Engine, ResultFormat.Number(record.OpsPerSec), ResultFormat.Micro(record.P50Us),
                ResultFormat.Micro(record.P99Us), ResultFormat.Allocated(record.AllocBytes), ResultFormat.Bytes(record.FileBytes),
                record == docStore ? "" : ResultFormat.Ratio(docStore.OpsPerSec, record.OpsPerSec),
            };
            var actual = cells.Take(expected.Length).Select((c, i) => i == 7 ? c.Split(" (")[0] : c).ToArray();
            if (!expected.SequenceEqual(actual))
            {
                problems.Add($"row '{string.Join(" | ", cells)}' should read '{string.Join(" | ", expected)} | …'");
            }
        }

        Assert.True(problems.Count == 0, "docs/benchmarks.md's compare-table block differs from docs/benchmarks-compare.json:\n" + string.Join('\n', problems) + "\n" + Fix);
    }

    private static List<Record> LoadRecords()
    {
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(Repository.Root, "docs", "benchmarks-compare.json")));
        return [.. json.RootElement.GetProperty("records").EnumerateArray().Select(r => new Record(
            r.GetProperty("engine").GetString()!,
            r.GetProperty("workload").GetString()!,
            r.GetProperty("ops_per_sec").GetDouble(),
            r.GetProperty("p50_us").GetDouble(),
            r.GetProperty("p99_us").GetDouble(),
            r.GetProperty("alloc_bytes_per_op").GetDouble(),
            r.GetProperty("file_bytes").GetInt64()))];
    }

    private sealed record Record(string Engine, string Workload, double OpsPerSec, double P50Us, double P99Us, double AllocBytes, long FileBytes);
}
