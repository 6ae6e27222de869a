using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// A <c>linq_*</c> row: one of the people queries written as LINQ (<see cref="ILinqEngine"/>), over the same
/// warm set as the other people rows. Engines without the interface sit these rows out.
/// </summary>
public sealed class LinqWorkload(string name, LinqKind kind) : Workload(name, kind == LinqKind.Email ? "find" : "query")
{
    public LinqKind Kind { get; } = kind;

    public override bool Accepts(IDocumentEngine engine) => engine is ILinqEngine;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        if (engine is not ILinqEngine linq)
        {
            throw new ArgumentException($"compare: {Name} needs an engine with LINQ queries (ILinqEngine); {engine.Name} has none.");
        }

        PeopleLoader.Load(engine, scale.WarmDocuments);
        return new LinqRun(engine, linq, seed, scale.WarmDocuments, Kind, Name);
    }
}
