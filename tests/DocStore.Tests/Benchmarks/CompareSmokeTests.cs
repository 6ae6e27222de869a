using System.Text.Json;
using DocStore.Benchmarks.Compare;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Tests.Support;

namespace DocStore.Tests.Benchmarks;

/// <summary>Runs <c>compare --smoke</c> in-process so the harness never rots, and checks the JSON it writes.</summary>
public sealed class CompareSmokeTests
{
    private static readonly string[] RecordFields = ["engine", "workload", "ops_per_sec", "p50_us", "p99_us", "alloc_bytes_per_op", "file_bytes"];
    private static readonly string[] CountFields = ["documents", "file_bytes_per_doc"];

    [Fact]
    public void Smoke_run_verifies_every_workload_and_writes_one_sane_record_per_engine_and_workload()
    {
        using var temp = new TempDirectory();
        var json = Path.Combine(temp.Path, "compare.json");
        var log = new StringWriter();

        var exit = CompareCommand.Run(["--smoke", "--json", json, "--dir", Path.Combine(temp.Path, "data")], log);

        Assert.True(exit == 0, log.ToString());
        using var document = JsonDocument.Parse(File.ReadAllText(json));
        Assert.Equal("smoke", document.RootElement.GetProperty("mode").GetString());
        Assert.True(document.RootElement.GetProperty("fsync_floor").GetProperty("ops_per_sec").GetDouble() > 0);
        var timerOverhead = document.RootElement.GetProperty("timer_overhead_ns").GetDouble();
        Assert.InRange(timerOverhead, 0, 10_000);

        // Every durable workload measured the floor in its own rounds too.
        var floors = document.RootElement.GetProperty("fsync_floor_by_workload");
        var durable = WorkloadCatalog.All.Where(w => w.RunsAt(Scale.For(RunMode.Smoke)) && w.Durability == CommitDurability.Full).Select(w => w.Name).ToList();
        Assert.NotEmpty(durable);
        Assert.Equal(durable.Order(), floors.EnumerateObject().Select(p => p.Name).Order());
        Assert.All(durable, name => Assert.True(floors.GetProperty(name).GetProperty("buffered").GetProperty("ops_per_sec").GetDouble() > 0, name));
        var records = document.RootElement.GetProperty("records").EnumerateArray().ToList();
        var workloads = WorkloadCatalog.All.Where(w => w.RunsAt(Scale.For(RunMode.Smoke))).Select(w => w.Name).ToList();
        var expected = (from w in workloads from e in new[] { "DocStore", "SQLite", "LiteDB" } select (e, w)).ToHashSet();
        var actual = records.Select(r => (r.GetProperty("engine").GetString()!, r.GetProperty("workload").GetString()!)).ToList();
        Assert.Equal(expected.Count, actual.Count);
        Assert.Equal(expected, actual.ToHashSet());
        Assert.DoesNotContain("load_1m_1kib", workloads);

        foreach (var record in records)
        {
            var what = record.GetRawText();
            var adds = record.GetProperty("workload").GetString() is { } name && (name.StartsWith("insert_", StringComparison.Ordinal) || name is "ycsb_d" or "ycsb_e");
            Assert.Equal(adds ? [.. RecordFields, .. CountFields] : RecordFields, record.EnumerateObject().Select(p => p.Name));
            if (adds)
            {
                // Rows that add documents say how many each engine holds, so sizes compare per document.
                var documents = record.GetProperty("documents").GetInt64();
                Assert.True(documents > 0, what);
                Assert.Equal(record.GetProperty("file_bytes").GetInt64() / (double)documents, record.GetProperty("file_bytes_per_doc").GetDouble(), 6);
            }

            var p50 = record.GetProperty("p50_us").GetDouble();
            Assert.True(record.GetProperty("ops_per_sec").GetDouble() > 0, what);
            Assert.True(p50 > 0 && p50 <= record.GetProperty("p99_us").GetDouble(), what);
            Assert.True(record.GetProperty("alloc_bytes_per_op").GetDouble() >= 0, what);
            var inMemory = record.GetProperty("workload").GetString() == "insert_single_memory";
            Assert.True(inMemory ? record.GetProperty("file_bytes").GetInt64() == 0 : record.GetProperty("file_bytes").GetInt64() > 0, what);
        }
    }

    [Fact]
    public void Unknown_engine_or_workload_is_rejected_with_the_known_names()
    {
        var log = new StringWriter();

        Assert.Equal(2, CompareCommand.Run(["--smoke", "--engines", "csharpdb"], log));
        Assert.Contains("litedb", log.ToString(), StringComparison.Ordinal);
        Assert.Contains("CSharpDB", log.ToString(), StringComparison.Ordinal);
        Assert.Equal(2, CompareCommand.Run(["--smoke", "--workloads", "nope"], log));
        Assert.Contains("get_warm", log.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Engine_and_workload_selection_keeps_catalog_order_and_accepts_prefixes()
    {
        var options = CompareOptions.Parse(["--quick", "--engines", "LiteDB,sqlite,DocStore", "--workloads", "ycsb_*", "get_warm"]);

        Assert.Equal(RunMode.Quick, options.Mode);
        Assert.Equal(["docstore", "sqlite", "litedb"], EngineCatalog.Select(options.Engines));
        Assert.Equal(["get_warm", "ycsb_a", "ycsb_b", "ycsb_c", "ycsb_d", "ycsb_e", "ycsb_f"], WorkloadCatalog.Select(options.Workloads).Select(w => w.Name));
    }
}
