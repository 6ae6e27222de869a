using System.Diagnostics;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Storage.Devices;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Benchmarks.Compare.Fsync;

/// <summary>
/// One 8 KiB write plus fsync, looped over a preallocated 1 MiB region of a file of its own (so no fsync has
/// a size change to flush), buffered or through an unbuffered (O_DIRECT) handle. It can be measured in
/// rounds, interleaved with the engines of a durable workload, so the floor a row is read against is the
/// disk's speed at the same moments (it moved by a fifth within a minute on the machine of docs/benchmarks.md).
/// </summary>
public sealed class FsyncFloorLoop : IDisposable
{
    public const int PageBytes = 8192;

    /// <summary>The pages the loop cycles over: a preallocated 1 MiB, like a WAL that is being reused.</summary>
    private const int Pages = 128;

    private readonly string _path;
    private readonly SafeFileHandle _handle;
    private readonly AlignedBuffer _page;
    private long _operations;

    private FsyncFloorLoop(string path, SafeFileHandle handle, AlignedBuffer page)
    {
        _path = path;
        _handle = handle;
        _page = page;
    }

    /// <summary>A loop over a new file in <paramref name="directory"/>; null when <paramref name="unbuffered"/> and the system has no unbuffered writes.</summary>
    public static FsyncFloorLoop? Create(string directory, bool unbuffered)
    {
        var path = Path.Combine(directory, unbuffered ? "fsync-floor-unbuffered.bin" : "fsync-floor.bin");
        var page = AlignedBuffer.Allocate(PageBytes, UnbufferedHandle.Alignment);
        Random.Shared.NextBytes(page.Span);
        using (var file = File.OpenHandle(path, FileMode.Create, FileAccess.ReadWrite, FileShare.None, FileOptions.None))
        {
            // Allocate the whole region first, so the measured fsyncs flush data only, never a size change:
            // the cheapest durable 8 KiB write this disk offers.
            for (var i = 0; i < Pages; i++)
            {
                RandomAccess.Write(file, page.Span, (long)i * PageBytes);
            }

            RandomAccess.FlushToDisk(file);
        }

        var handle = unbuffered
            ? UnbufferedHandle.TryOpen(path)
            : File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.None, FileOptions.None);
        if (handle is null)
        {
            File.Delete(path);
            return null;
        }

        return new FsyncFloorLoop(path, handle, page);
    }

    /// <summary>Writes and fsyncs pages until <paramref name="budget"/> has passed, adding each to <paramref name="totals"/>.</summary>
    public void Measure(TimeSpan budget, RoundTotals totals)
    {
        long operations = 0;
        long elapsed = 0;
        var deadline = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds * Stopwatch.Frequency);
        do
        {
            var start = Stopwatch.GetTimestamp();
            RandomAccess.Write(_handle, _page.Span, _operations++ % Pages * PageBytes);
            RandomAccess.FlushToDisk(_handle);
            var ticks = TimerOverhead.Corrected(Stopwatch.GetTimestamp() - start);
            totals.Latencies.Add(ticks);
            elapsed += ticks;
            operations++;
        }
        while (Stopwatch.GetTimestamp() < deadline);

        totals.Add(operations, elapsed, 0);
    }

    /// <summary>Throughput and latency over what <paramref name="totals"/> collected.</summary>
    public static FsyncFloorResult Result(RoundTotals totals) => new(
        totals.Operations * (double)Stopwatch.Frequency / totals.ElapsedTicks,
        totals.Latencies.PercentileMicroseconds(50),
        totals.Latencies.PercentileMicroseconds(99));

    public void Dispose()
    {
        _handle.Dispose();
        File.Delete(_path);
    }
}
