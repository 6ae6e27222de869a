using System.Diagnostics;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Fsync;

/// <summary>
/// The fastest any engine can make a commit durable on this disk: write one 8 KiB page and fsync it,
/// looped, in the same folder as the databases. A durable single insert cannot beat this; the table shows
/// it beside the durable rows so their distance from the floor is visible.
/// </summary>
public static class FsyncFloor
{
    public const int PageBytes = 8192;

    public static FsyncFloorResult Measure(string directory, TimeSpan budget)
    {
        var path = Path.Combine(directory, "fsync-floor.bin");
        var page = new byte[PageBytes];
        Random.Shared.NextBytes(page);
        var latencies = new LatencyRecorder();
        long operations = 0;
        long elapsed = 0;
        using (var file = File.OpenHandle(path, FileMode.Create, FileAccess.ReadWrite, FileShare.None, FileOptions.None))
        {
            var deadline = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds * Stopwatch.Frequency);
            do
            {
                var start = Stopwatch.GetTimestamp();
                // Appending, as a WAL does: each write extends the file, so the fsync also flushes its size.
                RandomAccess.Write(file, page, operations * PageBytes);
                RandomAccess.FlushToDisk(file);
                var ticks = Stopwatch.GetTimestamp() - start;
                latencies.Add(ticks);
                elapsed += ticks;
                operations++;
            }
            while (Stopwatch.GetTimestamp() < deadline);
        }

        File.Delete(path);
        return new FsyncFloorResult(operations * (double)Stopwatch.Frequency / elapsed, latencies.PercentileMicroseconds(50), latencies.PercentileMicroseconds(99));
    }
}
