using System.Diagnostics;
using System.Globalization;
using DocStore.Benchmarks.Commands;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Memory;

/// <summary>
/// <c>load-memory [--docs N] [--batch N] [--bio N] [--durability normal|full] [--engines docstore,sqlite]</c>:
/// the 1M load's memory and size, one engine per child process (a shared process would mix their heaps):
/// ~1 KiB people (bio 800) in transactions of 1,000 at Normal durability with each engine's default 32 MiB
/// page cache, then the peak working set and the final files. The options change the load, so the same
/// documents can be compared in other shapes (the compare harness's timed insert rows store as many
/// documents as each engine manages, so their file sizes are not per document).
/// Prints each engine's figures and DocStore's ratios to the others; DOCSTORE_LOAD_STATS=1 adds DocStore's
/// statistics, DOCSTORE_LOAD_TRACE=1 the heap every 100K documents, and DOCSTORE_LOAD_THEN=check (or
/// stats, backup, compact) the memory that operation then takes (<see cref="UpkeepMemory"/>; all on standard error).
/// </summary>
internal static class LoadMemoryCommand
{
    public static int Run(string[] args, TextWriter output)
    {
        var docs = CommandArgs.Int(args, "--docs", 1_000_000);
        var load = new LoadShape(
            CommandArgs.Int(args, "--batch", LoadWorkload.BatchSize),
            CommandArgs.Int(args, "--bio", LoadWorkload.BioLength),
            (CommandArgs.Text(args, "--durability") ?? "normal") == "full" ? CommitDurability.Full : CommitDurability.Normal);
        var child = CommandArgs.Text(args, "--child");
        if (child is not null)
        {
            return Load(child, docs, load, output);
        }

        var engines = (CommandArgs.Text(args, "--engines") ?? "docstore,sqlite").Split(',');
        var results = new List<(string Engine, long Peak, long Bytes, double Seconds)>();
        foreach (var engine in engines)
        {
            var line = RunChild(engine, docs, args);
            var parts = line.Split(' ');
            results.Add((engine, long.Parse(parts[0], CultureInfo.InvariantCulture), long.Parse(parts[1], CultureInfo.InvariantCulture), double.Parse(parts[2], CultureInfo.InvariantCulture)));
        }

        output.WriteLine($"{"engine",-10} {"peak working set",18} {"final files",14} {"load time",10}");
        foreach (var (engine, peak, bytes, seconds) in results)
        {
            output.WriteLine($"{engine,-10} {peak / 1048576.0,14:F1} MiB {bytes / 1048576.0,10:F1} MiB {seconds,8:F1} s");
        }

        var first = results[0];
        foreach (var other in results.Skip(1))
        {
            output.WriteLine($"{first.Engine} / {other.Engine}: working set {(double)first.Peak / other.Peak:F2}x, files {(double)first.Bytes / other.Bytes:F2}x, load time {first.Seconds / other.Seconds:F2}x");
        }

        return 0;
    }

    private static string RunChild(string engine, int docs, string[] args)
    {
        var self = Environment.ProcessPath!;
        var start = new ProcessStartInfo(self) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            start.ArgumentList.Add(typeof(LoadMemoryCommand).Assembly.Location);
        }

        string[] shape = [.. args.Where((a, i) => a is "--batch" or "--bio" or "--durability" || (i > 0 && args[i - 1] is "--batch" or "--bio" or "--durability"))];
        foreach (var arg in new[] { "load-memory", "--child", engine, "--docs", docs.ToString(CultureInfo.InvariantCulture) }.Concat(shape))
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var line = process.StandardOutput.ReadToEnd().Trim();
        process.WaitForExit();
        return process.ExitCode == 0 ? line : throw new InvalidOperationException($"load-memory: the {engine} child failed (exit {process.ExitCode}): {line}");
    }

    private static int Load(string engineName, int docs, LoadShape load, TextWriter output)
    {
        var directory = Path.Combine(Path.GetTempPath(), $"docstore-load-memory-{Environment.ProcessId}");
        Directory.CreateDirectory(directory);
        try
        {
            var started = Stopwatch.StartNew();
            long bytes;
            using (var engine = EngineCatalog.Open(engineName, new EngineConfig(directory, load.Durability)))
            {
                var batch = new Person[load.Batch];
                var trace = Environment.GetEnvironmentVariable("DOCSTORE_LOAD_TRACE") == "1";
                for (long loaded = 0; loaded < docs; loaded += batch.Length)
                {
                    for (var i = 0; i < batch.Length; i++)
                    {
                        batch[i] = PersonFactory.Create(loaded + i + 1, load.Bio);
                    }

                    engine.Insert(batch);
                    if (trace && loaded % 100_000 == 0)
                    {
                        var info = GC.GetGCMemoryInfo();
                        using var me = Process.GetCurrentProcess();
                        Console.Error.WriteLine($"{loaded}: ws {me.WorkingSet64 >> 20} MiB peak {me.PeakWorkingSet64 >> 20} heap {info.HeapSizeBytes >> 20} committed {info.TotalCommittedBytes >> 20} total-mem {GC.GetTotalMemory(false) >> 20} gen0 {GC.CollectionCount(0)} gen2 {GC.CollectionCount(2)} private {me.PrivateMemorySize64 >> 20} gens {string.Join('/', Enumerable.Range(0, 5).Select(g => info.GenerationInfo[g].SizeAfterBytes >> 20))} frag {info.FragmentedBytes >> 20}");
                    }
                }

                bytes = engine.FileBytes;
                if (Environment.GetEnvironmentVariable("DOCSTORE_LOAD_STATS") == "1" && engine is Compare.Engines.DocStoreAdapter.DocStoreEngine docStore)
                {
                    // Where DocStore's bytes went, on standard error so the parent's one-line protocol is untouched.
                    Console.Error.Write(docStore.Db.GetStatistics());
                }

                if (Environment.GetEnvironmentVariable("DOCSTORE_LOAD_THEN") is { } operation && engine is Compare.Engines.DocStoreAdapter.DocStoreEngine upkept)
                {
                    UpkeepMemory.Run(upkept.Db, operation, directory);
                }
            }

            var seconds = started.Elapsed.TotalSeconds;
            using var self = Process.GetCurrentProcess();
            self.Refresh();
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{self.PeakWorkingSet64} {bytes} {seconds:F2}"));
            return 0;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private sealed record LoadShape(int Batch, int Bio, CommitDurability Durability);
}
