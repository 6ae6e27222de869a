using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// One engine's state in one workload: its seeded random stream (the same on every engine, so every engine
/// does the same operations), what it wrote (for verification), and how a round is measured.
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

    /// <summary>Runs the workload for about <paramref name="budget"/>, adding what was measured to <paramref name="totals"/>.</summary>
    public abstract void Measure(TimeSpan budget, RoundTotals totals);

    /// <summary>
    /// How many documents the engine holds at the end, for a run that adds documents: such a row runs for a
    /// time, so each engine stores as many as it managed and file sizes compare per document. Null when every
    /// engine holds the same documents.
    /// </summary>
    public virtual long? Documents => null;

    /// <summary>The commits per second of a writer running beside the measured readers, for rows that have one (null otherwise).</summary>
    public virtual double? WriterOpsPerSec => null;

    /// <summary>Checks a sample of the engine's answers against the model; throws <see cref="VerificationException"/> on a mismatch.</summary>
    public abstract void Verify();

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    protected virtual void Dispose(bool disposing)
    {
    }
}
