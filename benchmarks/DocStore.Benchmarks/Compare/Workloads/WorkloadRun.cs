using System.Diagnostics;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// One engine's state in one workload: its seeded random stream (the same on every engine, so every engine
/// does the same operations), what it wrote (for verification), and the measured loop.
/// </summary>
public abstract class WorkloadRun : IDisposable
{
    protected WorkloadRun(IDocumentEngine engine, int seed)
    {
        Engine = engine;
        Random = new Random(seed);
    }

    protected IDocumentEngine Engine { get; }

    protected Random Random { get; }

    /// <summary>Sets up the next operation's inputs (untimed, allocations not counted).</summary>
    protected virtual void Prepare()
    {
    }

    /// <summary>Runs one operation (timed).</summary>
    protected abstract void Execute();

    /// <summary>Checks a sample of the engine's answers against the model; throws <see cref="VerificationException"/> on a mismatch.</summary>
    public abstract void Verify();

    /// <summary>Runs operations for about <paramref name="budget"/>, adding to <paramref name="totals"/>.</summary>
    public virtual void Measure(TimeSpan budget, RoundTotals totals)
    {
        var deadline = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds * Stopwatch.Frequency);
        long operations = 0;
        long elapsed = 0;
        long allocated = 0;
        do
        {
            Prepare();
            var allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            var start = Stopwatch.GetTimestamp();
            Execute();
            var ticks = Stopwatch.GetTimestamp() - start;
            allocated += GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            elapsed += ticks;
            totals.Latencies.Add(ticks);
            operations++;
        }
        while (Stopwatch.GetTimestamp() < deadline);

        totals.Add(operations, elapsed, allocated);
    }

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    protected virtual void Dispose(bool disposing)
    {
    }
}
