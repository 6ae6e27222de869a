using System.Diagnostics;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// A run made of single-threaded operations, each timed alone: inputs are prepared untimed, then the
/// operation runs between two timestamps and two allocation counters; the timestamps' own cost
/// (<see cref="TimerOverhead"/>) comes off each sample.
/// </summary>
public abstract class OperationRun(IDocumentEngine engine, int seed) : WorkloadRun(engine, seed)
{
    /// <summary>Sets up the next operation's inputs (untimed, allocations not counted).</summary>
    protected virtual void Prepare()
    {
    }

    /// <summary>Runs one operation (timed).</summary>
    protected abstract void Execute();

    /// <summary>Runs operations until <paramref name="budget"/> has passed (at least one).</summary>
    public override void Measure(TimeSpan budget, RoundTotals totals)
    {
        var deadline = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds * Stopwatch.Frequency);
        long operations = 0;
        long elapsed = 0;
        long allocated = 0;
        do
        {
            Prepare();
            var allocatedBefore = Allocated();
            var start = Stopwatch.GetTimestamp();
            Execute();
            var ticks = TimerOverhead.Corrected(Stopwatch.GetTimestamp() - start);
            allocated += Allocated() - allocatedBefore;
            elapsed += ticks;
            totals.Latencies.Add(ticks);
            operations++;
        }
        while (Stopwatch.GetTimestamp() < deadline);

        totals.Add(operations, elapsed, allocated);
    }

    /// <summary>Bytes allocated so far: by this thread, or by the whole process for an engine whose continuations run on the thread pool (read outside the timed region either way).</summary>
    private long Allocated() => Engine.AllocatesOnOtherThreads ? GC.GetTotalAllocatedBytes(precise: true) : GC.GetAllocatedBytesForCurrentThread();
}
