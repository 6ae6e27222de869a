using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// A people workload run on PostgreSQL (a <c>pg_*</c> row): DocStore.PostgreSQL and Marten on the same
/// server in the same rounds, whatever <c>--engines</c> names (<see cref="EngineCatalog.PostgresEngines"/>).
/// </summary>
public sealed class PostgresWorkload(Workload inner) : Workload(inner.Name, inner.Unit)
{
    public override CommitDurability Durability => inner.Durability;

    public override int ItemsPerOp(Scale scale) => inner.ItemsPerOp(scale);

    public override IReadOnlyList<string> EnginesFor(IReadOnlyList<string> selected) => EngineCatalog.PostgresEngines;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed) => inner.Start(engine, scale, seed);
}
