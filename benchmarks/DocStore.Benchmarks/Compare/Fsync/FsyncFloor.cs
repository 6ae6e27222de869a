using System.Diagnostics;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Storage.Devices;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Benchmarks.Compare.Fsync;

/// <summary>
/// The floor for a durable commit on this disk, as the issue defines it: write one 8 KiB page and fsync it,
/// looped over a preallocated region, in the same folder as the databases; the table shows it beside the
/// durable rows so their distance from it is visible. <see cref="MeasureUnbuffered"/> runs the same loop
/// through an unbuffered (O_DIRECT) handle, the way DocStore's WAL writes under Full durability, which this
/// disk completes sooner: reported beside the first, so no row is read against the slower floor alone.
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
        try
        {
            using var file = File.OpenHandle(path, FileMode.Create, FileAccess.ReadWrite, FileShare.None, FileOptions.None);
            Preallocate(file, page);
            return Loop(file, page, budget);
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>The same loop through an unbuffered handle and an aligned buffer; null where the system offers none.</summary>
    public static FsyncFloorResult? MeasureUnbuffered(string directory, TimeSpan budget)
    {
        var path = Path.Combine(directory, "fsync-floor-unbuffered.bin");
        var page = AlignedBuffer.Allocate(PageBytes, UnbufferedHandle.Alignment);
        Random.Shared.NextBytes(page.Span);
        try
        {
            using (var file = File.OpenHandle(path, FileMode.Create, FileAccess.ReadWrite, FileShare.None, FileOptions.None))
            {
                Preallocate(file, page.Span);
            }

            using var unbuffered = UnbufferedHandle.TryOpen(path);
            return unbuffered is null ? null : Loop(unbuffered, page.Span, budget);
        }
        finally
        {
            File.Delete(path);
        }
    }

    // Allocate the whole region first, so the measured fsyncs flush data only, never a size change: the
    // cheapest durable 8 KiB write this disk offers.
    private static void Preallocate(SafeFileHandle file, ReadOnlySpan<byte> page)
    {
        for (var i = 0; i < Pages; i++)
        {
            RandomAccess.Write(file, page, (long)i * PageBytes);
        }

        RandomAccess.FlushToDisk(file);
    }

    private static FsyncFloorResult Loop(SafeFileHandle file, ReadOnlySpan<byte> page, TimeSpan budget)
    {
        var latencies = new LatencyRecorder();
        long operations = 0;
        long elapsed = 0;
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

        return new FsyncFloorResult(operations * (double)Stopwatch.Frequency / elapsed, latencies.PercentileMicroseconds(50), latencies.PercentileMicroseconds(99));
    }
}
