using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Fsync;

/// <summary>
/// The floor for a durable commit on this disk, as the issue defines it: write one 8 KiB page and fsync it,
/// looped (<see cref="FsyncFloorLoop"/>), in the same folder as the databases, measured once before the
/// workloads for the header; durable workloads also measure it in their own rounds, interleaved with the
/// engines (<see cref="WorkloadFloor"/>), and the table reads their rows against that. The unbuffered
/// variant runs the same loop through O_DIRECT, the way DocStore's WAL writes under Full durability, which
/// this disk completes sooner: reported beside the first, so no row is read against the slower floor alone.
/// </summary>
public static class FsyncFloor
{
    /// <summary>The loop run once for <paramref name="budget"/>; null when <paramref name="unbuffered"/> and the system has no unbuffered writes.</summary>
    public static FsyncFloorResult? Measure(string directory, TimeSpan budget, bool unbuffered = false)
    {
        using var loop = FsyncFloorLoop.Create(directory, unbuffered);
        if (loop is null)
        {
            return null;
        }

        var totals = new RoundTotals();
        loop.Measure(budget, totals);
        return FsyncFloorLoop.Result(totals);
    }
}
