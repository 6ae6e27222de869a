using System.Diagnostics;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Engines.Postgres;
using DocStore.Benchmarks.Compare.Fsync;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Output;
using DocStore.Benchmarks.Compare.Processes;
using DocStore.Benchmarks.Compare.Runner;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare;

/// <summary>
/// <c>compare</c>: every selected workload on every selected engine, interleaved, verified, then a table on
/// the console, optionally JSON, and (for quick and full runs) the ratio chart in docs/.
/// Returns 0 on success, 1 when a verification failed, 2 on bad arguments.
/// </summary>
public static class CompareCommand
{
    public static int Run(IReadOnlyList<string> args, TextWriter output)
    {
        CompareOptions options;
        IReadOnlyList<string> engines;
        IReadOnlyList<Workload> workloads;
        try
        {
            options = CompareOptions.Parse(args);
            engines = EngineCatalog.Select(options.Engines);
            workloads = WorkloadCatalog.Select(options.Workloads);
        }
        catch (ArgumentException e)
        {
            output.WriteLine(e.Message);
            return 2;
        }

        var scale = Scale.For(options.Mode);
        workloads = [.. workloads.Where(w => w.RunsAt(scale))];
        var root = options.Directory ?? Path.Combine(Path.GetTempPath(), $"docstore-compare-{Environment.ProcessId}");
        Directory.CreateDirectory(root);
        var machine = MachineInfo.Describe();
        var started = Stopwatch.GetTimestamp();
        output.WriteLine($"compare ({options.Mode.ToString().ToLowerInvariant()}): {workloads.Count} workloads x {string.Join(", ", engines)}{(workloads.Any(w => w is PostgresWorkload) ? " (pg_* rows: " + string.Join(", ", EngineCatalog.PostgresEngines) + ")" : "")}{(workloads.Any(w => w is ProcessesWorkload) ? " (procs_* rows: " + string.Join(", ", ProcessesWorkload.Engines) + ")" : "")}; {scale.Rounds} rounds of {scale.RoundTime.TotalMilliseconds:0} ms");
        output.WriteLine($"machine: {machine}");
        output.WriteLine($"timer overhead: {TimerOverhead.Nanoseconds:0.0} ns per timed operation, subtracted from every sample; GC: {(System.Runtime.GCSettings.IsServerGC ? "server" : "workstation")}, {(System.Runtime.GCSettings.LatencyMode == System.Runtime.GCLatencyMode.Batch ? "non-concurrent" : "concurrent")}, a full collection before each round");
        try
        {
            var durable = workloads.Any(w => w.Durability == CommitDurability.Full);
            var floorBudget = scale.RoundTime * scale.Rounds / 2;
            var floor = durable ? FsyncFloor.Measure(root, floorBudget) : null;
            var unbufferedFloor = durable ? FsyncFloor.Measure(root, floorBudget, unbuffered: true) : null;
            if (floor is not null)
            {
                output.WriteLine($"fsync floor (8 KiB write + fsync): {ResultFormat.Number(floor.OpsPerSec)}/s, p50 {floor.P50Us:0} µs, p99 {floor.P99Us:0} µs");
            }

            if (unbufferedFloor is not null)
            {
                output.WriteLine($"unbuffered fsync floor (the same through O_DIRECT, as DocStore's WAL under Full): {ResultFormat.Number(unbufferedFloor.OpsPerSec)}/s, p50 {unbufferedFloor.P50Us:0} µs, p99 {unbufferedFloor.P99Us:0} µs");
            }

            var runner = new InterleavedRunner(scale, root, output);
            var records = new List<ResultRecord>();
            foreach (var workload in workloads)
            {
                records.AddRange(runner.Run(workload, workload.EnginesFor(engines)));
            }

            output.WriteLine();
            output.Write(ResultTable.Format(records, workloads, scale, runner.Floors));
            output.WriteLine($"total {Stopwatch.GetElapsedTime(started).TotalSeconds:0} s");
            var mode = options.Mode.ToString().ToLowerInvariant();
            if (options.JsonPath is not null)
            {
                ResultJson.Write(options.JsonPath, mode, machine, TimerOverhead.Nanoseconds, floor, unbufferedFloor, runner.Floors, records);
                output.WriteLine($"json: {options.JsonPath}");
            }

            // The chart in docs shows every workload: a run narrowed to some (an A/B of one row) must not replace it with a partial one.
            var svgPath = options.SvgPath ?? (options.Mode == RunMode.Smoke || options.Workloads.Count > 0 ? null : DefaultChartPath());
            if (svgPath is not null)
            {
                File.WriteAllText(svgPath, RatioChart.Render(records, $"DocStore throughput ÷ peer throughput ({mode} run; right of 1× = DocStore faster)"));
                output.WriteLine($"svg: {svgPath}");
            }

            return 0;
        }
        catch (VerificationException e)
        {
            output.WriteLine($"VERIFICATION FAILED: {e.Message}");
            return 1;
        }
        finally
        {
            BenchmarkPostgres.Stop();
            if (options.Directory is null)
            {
                Directory.Delete(root, recursive: true);
            }
        }
    }

    /// <summary>docs/benchmarks-compare.svg of the repository the harness runs from (found by walking up to DocStore.sln).</summary>
    private static string? DefaultChartPath()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "DocStore.sln")))
            {
                return Path.Combine(dir.FullName, "docs", "benchmarks-compare.svg");
            }
        }

        return null;
    }
}
