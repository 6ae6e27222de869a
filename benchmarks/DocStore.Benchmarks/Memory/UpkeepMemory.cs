using System.Diagnostics;

namespace DocStore.Benchmarks.Memory;

/// <summary>
/// What one upkeep operation on the loaded database adds to the process's memory: <c>check</c>
/// (<c>CheckIntegrity</c>), <c>stats</c> (<c>GetStatistics</c>), <c>backup</c> (<c>Backup</c> into the
/// load's directory) or <c>compact</c> (<c>Compact</c> in place). Printed on standard error before and
/// after, so the parent's one-line protocol is untouched; one operation per run, since the peak working set
/// only grows.
/// </summary>
internal static class UpkeepMemory
{
    public static void Run(DocStoreContext db, string operation, string directory)
    {
        Report("before " + operation);
        var started = Stopwatch.StartNew();
        switch (operation)
        {
            case "check":
                var report = db.CheckIntegrity();
                Console.Error.WriteLine($"check: {(report.IsValid ? "valid" : report.ToString())}");
                break;
            case "stats":
                _ = db.GetStatistics();
                break;
            case "backup":
                db.Backup(Path.Combine(directory, "backup.db"), overwrite: true);
                break;
            case "compact":
                db.Compact();
                break;
            default:
                throw new ArgumentException($"DOCSTORE_LOAD_THEN: expected check, stats, backup or compact, not '{operation}'.");
        }

        Report($"after {operation} ({started.Elapsed.TotalSeconds:F1} s)");
    }

    private static void Report(string moment)
    {
        using var self = Process.GetCurrentProcess();
        Console.Error.WriteLine($"{moment}: peak working set {self.PeakWorkingSet64 >> 20} MiB, working set {self.WorkingSet64 >> 20} MiB, GC heap {GC.GetGCMemoryInfo().HeapSizeBytes >> 20} MiB");
    }
}
