using System.Diagnostics;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Fsync;

/// <summary>
/// The fastest any engine can make a commit durable on this disk: write one 8 KiB page and fsync it,
/// looped over a preallocated region, in the same folder as the databases. A durable single insert
/// cannot beat this; the table shows it beside the durable rows so their distance from the floor is visible.
/// </summary>
public static class FsyncFloor
{
    public const int PageBytes = 8192;

    /// <summary>The pages the loop cycles over: a preallocated 1 MiB, like a WAL that is being reused.</summary>
    private const int Pages = 128;

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
            // Allocate the whole region first, so the measured fsyncs flush data only, never a size change:
            // the cheapest durable 8 KiB write this disk offers.
            for (var i = 0; i < Pages; i++)
            {
                RandomAccess.Write(file, page, (long)i * PageBytes);
            }

            RandomAccess.FlushToDisk(file);
            var deadline = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds * Stopwatch.Frequency);
            do
            {
                var start = Stopwatch.GetTimestamp();
                RandomAccess.Write(file, page, operations % Pages * PageBytes);
                RandomAccess.FlushToDisk(file);
                var ticks = TimerOverhead.Corrected(Stopwatch.GetTimestamp() - start);
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
