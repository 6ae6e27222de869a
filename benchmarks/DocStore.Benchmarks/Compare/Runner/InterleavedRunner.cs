using System.Diagnostics;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Fsync;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare.Runner;

/// <summary>
/// Runs one workload on every engine in one process. All engines are set up first (same seed, same data),
/// then measured in alternating rounds, the engine order rotating each round, so that machine drift (other
/// processes, thermal, GC state) hits every engine alike. Afterwards each engine's answers are verified.
/// </summary>
public sealed class InterleavedRunner(Scale scale, string rootDirectory, TextWriter log)
{
    private const int Seed = 20261122;

    /// <summary>
    /// Unmeasured passes (<see cref="Scale.WarmUpTime"/> per engine each) until the runtime has compiled no
    /// method for <see cref="Scale.WarmUpQuiet"/>, or <see cref="Scale.MaxWarmUp"/> has passed. The runtime
    /// compiles a method quickly at first and again, optimized, after it has run a while, in the background:
    /// a single short warm-up measured DocStore's write path (and the managed halves of SQLite's and
    /// LiteDB's adapters) while that was still happening. Rows are meant to compare steady states.
    /// </summary>
    /// <returns>The passes run.</returns>
    private int WarmUp(List<Slot> slots)
    {
        var started = Stopwatch.GetTimestamp();
        var quietSince = started;
        var compiled = System.Runtime.JitInfo.GetCompiledMethodCount();
        for (var pass = 1; ; pass++)
        {
            foreach (var slot in slots)
            {
                slot.Run!.Measure(scale.WarmUpTime, new RoundTotals());
            }

            var now = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (now != compiled)
            {
                (compiled, quietSince) = (now, Stopwatch.GetTimestamp());
            }
            else if (Stopwatch.GetElapsedTime(quietSince) >= scale.WarmUpQuiet)
            {
                return pass;
            }

            if (Stopwatch.GetElapsedTime(started) >= scale.MaxWarmUp)
            {
                return pass;
            }
        }
    }

    /// <summary>
    /// One engine's measured round after a full blocking collection (untimed), as BenchmarkDotNet forces one
    /// before each iteration: the engines share one process, and without it a round pays for collections
    /// that the garbage of the round before it triggers. (The harness also runs with non-concurrent
    /// collections; see the project file.)
    /// </summary>
    private void Turn(WorkloadRun run, RoundTotals totals)
    {
        CollectGarbage();
        run.Measure(scale.RoundTime, totals);
    }

    /// <summary>A full blocking collection, finalizers included.</summary>
    private static void CollectGarbage()
    {
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true);
    }

    /// <summary>The fsync floors measured in the rounds of each durable workload run so far, by workload name.</summary>
    public Dictionary<string, WorkloadFloor> Floors { get; } = [];

    public IReadOnlyList<ResultRecord> Run(Workload workload, IReadOnlyList<string> engineNames)
    {
        var started = Stopwatch.GetTimestamp();
        var slots = new List<Slot>();
        var floors = new List<(FsyncFloorLoop Loop, RoundTotals Totals)>();
        try
        {
            foreach (var name in engineNames)
            {
                var directory = Path.Combine(rootDirectory, workload.Name, name);
                Directory.CreateDirectory(directory);
                var engine = EngineCatalog.Open(name, new EngineConfig(directory, workload.Durability, workload.CachePages));
                if (!workload.Accepts(engine))
                {
                    log.WriteLine($"  {workload.Name,-30} {engine.Name} left out: it does not implement this workload's queries");
                    engine.Dispose();
                    Directory.Delete(directory, recursive: true);
                    continue;
                }

                slots.Add(new Slot(engine, directory));
                slots[^1].Run = workload.Start(engine, scale, Seed);
            }

            if (workload.Durability == CommitDurability.Full)
            {
                // The floor takes its turns in the same rotation as the engines, so it sees the disk they see.
                var directory = Path.Combine(rootDirectory, workload.Name);
                foreach (var unbuffered in new[] { false, true })
                {
                    if (FsyncFloorLoop.Create(directory, unbuffered) is { } loop)
                    {
                        floors.Add((loop, new RoundTotals()));
                    }
                }
            }

            var warmUpPasses = workload.WarmsUp ? WarmUp(slots) : 0;
            var turns = slots.Select(s => (Action)(() => Turn(s.Run!, s.Totals)))
                .Concat(floors.Select(f => (Action)(() => f.Loop.Measure(scale.RoundTime, f.Totals))))
                .ToList();
            for (var round = 0; round < scale.Rounds; round++)
            {
                for (var i = 0; i < turns.Count; i++)
                {
                    turns[(i + round) % turns.Count]();
                }
            }

            if (floors.Count > 0)
            {
                Floors[workload.Name] = new WorkloadFloor(
                    FsyncFloorLoop.Result(floors[0].Totals),
                    floors.Count > 1 ? FsyncFloorLoop.Result(floors[1].Totals) : null);
            }

            var items = workload.ItemsPerOp(scale);
            var records = new List<ResultRecord>();
            foreach (var slot in slots)
            {
                slot.Run!.Verify();
                var totals = slot.Totals;
                var seconds = (double)totals.ElapsedTicks / Stopwatch.Frequency;
                records.Add(new ResultRecord(
                    slot.Engine.Name,
                    workload.Name,
                    totals.Operations * items / seconds,
                    totals.Latencies.PercentileMicroseconds(50),
                    totals.Latencies.PercentileMicroseconds(99),
                    (double)totals.AllocatedBytes / (totals.Operations * items),
                    slot.Engine.FileBytes,
                    slot.Run.Documents,
                    slot.Run.WriterOpsPerSec));
            }

            // Peak working set is per process, so it covers every engine so far; for the 1M load it bounds the engines' memory.
            using var process = Process.GetCurrentProcess();
            log.WriteLine($"  {workload.Name,-30} done in {Stopwatch.GetElapsedTime(started).TotalSeconds,5:0.0} s ({warmUpPasses} warm-up passes), verified; process peak working set {process.PeakWorkingSet64 / 1048576} MiB");
            return records;
        }
        finally
        {
            foreach (var (loop, _) in floors)
            {
                loop.Dispose();
            }

            foreach (var slot in slots)
            {
                slot.Run?.Dispose();
                slot.Engine.Dispose();
                Directory.Delete(slot.Directory, recursive: true);
            }
        }
    }

    private sealed class Slot(IDocumentEngine engine, string directory)
    {
        public IDocumentEngine Engine { get; } = engine;

        public string Directory { get; } = directory;

        public WorkloadRun? Run { get; set; }

        public RoundTotals Totals { get; } = new();
    }
}
