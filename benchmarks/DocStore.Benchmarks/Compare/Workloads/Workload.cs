using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// One row of the comparison: how to set up an engine for it (durability, cache, data), what one measured
/// operation is, and how to check afterwards that the engine did the work.
/// </summary>
public abstract class Workload
{
    protected Workload(string name, string unit)
    {
        Name = name;
        Unit = unit;
    }

    public string Name { get; }

    /// <summary>What throughput counts, for the table ("get", "doc", "query"...).</summary>
    public string Unit { get; }

    public virtual CommitDurability Durability => CommitDurability.Normal;

    public virtual int? CachePages => null;

    /// <summary>Items one operation handles (documents for batches and scans): throughput and allocation are per item.</summary>
    public virtual int ItemsPerOp(Scale scale) => 1;

    /// <summary>Whether an unmeasured warm-up round runs first (not for the load, which must load exactly its size).</summary>
    public virtual bool WarmsUp => true;

    /// <summary>Whether the workload runs at this scale (the 1M load only runs in full mode).</summary>
    public virtual bool RunsAt(Scale scale) => true;

    /// <summary>Whether <paramref name="engine"/> can run the workload; the runner leaves out engines that cannot (and says so).</summary>
    public virtual bool Accepts(IDocumentEngine engine) => true;

    /// <summary>The engines the row runs on, given the ones <c>--engines</c> selected (a <c>pg_*</c> row has its own).</summary>
    public virtual IReadOnlyList<string> EnginesFor(IReadOnlyList<string> selected) => selected;

    /// <summary>Loads the workload's data into <paramref name="engine"/> (not measured) and returns its run state.</summary>
    public abstract WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed);
}
